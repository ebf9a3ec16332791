import { cva, type VariantProps } from 'class-variance-authority';
import { Label } from 'radix-ui';
import * as React from 'react';

import { ErrorIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import {
  characterCountAnnouncement,
  characterCountText,
  COUNT_ANNOUNCE_DELAY_MS,
  isOverLimit,
} from './character-count';

export { characterCountAnnouncement, characterCountText, COUNT_ANNOUNCE_DELAY_MS };

export const textareaFieldVariants = cva(
  [
    'block w-full rounded-control border bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-subtle',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1',
    'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
  ],
  {
    variants: {
      resize: {
        vertical: 'resize-y',
        none: 'resize-none',
      },
      invalid: {
        false: 'border-surface-strong focus-visible:outline-brand-600',
        true: 'border-danger-solid focus-visible:outline-danger-solid',
      },
    },
    defaultVariants: { resize: 'vertical', invalid: false },
  },
);

export type TextareaFieldProps = React.ComponentProps<'textarea'> &
  Omit<VariantProps<typeof textareaFieldVariants>, 'invalid'> & {
    /** Visible label, wired to the textarea. */
    label: React.ReactNode;
    /** Help text under the textarea; referenced by aria-describedby. */
    hint?: React.ReactNode;
    /** Error text; marks the textarea aria-invalid and is referenced by aria-describedby. */
    error?: React.ReactNode;
    /**
     * Shows the '{n} / {maxLength}' counter (default: whenever `maxLength` is set). Screen readers
     * hear the count in the description on focus, and '{n} of {max} characters' from a polite
     * live region only once typing pauses for COUNT_ANNOUNCE_DELAY_MS (1000), not per keystroke.
     */
    showCount?: boolean;
    /** Class for the wrapper (label + textarea + texts); `className` goes to the textarea. */
    fieldClassName?: string;
  };

/**
 * Labelled multi-line text with hint, error and a live character counter. Every textarea prop is
 * forwarded (`ref`, `name`, `onChange`, `onBlur`…), so react-hook-form's `register()` works; the
 * counter follows `value` when controlled and the typed text otherwise.
 */
export function TextareaField({
  label,
  hint,
  error,
  showCount,
  maxLength,
  id: idProp,
  required,
  resize,
  rows = 5,
  className,
  fieldClassName,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedByProp,
  'aria-invalid': invalidProp,
  ...props
}: TextareaFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const hasError = error != null && error !== false && error !== '';
  const countMax = showCount !== false ? maxLength : undefined;
  const withCount = countMax !== undefined;

  const [typedLength, setTypedLength] = React.useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : typedLength;
  const countText = countMax !== undefined ? characterCountText(length, countMax) : '';
  const announcement = countMax !== undefined ? characterCountAnnouncement(length, countMax) : '';
  const over = isOverLimit(length, maxLength);

  // The live region lags behind typing: it is updated once the user pauses, and is empty on mount
  // so nothing is announced before the user types.
  const [announced, setAnnounced] = React.useState('');
  const [dirty, setDirty] = React.useState(false);
  React.useEffect(() => {
    if (!withCount || !dirty) return;
    const timer = setTimeout(() => setAnnounced(announcement), COUNT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [announcement, dirty, withCount]);

  const describedBy =
    [describedByProp, hint ? hintId : null, withCount ? countId : null, hasError ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      data-slot="textarea-field"
      data-invalid={hasError || undefined}
      className={cn('flex flex-col gap-1.5', fieldClassName)}
    >
      <div className="flex items-baseline gap-0.5">
        <Label.Root
          data-slot="textarea-field-label"
          htmlFor={id}
          className="text-sm font-medium text-ink"
        >
          {label}
        </Label.Root>
        {required ? (
          <span data-slot="textarea-field-required" aria-hidden className="text-sm text-danger-fg">
            *
          </span>
        ) : null}
      </div>
      <textarea
        data-slot="textarea-field-input"
        id={id}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        aria-invalid={hasError || over || invalidProp || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setTypedLength(event.currentTarget.value.length);
          setDirty(true);
          onChange?.(event);
        }}
        className={cn(textareaFieldVariants({ resize, invalid: hasError || over }), className)}
        {...props}
      />
      {hint || withCount ? (
        <div className="flex items-start justify-between gap-3">
          {hint ? (
            <p data-slot="textarea-field-hint" id={hintId} className="text-sm text-ink-muted">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {withCount ? (
            <p
              data-slot="textarea-field-count"
              data-over={over || undefined}
              id={countId}
              className={cn(
                'shrink-0 text-sm tabular-nums',
                over ? 'font-medium text-danger-fg' : 'text-ink-muted',
              )}
            >
              {countText}
            </p>
          ) : null}
        </div>
      ) : null}
      {withCount ? (
        <span data-slot="textarea-field-count-live" aria-live="polite" className="sr-only">
          {announced}
        </span>
      ) : null}
      {hasError ? (
        <p
          data-slot="textarea-field-error"
          id={errorId}
          className="flex items-start gap-1.5 text-sm font-medium text-danger-fg"
        >
          <ErrorIcon className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
