import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { Button } from '../button/button';
import { CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export type BannerKind = 'success' | 'info' | 'warning' | 'error';

export const bannerVariants = cva(
  'flex w-full items-start gap-3 rounded-card border px-4 py-3 text-sm',
  {
    variants: {
      kind: {
        success: 'border-success-border bg-success-bg text-success-fg',
        info: 'border-info-border bg-info-bg text-info-fg',
        warning: 'border-warning-border bg-warning-bg text-warning-fg',
        error: 'border-danger-border bg-danger-bg text-danger-fg',
      },
    },
    defaultVariants: { kind: 'info' },
  },
);

export const bannerIcons: Record<
  BannerKind,
  (props: React.ComponentProps<'svg'>) => React.ReactNode
> = {
  success: CheckCircleIcon,
  info: InfoIcon,
  warning: WarningIcon,
  error: ErrorIcon,
};

export type BannerProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof bannerVariants> & {
    title?: React.ReactNode;
    /** E.g. a 'Go to Billing' link, placed after the text. */
    action?: React.ReactNode;
    /**
     * A failed read's 'Retry' (one look on every screen: docs/decisions/045, 'Retry'), placed
     * where `action` goes; ignored when `action` is given.
     */
    onRetry?: () => void;
    retryLabel?: string;
    /** Shows a close button when given. */
    onDismiss?: () => void;
    dismissLabel?: string;
  };

/**
 * Inline message. Errors are announced assertively (role="alert"); success, info and warning
 * politely (role="status").
 */
export function Banner({
  kind,
  title,
  action: actionProp,
  onRetry,
  retryLabel = 'Retry',
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
  children,
  ...props
}: BannerProps) {
  const resolvedKind: BannerKind = kind ?? 'info';
  const Icon = bannerIcons[resolvedKind];
  const action =
    actionProp ??
    (onRetry ? (
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    ) : null);
  return (
    <div
      data-slot="banner"
      data-kind={resolvedKind}
      role={resolvedKind === 'error' ? 'alert' : 'status'}
      className={cn(bannerVariants({ kind: resolvedKind }), className)}
      {...props}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          {title ? (
            <p data-slot="banner-title" className="font-semibold">
              {title}
            </p>
          ) : null}
          {children ? <div data-slot="banner-description">{children}</div> : null}
        </div>
        {action ? (
          <div data-slot="banner-action" className="shrink-0 font-medium">
            {action}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          data-slot="banner-dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
          className="-me-1 -mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-control hover:bg-surface/60"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
