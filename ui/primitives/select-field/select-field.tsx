import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { ChevronDownIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export const selectFieldVariants = cva(
  [
    'block w-full appearance-none rounded-control border border-surface-strong bg-surface pe-9 text-ink',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
  ],
  {
    variants: {
      size: {
        sm: 'h-8 ps-2.5 text-sm',
        md: 'h-10 ps-3 text-sm',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface SelectFieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = Omit<React.ComponentProps<'select'>, 'size' | 'children'> &
  VariantProps<typeof selectFieldVariants> & {
    /** Visible label, wired to the select. */
    label: React.ReactNode;
    options: SelectFieldOption[];
    /** A first, unselectable entry shown while nothing is chosen (value ''), e.g. 'Select option'. */
    placeholder?: string;
    /** Class of the wrapper (label + select); `className` goes to the select. */
    fieldClassName?: string;
    /** Put the label beside the select instead of above it. */
    inline?: boolean;
  };

/**
 * A labelled native select: keyboard, screen reader and mobile behaviour come from the platform.
 * Controlled with `value` / `onChange` like any select.
 */
export function SelectField({
  label,
  options,
  placeholder,
  id: idProp,
  size,
  className,
  fieldClassName,
  inline = false,
  ...props
}: SelectFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  return (
    <div
      data-slot="select-field"
      className={cn(inline ? 'flex items-center gap-2' : 'flex flex-col gap-1.5', fieldClassName)}
    >
      <label data-slot="select-field-label" htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          data-slot="select-field-select"
          className={cn(selectFieldVariants({ size }), className)}
          {...props}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </div>
  );
}
