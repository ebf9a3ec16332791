import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { QUARANTINED_LABEL } from '@domain/quarantine';

import { cn } from '../../lib/cn';

/**
 * A member quarantined by conditional access (docs/decisions/053-policies-and-reminders.md): the
 * 'Quarantined' pill in the critical colours, and the reason. `inline` (the dashboard's fixed-height
 * rows) keeps the reason in the pill's title and for screen readers; `stacked` (the Members page)
 * shows it under the pill.
 */
export const quarantineBadgeVariants = cva('min-w-0', {
  variants: {
    layout: {
      inline: 'inline-flex shrink-0 items-center',
      stacked: 'flex flex-col items-start gap-0.5',
    },
  },
  defaultVariants: { layout: 'stacked' },
});

const PILL =
  'inline-flex items-center gap-1.5 rounded-full border border-severity-critical/40 bg-severity-critical-bg px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-severity-critical';

export type QuarantineBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof quarantineBadgeVariants> & {
    /** Why the member is quarantined, as the server words it. */
    reason: string;
  };

export function QuarantineBadge({ reason, layout, className, ...props }: QuarantineBadgeProps) {
  const inline = (layout ?? 'stacked') === 'inline';
  return (
    <span
      data-slot="quarantine-badge"
      className={cn(quarantineBadgeVariants({ layout }), className)}
      {...props}
    >
      <span className={PILL} title={inline ? reason : undefined}>
        <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-current" />
        {QUARANTINED_LABEL}
        {inline ? <span className="sr-only">: {reason}</span> : null}
      </span>
      {inline ? null : (
        <span
          data-slot="quarantine-reason"
          className="text-xs leading-snug break-words text-ink-muted"
        >
          {reason}
        </span>
      )}
    </span>
  );
}
