import * as React from 'react';

/**
 * State that a caller may own (`value` + `onChange`) or leave to the widget (`defaultValue`).
 * Same contract as Radix's internal hook, which radix-ui does not export publicly.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: {
  value: T | undefined;
  defaultValue: T;
  onChange?: ((next: T) => void) | undefined;
}): [T, (next: T) => void] {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const isControlled = value !== undefined;
  const current = isControlled ? value : uncontrolled;
  const setValue = React.useCallback(
    (next: T) => {
      if (!isControlled) setUncontrolled(next);
      onChange?.(next);
    },
    [isControlled, onChange],
  );
  return [current, setValue];
}
