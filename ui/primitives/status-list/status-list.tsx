import type * as React from 'react';

import { cn } from '../../lib/cn';
import { Badge } from '../badge/badge';

export type StatusTone = 'success' | 'warning' | 'neutral';

export type StatusListItem = {
  id: string;
  /** Main line, e.g. the person's name. */
  primary: React.ReactNode;
  /** Second line, e.g. the e-mail. */
  secondary?: React.ReactNode;
  /** Extra detail, e.g. a threat hunter's access code. */
  detail?: React.ReactNode;
  status?: { label: React.ReactNode; tone: StatusTone };
  /** E.g. a 'Resend' button or the text 'Invite was sent 2 hours ago'. */
  action?: React.ReactNode;
};

export type StatusListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  items: StatusListItem[];
  /** Shown instead of the list when there are no items. */
  emptyText?: React.ReactNode;
  /** Names the list (and the scroll region when `maxHeight` is set). */
  'aria-label': string;
  /** Limits the height (e.g. '50vh'); the list scrolls and can be scrolled by keyboard. */
  maxHeight?: string | number;
};

/** Badge for a row's status (the one Badge primitive); exported for tables that show the same states. */
export function StatusBadge({
  tone,
  ...props
}: Omit<React.ComponentProps<'span'>, 'color'> & { tone?: StatusTone }) {
  return <Badge data-slot="status-badge" tone={tone ?? 'neutral'} {...props} />;
}

/**
 * People with a status and an optional action per row: administrators ('Invite pending' +
 * 'Resend') and provisioned threat hunter users. With `maxHeight` the list scrolls inside a
 * focusable region, so keyboard users can scroll it too.
 */
export function StatusList({
  items,
  emptyText = 'Nothing to show.',
  'aria-label': ariaLabel,
  maxHeight,
  className,
  style,
  ...props
}: StatusListProps) {
  const scrolls = maxHeight !== undefined;
  return (
    <div
      data-slot="status-list"
      data-empty={items.length === 0 || undefined}
      className={cn(
        'rounded-card border border-surface-border bg-surface',
        scrolls &&
          'overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
      style={scrolls ? { maxHeight, ...style } : style}
      {...(scrolls && items.length > 0
        ? { role: 'region', 'aria-label': ariaLabel, tabIndex: 0 }
        : {})}
      {...props}
    >
      {items.length === 0 ? (
        <p data-slot="status-list-empty" className="px-4 py-6 text-center text-sm text-ink-muted">
          {emptyText}
        </p>
      ) : (
        <ul
          aria-label={ariaLabel}
          data-slot="status-list-list"
          className="divide-y divide-surface-border"
        >
          {items.map((item) => (
            <li
              key={item.id}
              data-slot="status-list-item"
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span
                  data-slot="status-list-primary"
                  className="text-sm font-medium break-words text-ink"
                >
                  {item.primary}
                </span>
                {item.secondary ? (
                  <span
                    data-slot="status-list-secondary"
                    className="text-sm break-all text-ink-muted"
                  >
                    {item.secondary}
                  </span>
                ) : null}
              </div>
              {item.detail ? (
                <div data-slot="status-list-detail" className="text-sm break-all text-ink sm:w-40">
                  {item.detail}
                </div>
              ) : null}
              {item.status || item.action ? (
                <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                  {item.status ? (
                    <StatusBadge data-slot="status-list-status" tone={item.status.tone}>
                      {item.status.label}
                    </StatusBadge>
                  ) : null}
                  {item.action ? (
                    <div data-slot="status-list-action" className="text-sm text-ink-muted">
                      {item.action}
                    </div>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
