import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

export const spinnerVariants = cva(
  'inline-block shrink-0 animate-spin motion-reduce:animate-none',
  {
    variants: {
      size: {
        sm: 'size-4',
        md: 'size-6',
        lg: 'size-10',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type SpinnerIconProps = React.ComponentProps<'svg'> & VariantProps<typeof spinnerVariants>;

/** The spinning ring alone, hidden from assistive technology (e.g. inside a busy button). */
export function SpinnerIcon({ size, className, ...props }: SpinnerIconProps) {
  return (
    <svg
      data-slot="spinner-icon"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden
      focusable={false}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

type SpinnerProps = React.ComponentProps<'span'> &
  VariantProps<typeof spinnerVariants> & {
    /** What is loading; read by screen readers, not shown. */
    label?: string;
  };

/** A loading indicator announced as a status ("Loading" unless told otherwise). */
export function Spinner({ size, label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center text-brand-600', className)}
      {...props}
    >
      <SpinnerIcon size={size} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
