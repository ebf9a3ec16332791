import { Tooltip } from 'radix-ui';
import * as React from 'react';

import { AUDIT_OUTCOME_LABELS, type AuditActorType, type AuditOutcome } from '@domain/audit';

import { cn } from '../../lib/cn';
import { Badge } from '../../primitives/badge/badge';
import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { ChevronRightIcon } from '../../primitives/icons/icons';
import { Spinner } from '../../primitives/spinner/spinner';
import {
  changeRows,
  factRows,
  formatChangeValue,
  formatExactTime,
  formatRelativeTime,
  isBeforeAfter,
} from './audit-format';

export type { AuditActorType };

/** One event as the list shows it (the audit call's shape, without the portal's schemas). */
export interface AuditLogEvent {
  id: string;
  /** When it happened, by the server's clock (ISO 8601). */
  time: string;
  actor: { type: AuditActorType; id: string; display: string };
  /** Dotted name from the catalogue, e.g. 'alert.closed'; `formatAction` gives its label. */
  action: string;
  /** `id` is null for a call over several things ('3 devices'). */
  target?: { type: string; id: string | null; display: string } | null;
  outcome: AuditOutcome;
  /** The catalogued message of a failure. */
  message?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  /** A setting's `{ before, after }`, or the facts of a call (`{ codes: […] }`). */
  changes?: Record<string, unknown> | null;
}

/** The actor kinds other than a person, named under the actor's display name. */
export const ACTOR_TYPE_LABELS: Readonly<Record<AuditActorType, string>> = {
  user: 'Administrator',
  api_key: 'API key',
  scim: 'SCIM',
  system: 'System',
  device: 'Device',
};

