import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Badge } from '../badge/badge';

export const cardVariants = cva('flex flex-col rounded-card border bg-surface shadow-card', {
  variants: {
    padding: {
      md: 'gap-5 p-6',
      sm: 'gap-3 p-4',
    },
    tone: {
      default: 'border-surface-border',
      critical: 'border-danger-border',
    },
  },
  defaultVariants: { padding: 'md', tone: 'default' },
});

export type CardProps = React.ComponentProps<'section'> & VariantProps<typeof cardVariants>;

/**
 * A settings card: a `<section>` named by its `CardTitle` (pass the title's id as
 * `aria-labelledby`, or use `titleId` on `CardTitle` and the same id here).
 */
export function Card({ className, padding, tone, ...props }: CardProps) {
  return (
    <section
      data-slot="card"
      className={cn(cardVariants({ padding, tone }), className)}
      {...props}
    />
  );
}

/**
 * Title row, the one heading pattern of every settings card: the title (and its tag, e.g.
 * 'Beta') on the start side with the card's `status` badge beside it ('Enabled', 'Okta
 * configured'), `actions` (a help link, a saving indicator) on the end side. The status stays
 * outside the heading, so the heading's name is the title alone.
 */
export function CardHeader({
  className,
  actions,
  status,
  children,
  ...props
}: React.ComponentProps<'div'> & { actions?: React.ReactNode; status?: React.ReactNode }) {
  return (
    <div
      data-slot="card-header"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
      {...props}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-col gap-1">{children}</div>
        {status ? <div data-slot="card-status">{status}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The card's heading (h2 by default); `badge` adds e.g. 'Beta' after the text. */
export function CardTitle({
  className,
  as: Tag = 'h2',
  badge,
  children,
  ...props
}: React.ComponentProps<'h2'> & { as?: 'h2' | 'h3'; badge?: React.ReactNode }) {
  return (
    <Tag
      data-slot="card-title"
      className={cn('flex items-center gap-2 text-xl font-semibold text-ink', className)}
      {...props}
    >
      {children}
      {badge ? typeof badge === 'string' ? <Badge tone="brand">{badge}</Badge> : badge : null}
    </Tag>
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('text-sm text-ink-muted', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="card-content" className={cn('flex flex-col gap-4', className)} {...props} />
  );
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex flex-wrap items-center gap-3', className)}
      {...props}
    />
  );
}
