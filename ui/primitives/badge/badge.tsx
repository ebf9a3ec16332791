import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

/**
 * The one badge of the portal: a status or a tag as a pill ('Active', 'Invite pending',
 * 'Delivered', 'Beta'). Every tone is a token pair that meets AA in both themes
 * (tailwind.config.ts). Severity keeps its own palette (ui/portal/severity-badge).
 */
export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        neutral: 'border-surface-border bg-surface-muted text-ink-muted',
        brand: 'border-brand-200 bg-brand-50 text-brand-700',
        success: 'border-success-border bg-success-bg text-success-fg',
        info: 'border-info-border bg-info-bg text-info-fg',
        warning: 'border-warning-border bg-warning-bg text-warning-fg',
        danger: 'border-danger-border bg-danger-bg text-danger-fg',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** A dot before the text (a live status rather than a tag). */
    dot?: boolean;
  };

export function Badge({ tone, dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-tone={tone ?? 'neutral'}
      className={cn(badgeVariants({ tone }), className)}
      {...props}
    >
      {dot ? <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}
