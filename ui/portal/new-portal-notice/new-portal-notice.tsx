import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { buttonVariants } from '../../primitives/button/button';
import { CloseIcon, ExternalLinkIcon, InfoIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';

export const newPortalNoticeVariants = cva(
  'flex w-full flex-col gap-3 rounded-card border px-4 py-3 text-sm sm:flex-row sm:items-center',
  {
    variants: {
      tone: {
        brand: 'border-brand-200 bg-brand-50 text-brand-900',
        neutral: 'border-surface-border bg-surface text-ink shadow-card',
      },
    },
    defaultVariants: { tone: 'brand' },
  },
);

export type NewPortalNoticeProps = Omit<React.ComponentProps<'section'>, 'title'> &
  VariantProps<typeof newPortalNoticeVariants> & {
    /** Address of the new portal; opens in a new tab. */
    href: string;
    title?: React.ReactNode;
    /** Optional text under the title. */
    description?: React.ReactNode;
    actionLabel?: string;
    /** E.g. an analytics event; the link still opens. */
    onActionClick?: React.MouseEventHandler<HTMLAnchorElement>;
    /** Shows a close button when given. */
    onDismiss?: () => void;
    dismissLabel?: string;
    /** Read after the action's name by screen readers. */
    newTabLabel?: string;
  };

/** The dashboard's 'Our New Portal is Live!' card with a 'Go To Portal' link. */
export function NewPortalNotice({
  href,
  title = 'Our New Portal is Live!',
  description,
  actionLabel = 'Go To Portal',
  onActionClick,
  onDismiss,
  dismissLabel = 'Dismiss',
  newTabLabel = '(opens in a new tab)',
  tone,
  className,
  ...props
}: NewPortalNoticeProps) {
  const titleId = React.useId();
  return (
    <section
      data-slot="new-portal-notice"
      aria-labelledby={titleId}
      className={cn(newPortalNoticeVariants({ tone }), className)}
      {...props}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div className="min-w-0">
          <h2 id={titleId} data-slot="new-portal-notice-title" className="font-semibold">
            {title}
          </h2>
          {description ? (
            <div data-slot="new-portal-notice-description" className="text-ink-muted">
              {description}
            </div>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <a
          data-slot="new-portal-notice-action"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onActionClick}
          className={buttonVariants({ variant: 'primary', size: 'sm' })}
        >
          {actionLabel}
          <ExternalLinkIcon className="size-4" />
          <span className="sr-only"> {newTabLabel}</span>
        </a>
        {onDismiss ? (
          <button
            type="button"
            data-slot="new-portal-notice-dismiss"
            aria-label={dismissLabel}
            onClick={onDismiss}
            className="inline-flex size-8 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
    </section>
  );
}
