import { cva, type VariantProps } from 'class-variance-authority';
import { Switch as SwitchPrimitive } from 'radix-ui';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { SpinnerIcon } from '../spinner/spinner';

export const switchVariants = cva(
  [
    'relative inline-flex shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
    'bg-surface-strong data-[state=checked]:bg-brand-600',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-80',
  ],
  {
    variants: {
      size: {
        sm: 'h-5 w-9',
        md: 'h-6 w-11',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** The thumb's size and travel follow the switch's size. */
export const switchThumbVariants = cva(
  [
    'pointer-events-none flex translate-x-0 items-center justify-center rounded-full bg-surface text-brand-600',
    'shadow-card transition-transform motion-reduce:transition-none',
  ],
  {
    variants: {
      size: {
        sm: 'size-4 data-[state=checked]:translate-x-4',
        md: 'size-5 data-[state=checked]:translate-x-5',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type SwitchProps = Omit<React.ComponentProps<typeof SwitchPrimitive.Root>, 'children'> &
  VariantProps<typeof switchVariants> & {
    /** Visible label, wired to the switch (clicking it toggles too). */
    label: React.ReactNode;
    /** Help text under the label; referenced by aria-describedby. */
    description?: React.ReactNode;
    /**
     * The change is being applied (e.g. fetching the webhook secret): the switch shows a spinner,
     * is aria-busy and aria-disabled and ignores clicks and keys, keeping its state. Unlike
     * `disabled` it stays focusable, so keyboard focus is not lost while the request runs.
     */
    busy?: boolean;
    /** Class of the wrapper (switch + texts); `className` goes to the switch. */
    fieldClassName?: string;
  };

/**
 * A labelled on/off switch on Radix Switch (`role="switch"`, `aria-checked`, Space/Enter toggle).
 * Controllable: `checked` / `defaultChecked` / `onCheckedChange`. A controlled switch only moves
 * when the caller changes `checked`, so a caller may ask for confirmation first.
 */
export function Switch({
  label,
  description,
  busy = false,
  disabled,
  size,
  id: idProp,
  className,
  fieldClassName,
  'aria-describedby': describedByProp,
  onClick,
  ...props
}: SwitchProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const descriptionId = `${id}-description`;
  const describedBy =
    [describedByProp, description ? descriptionId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div
      data-slot="switch-field"
      data-disabled={disabled || busy || undefined}
      className={cn('flex items-start gap-3', fieldClassName)}
    >
      <SwitchPrimitive.Root
        id={id}
        data-slot="switch"
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        aria-describedby={describedBy}
        onClick={(event) => {
          onClick?.(event);
          // Radix skips its toggle when the click is default-prevented (Space/Enter click too).
          if (busy) event.preventDefault();
        }}
        className={cn(switchVariants({ size }), className)}
        {...props}
      >
        <SwitchPrimitive.Thumb data-slot="switch-thumb" className={switchThumbVariants({ size })}>
          {busy ? <SpinnerIcon className="size-3" /> : null}
        </SwitchPrimitive.Thumb>
      </SwitchPrimitive.Root>
      <div className="flex min-w-0 flex-col gap-0.5">
        <label
          data-slot="switch-label"
          htmlFor={id}
          className={cn(
            'text-sm font-medium text-ink',
            disabled || busy ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          {label}
        </label>
        {description ? (
          <p data-slot="switch-description" id={descriptionId} className="text-sm text-ink-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
