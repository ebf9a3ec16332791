import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { SpinnerIcon } from '../spinner/spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-control font-medium whitespace-nowrap',
    'transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress',
    '[&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-ink-inverse shadow-card hover:bg-brand-700 active:bg-brand-800',
        secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100 active:bg-brand-200',
        outline:
          'border border-surface-strong bg-surface text-ink hover:bg-surface-muted active:bg-surface-sunken',
        ghost: 'text-ink hover:bg-surface-sunken active:bg-surface-border',
        danger: 'bg-danger-solid text-ink-inverse shadow-card hover:bg-danger-fg',
        link: 'text-brand-700 underline underline-offset-2 hover:text-brand-900',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (e.g. a router link) with the button's look. */
    asChild?: boolean;
    /** A request runs: shows a spinner, swaps the label for `busyLabel`, sets aria-busy and disables. */
    busy?: boolean;
    /** Label while busy, e.g. 'Loading...' for 'Lookup'. Defaults to the normal label. */
    busyLabel?: React.ReactNode;
  };

export function Button({
  variant,
  size,
  asChild = false,
  busy = false,
  busyLabel,
  disabled,
  type,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    // A slotted element (usually a link) keeps its own content; busy only marks it.
    return (
      <Slot.Root data-slot="button" aria-busy={busy || undefined} className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      data-slot="button"
      data-state={busy ? 'busy' : undefined}
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={classes}
      {...props}
    >
      {busy ? (
        <>
          <SpinnerIcon size="sm" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
