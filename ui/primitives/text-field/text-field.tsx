import { cva, type VariantProps } from 'class-variance-authority';
import { Label } from 'radix-ui';
import * as React from 'react';

import { ErrorIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export const textFieldInputVariants = cva(
  [
    'block w-full rounded-control border bg-surface text-ink placeholder:text-ink-subtle',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1',
    'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
  ],
  {
    variants: {
      size: {
        sm: 'h-8 px-2.5 text-sm',
        md: 'h-10 px-3 text-sm',
        lg: 'h-12 px-4 text-base',
      },
      invalid: {
        false: 'border-surface-strong focus-visible:outline-brand-600',
        true: 'border-danger-solid focus-visible:outline-danger-solid',
      },
    },
    defaultVariants: { size: 'md', invalid: false },
  },
);

export type TextFieldProps = Omit<React.ComponentProps<'input'>, 'size'> &
  Omit<VariantProps<typeof textFieldInputVariants>, 'invalid'> & {
    /** Visible label, wired to the input. */
    label: React.ReactNode;
    /** Help text under the input (e.g. the password rule); referenced by aria-describedby. */
    hint?: React.ReactNode;
    /** Error text; marks the input aria-invalid and is referenced by aria-describedby. */
    error?: React.ReactNode;
    /** Class for the wrapper (label + input + texts); `className` goes to the input. */
    fieldClassName?: string;
    /** Element placed inside the input's right edge (e.g. the password reveal toggle). */
    trailing?: React.ReactNode;
  };

/**
 * Labelled text input with hint and error. Every input prop is forwarded, including `ref`,
 * `name`, `onChange` and `onBlur`, so `{...register('email')}` from react-hook-form just works.
 */
export function TextField({
  label,
  hint,
  error,
  id: idProp,
  size,
  required,
  className,
  fieldClassName,
  trailing,
  'aria-describedby': describedByProp,
  'aria-invalid': invalidProp,
  ...props
}: TextFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error != null && error !== false && error !== '';
  const describedBy =
    [describedByProp, hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div
      data-slot="text-field"
      data-invalid={hasError || undefined}
      className={cn('flex flex-col gap-1.5', fieldClassName)}
    >
      {/* The asterisk sits outside <label> so the label text (and getByLabelText) is just the name;
          `required` on the input tells assistive technology. */}
      <div className="flex items-baseline gap-0.5">
        <Label.Root
          data-slot="text-field-label"
          htmlFor={id}
          className="text-sm font-medium text-ink"
        >
          {label}
        </Label.Root>
        {required ? (
          <span data-slot="text-field-required" aria-hidden className="text-sm text-danger-fg">
            *
          </span>
        ) : null}
      </div>
      <div className="relative">
        <input
          data-slot="text-field-input"
          id={id}
          required={required}
          aria-invalid={hasError || invalidProp || undefined}
          aria-describedby={describedBy}
          className={cn(
            textFieldInputVariants({ size, invalid: hasError }),
            trailing ? 'pe-11' : undefined,
            className,
          )}
          {...props}
        />
        {trailing ? (
          <div
            data-slot="text-field-trailing"
            className="absolute inset-y-0 end-0 flex items-center pe-1"
          >
            {trailing}
          </div>
        ) : null}
      </div>
      {hint ? (
        <p data-slot="text-field-hint" id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p
          data-slot="text-field-error"
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
