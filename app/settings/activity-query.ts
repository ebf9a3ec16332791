import type { AuditFilterQuery, ListAuditEventsQuery } from '@contract/audit';
import {
  AUDIT_ACTIONS,
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_OUTCOMES,
  AUDIT_SEARCH_MAX_LENGTH,
  parseAuditActorKey,
  type AuditAction,
  type AuditOutcome,
} from '@domain/audit';
import { DEFAULT_PAGE, pageSizeOrDefault, parsePositiveInt } from '@domain/pagination';

/**
 * The Activity tab's URL state (docs/product/activity.md, 'Filters'), parsed here and only here:
 * `/settings?tab=activity&actor=user:12&action=alert.closed&action=alert.reopened&outcome=failure
 * &from=2026-11-01&to=2026-11-20&q=pixel&page=2&pageSize=100`. Unknown or malformed values are
 * dropped (no filter), as on the dashboard.
 */
export interface ActivityQuery {
  /** An actor key (`user:12`, `system:retention`). */
  actor: string | null;
  actions: AuditAction[];
  outcome: AuditOutcome | null;
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: string | null;
  to: string | null;
  q: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_ACTIVITY_QUERY: ActivityQuery = {
  actor: null,
  actions: [],
  outcome: null,
  from: null,
  to: null,
  q: '',
  page: DEFAULT_PAGE,
  pageSize: AUDIT_DEFAULT_PAGE_SIZE,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, or null. */
export function parseDay(value: string | null): string | null {
  const match = value === null ? null : DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? value
    : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseActivityQuery(search: string): ActivityQuery {
  const params = new URLSearchParams(search);
  const actor = params.get('actor');
  const chosen = new Set(params.getAll('action'));
  return {
    actor: actor !== null && parseAuditActorKey(actor) ? actor : null,
    // The catalogue's order, each once, unknown names dropped.
    actions: AUDIT_ACTIONS.filter((a) => chosen.has(a)),
    outcome: oneOf(AUDIT_OUTCOMES, params.get('outcome')),
    from: parseDay(params.get('from')),
    to: parseDay(params.get('to')),
    q: (params.get('q') ?? '').trim().slice(0, AUDIT_SEARCH_MAX_LENGTH),
    page: parsePositiveInt(params.get('page')) ?? DEFAULT_PAGE,
    pageSize: pageSizeOrDefault(parsePositiveInt(params.get('pageSize')), AUDIT_DEFAULT_PAGE_SIZE),
  };
}

/** The address of a state: `?tab=activity` and every value that is not the default. */
export function serializeActivityQuery(query: ActivityQuery): string {
  const params = new URLSearchParams({ tab: 'activity' });
  if (query.actor) params.set('actor', query.actor);
  for (const action of query.actions) params.append('action', action);
  if (query.outcome) params.set('outcome', query.outcome);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.page !== DEFAULT_PAGE) params.set('page', String(query.page));
  if (query.pageSize !== AUDIT_DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/** Whether a filter is on (an empty page then says nothing matches). */
export function isFiltered(query: ActivityQuery): boolean {
  return (
    query.actor !== null ||
    query.actions.length > 0 ||
    query.outcome !== null ||
    query.from !== null ||
    query.to !== null ||
    query.q !== ''
  );
}

/** Midnight UTC starting a day, and the next day's (the API's `to` is exclusive). */
const startOf = (day: string) => `${day}T00:00:00.000Z`;
function startOfNext(day: string): string {
  const date = new Date(startOf(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/**
 * The API's filters of a state: the days become times (`from` inclusive, `to` the start of the day
 * after, exclusive), so 'To 20 Nov' includes all of 20 November. The exports use this alone.
 */
export function toAuditFilterQuery(query: ActivityQuery): AuditFilterQuery {
  return {
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.actions.length > 0 ? { action: query.actions } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(query.from ? { from: startOf(query.from) } : {}),
    ...(query.to ? { to: startOfNext(query.to) } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/** The list call of a state: its filters and its page. */
export function toListAuditEventsQuery(query: ActivityQuery): ListAuditEventsQuery {
  return { ...toAuditFilterQuery(query), page: query.page, pageSize: query.pageSize };
}