/** 'Success' / 'Failure' as a badge. */
export function OutcomeBadge({
  outcome,
  className,
  ...props
}: React.ComponentProps<'span'> & { outcome: AuditLogEvent['outcome'] }) {
  return (
    <Badge
      data-slot="audit-outcome"
      data-state={outcome}
      tone={outcome === 'failure' ? 'danger' : 'success'}
      className={className}
      {...props}
    >
      {AUDIT_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

/**
 * The relative time ('2 hours ago'), with the exact time in a tooltip on hover and keyboard
 * focus; screen readers hear both at once.
 */
export function EventTime({
  time,
  now,
  formatExact = formatExactTime,
}: {
  time: string;
  now: Date;
  formatExact?: (iso: string) => string;
}) {
  const exact = formatExact(time);
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <time
          dateTime={time}
          // Focusable so the exact time is reachable without a mouse.
          tabIndex={0}
          data-slot="audit-time"
          className="rounded-sm whitespace-nowrap underline decoration-surface-strong decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <bdi aria-hidden>{formatRelativeTime(time, now)}</bdi>
          <span className="sr-only">{exact}</span>
        </time>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          data-slot="audit-time-exact"
          sideOffset={4}
          className="z-50 rounded-control bg-ink px-2 py-1 text-xs text-ink-inverse shadow-toast"
        >
          {exact}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export type AuditEventListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Newest first; undefined while loading. */
  events: readonly AuditLogEvent[] | undefined;
  /** The page could not be read: the message, with a 'Retry' button (onRetry). */
  loadError?: string;
  onRetry?: () => void;
  /** A filter is on: an empty page says nothing matches and offers 'Clear filters'. */
  filtered?: boolean;
  onClearFilters?: () => void;
  /** The action's label ('Alert closed') from the catalogue; the dotted name by default. */
  formatAction?: (action: string) => string;
  /** The target kind's label ('Alert'); the wire name by default. */
  formatTargetType?: (type: string) => string;
  /** 'Now' for the relative times (the story clock, a test's fixed time). */
  now?: Date;
  formatExact?: (iso: string) => string;
  /** Rows shown open (controlled) and the callback when one opens or closes. */
  expanded?: readonly string[];
  defaultExpanded?: readonly string[];
  onExpandedChange?: (ids: string[]) => void;
  /** A new page is loading while the previous rows stay (busy, with a spinner above them). */
  refreshing?: boolean;
  texts?: Partial<typeof DEFAULT_TEXTS>;
};

const DEFAULT_TEXTS = {
  loading: 'Loading activity',
  empty: 'No activity yet. Administrators’ changes and sign-ins appear here as they happen.',
  noMatch: 'No events match these filters.',
  clearFilters: 'Clear filters',
  retry: 'Retry',
  caption: 'Activity, newest first',
};

/** The before → after table of an event's `changes`. */
function ChangesTable({ changes }: { changes: AuditLogEvent['changes'] }) {
  if (!isBeforeAfter(changes)) {
    const facts = factRows(changes);
    if (facts.length === 0) return null;
    return (
      <dl data-slot="audit-facts" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {facts.map((fact) => (
          <Detail key={fact.field} term={fact.field}>
            {formatChangeValue(fact.value)}
          </Detail>
        ))}
      </dl>
    );
  }
  const rows = changeRows(changes);
  if (rows.length === 0) return <p className="text-sm text-ink-muted">No settings changed.</p>;
  return (
    <div className="overflow-x-auto">
      <table data-slot="audit-changes" className="w-full border-collapse text-start text-sm">
        <caption className="sr-only">Changes</caption>
        <thead>
          <tr className="border-b border-surface-border text-ink-muted">
            {/* Wide enough that a field name breaks only when it is long. */}
            <th scope="col" className="w-1/5 min-w-32 py-1.5 pe-3 text-start font-semibold">
              Field
            </th>
            <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
              Before
            </th>
            <th scope="col" className="py-1.5 text-start font-semibold">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.field}
              data-slot="audit-change"
              data-state={row.changed ? 'changed' : 'unchanged'}
              className="border-b border-surface-border align-top last:border-b-0"
            >
              <th
                scope="row"
                className="py-1.5 pe-3 text-start font-mono text-xs font-normal [overflow-wrap:anywhere]"
              >
                <bdi>{row.field || 'value'}</bdi>
              </th>
              <td
                className={cn(
                  'py-1.5 pe-3 font-mono text-xs [overflow-wrap:anywhere]',
                  row.changed ? 'text-danger-fg' : 'text-ink-muted',
                )}
              >
                {row.changed && row.before !== undefined ? (
                  <del className="no-underline">
                    <span className="sr-only">removed </span>
                    <bdi>{formatChangeValue(row.before)}</bdi>
                  </del>
                ) : (
                  <bdi>{formatChangeValue(row.before)}</bdi>
                )}
              </td>
              <td
                className={cn(
                  'py-1.5 font-mono text-xs [overflow-wrap:anywhere]',
                  row.changed ? 'text-success-fg' : 'text-ink-muted',
                )}
              >
                {row.changed && row.after !== undefined ? (
                  <ins className="no-underline">
                    <span className="sr-only">added </span>
                    <bdi>{formatChangeValue(row.after)}</bdi>
                  </ins>
                ) : (
                  <bdi>{formatChangeValue(row.after)}</bdi>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({
  term,
  children,
  className,
}: {
  term: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    // The only wrapper a <dl> allows around a term and its description is a <div>, directly.
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-semibold text-ink-muted">{term}</dt>
      <dd className="font-mono text-xs [overflow-wrap:anywhere] text-ink">
        <bdi>{children}</bdi>
      </dd>
    </div>
  );
}

/**
 * Settings › Activity: the organization's audit events, newest first. Each row shows when, who,
 * what, on what and the outcome; its disclosure button opens the `changes` (before → after) and
 * the request's details (IP address, user agent, request id, exact time). Loading, empty,
 * no-match and error (with 'Retry') are states of the same region.
 */
export function AuditEventList({
  events,
  loadError,
  onRetry,
  filtered = false,
  onClearFilters,
  formatAction = (action) => action,
  formatTargetType = (type) => type,
  now: nowProp,
  formatExact = formatExactTime,
  expanded: expandedProp,
  defaultExpanded = [],
  onExpandedChange,
  refreshing = false,
  texts: textsProp,
  className,
  ...props
}: AuditEventListProps) {
  const texts = { ...DEFAULT_TEXTS, ...textsProp };
  const baseId = React.useId();
  const [uncontrolled, setUncontrolled] = React.useState<readonly string[]>(defaultExpanded);
  const expanded = expandedProp ?? uncontrolled;
  const now = nowProp ?? new Date();
  const loading = events === undefined && !loadError;

  const toggle = (id: string) => {
    const next = expanded.includes(id) ? expanded.filter((e) => e !== id) : [...expanded, id];
    if (expandedProp === undefined) setUncontrolled(next);
    onExpandedChange?.(next);
  };

  let body: React.ReactNode;
  if (loadError) {
    body = (
      <Banner kind="error" onRetry={onRetry} retryLabel={texts.retry}>
        {loadError}
      </Banner>
    );
  } else if (events === undefined) {
    body = <Spinner label={texts.loading} className="self-start" />;
  } else if (events.length === 0) {
    body = (
      <div
        data-slot={filtered ? 'audit-no-match' : 'audit-empty'}
        className="flex flex-col items-start gap-3 rounded-card border border-dashed border-surface-border p-6 text-sm text-ink-muted"
      >
        <p>{filtered ? texts.noMatch : texts.empty}</p>
        {filtered && onClearFilters ? (
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            {texts.clearFilters}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <Tooltip.Provider delayDuration={300}>
        {refreshing ? <Spinner label={texts.loading} size="sm" className="self-start" /> : null}
        <div className="overflow-x-auto">
          <table
            data-slot="audit-table"
            className="w-full min-w-[44rem] border-collapse text-start text-sm"
          >
            <caption className="sr-only">{texts.caption}</caption>
            <thead>
              <tr className="border-b border-surface-border text-ink-muted">
                <th scope="col" className="w-10 py-2">
                  <span className="sr-only">Details</span>
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  Time
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  Actor
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  Action
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  Target
                </th>
                <th scope="col" className="py-2 text-start font-semibold">
                  Outcome
                </th>
              </tr>
            </thead>
            {events.map((event) => {
              const open = expanded.includes(event.id);
              const detailsId = `${baseId}-${event.id}`;
              const actionLabel = formatAction(event.action);
              return (
                // One tbody per event keeps the row and its details together for the table.
                <tbody
                  key={event.id}
                  data-slot="audit-event"
                  data-state={open ? 'open' : 'closed'}
                  data-outcome={event.outcome}
                  className="border-b border-surface-border last:border-b-0"
                >
                  <tr className="align-top">
                    <td className="py-2 pe-1">
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-controls={detailsId}
                        aria-label={`Details of ${actionLabel} by ${event.actor.display}`}
                        onClick={() => toggle(event.id)}
                        className="inline-flex size-8 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <ChevronRightIcon
                          // Points at the row's text (start side) when closed, down when open.
                          className={cn(
                            'size-4 transition-transform',
                            open ? 'rotate-90' : 'rtl:-scale-x-100',
                          )}
                        />
                      </button>
                    </td>
                    <td className="py-2 pe-3 pt-3.5">
                      <EventTime time={event.time} now={now} formatExact={formatExact} />
                    </td>
                    <td className="max-w-56 py-2 pe-3 pt-3.5">
                      <span
                        data-slot="audit-actor"
                        className="block font-medium [overflow-wrap:anywhere]"
                      >
                        <bdi>{event.actor.display}</bdi>
                      </span>
                      {event.actor.type !== 'user' ? (
                        <span className="block text-xs text-ink-muted">
                          {ACTOR_TYPE_LABELS[event.actor.type]}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pe-3 pt-3.5">
                      <span data-slot="audit-action" className="block">
                        {actionLabel}
                      </span>
                      <span className="block font-mono text-xs text-ink-muted">{event.action}</span>
                    </td>
                    <td className="max-w-64 py-2 pe-3 pt-3.5">
                      {event.target ? (
                        <>
                          <span data-slot="audit-target" className="block [overflow-wrap:anywhere]">
                            <bdi>{event.target.display}</bdi>
                          </span>
                          <span className="block text-xs text-ink-muted">
                            {formatTargetType(event.target.type)}
                          </span>
                        </>
                      ) : (
                        <span className="text-ink-muted">—</span>
                      )}
                    </td>
                    <td className="max-w-56 py-2 pt-3">
                      <OutcomeBadge outcome={event.outcome} />
                      {event.outcome === 'failure' && event.message ? (
                        <span className="mt-1 block text-xs [overflow-wrap:anywhere] text-ink-muted">
                          <bdi>{event.message}</bdi>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                  <tr id={detailsId} hidden={!open} data-slot="audit-details">
                    <td />
                    <td colSpan={5} className="pe-3 pb-4">
                      {open ? (
                        <div className="flex flex-col gap-4 rounded-control bg-surface-muted p-4">
                          <ChangesTable changes={event.changes} />
                          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                            <Detail term="Time">{formatExact(event.time)}</Detail>
                            <Detail term="IP address">{event.ip || '—'}</Detail>
                            <Detail term="Request id">{event.requestId || '—'}</Detail>
                            <Detail term="Event id">{event.id}</Detail>
                            <Detail term="User agent" className="sm:col-span-2 lg:col-span-4">
                              {event.userAgent || '—'}
                            </Detail>
                          </dl>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                </tbody>
              );
            })}
          </table>
        </div>
      </Tooltip.Provider>
    );
  }

  return (
    <div
      data-slot="audit-event-list"
      aria-busy={loading || refreshing || undefined}
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      {body}
    </div>
  );
}
