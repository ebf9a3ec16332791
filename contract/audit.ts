import * as z from 'zod/mini';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  AUDIT_OUTCOMES,
  AUDIT_RETENTIONS,
  AUDIT_SEARCH_MAX_LENGTH,
  AUDIT_TARGET_TYPES,
} from '@domain/audit';
import { ID_MAX_LENGTH } from '@domain/limits';
import { defineEndpoint, messageFields } from './endpoint';
import { isoDateTime, paginationQuery, repeatedQuery } from './fields';

/**
 * The audit log (Settings › Activity; docs/product/activity.md, docs/decisions/018-audit-log.md):
 * every state-changing call and every sign-in of an organization, newest first, filterable,
 * exportable, kept for the organization's retention.
 */

export {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_RETENTIONS,
  auditActorKey,
  parseAuditActorKey,
} from '@domain/audit';

export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditActorType = z.enum(AUDIT_ACTOR_TYPES);
export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export const AuditOutcome = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcome>;
export const AuditRetention = z.enum(AUDIT_RETENTIONS);
export type AuditRetention = z.infer<typeof AuditRetention>;

/**
 * Who acted. `id` is the user's id (API key id, SCIM token id, job name for the others);
 * `display` is the name shown at the time of the event (a user's name, else their e-mail).
 */
export const AuditActor = z.object({
  type: AuditActorType,
  id: z.string(),
  display: z.string(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/**
 * What the event is about. `id` is null for a call over several things (a bulk unenrolment: the
 * display says '3 devices', the codes are in `changes`).
 */
export const AuditTarget = z.object({
  type: AuditTargetType,
  id: z.nullable(z.string()),
  display: z.string(),
});
export type AuditTarget = z.infer<typeof AuditTarget>;

/**
 * What changed. Settings carry `{ before, after }` (the Activity view shows the diff); other
 * calls carry their facts (`{ codes: […] }`, `{ method: 'sso' }`). Secrets are never here: a
 * secret's value is always the string '[redacted]'.
 */
export const AuditChanges = z.record(z.string(), z.unknown());
export type AuditChanges = z.infer<typeof AuditChanges>;

export const AuditEvent = z.object({
  /** Unique and increasing within the organization (its place in the hash chain). */
  id: z.string(),
  /** The server's clock when the change was made. */
  time: isoDateTime(),
  actor: AuditActor,
  action: AuditAction,
  target: z.nullable(AuditTarget),
  outcome: AuditOutcome,
  /** The catalogued message of a failure (docs/product/messages.md); null on success. */
  message: z.nullable(z.string()),
  /** The client's address (X-Forwarded-For only with TRUST_PROXY). */
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** The request's id (X-Request-Id of the answer), for matching server logs. */
  requestId: z.nullable(z.string()),
  changes: z.nullable(AuditChanges),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/**
 * The filters (the Activity view keeps them in its URL): `actor` is an actor key (`user:12`,
 * `auditActorKey`); `action` repeats (any of them); `from` / `to` bound the time (inclusive,
 * exclusive); `q` searches target names (case-insensitive, substring).
 */
export const auditFilterQuery = {
  actor: z.optional(z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH))),
  action: z.optional(repeatedQuery(AUDIT_ACTIONS)),
  outcome: z.optional(AuditOutcome),
  from: z.optional(isoDateTime()),
  to: z.optional(isoDateTime()),
  q: z.optional(z.string().check(z.maxLength(AUDIT_SEARCH_MAX_LENGTH))),
};

export const AuditFilterQuery = z.object(auditFilterQuery);
export type AuditFilterQuery = z.input<typeof AuditFilterQuery>;
export type ParsedAuditFilterQuery = z.infer<typeof AuditFilterQuery>;

/**
 * A page of the list: `page` / `pageSize` as the dashboard's paginator sends them, or `cursor`
 * (the `nextCursor` of the previous page) to read on from there; the cursor is keyset (it stays
 * right while new events arrive), a page number counts from the newest event now.
 */
export const ListAuditEventsQuery = z.object({
  ...paginationQuery,
  ...auditFilterQuery,
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH))),
});
export type ListAuditEventsQuery = z.input<typeof ListAuditEventsQuery>;
export type ParsedListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>;

const count = () => z.number().check(z.int(), z.minimum(0));

export const AuditEventPage = z.looseObject({
  ...messageFields,
  events: z.array(AuditEvent),
  /** Events matching the filters (all pages). */
  total: count(),
  totalPages: count(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type AuditEventPage = z.infer<typeof AuditEventPage>;

export const listAuditEvents = defineEndpoint({
  method: 'GET',
  path: '/orgs/audit-events',
  query: ListAuditEventsQuery,
  response: AuditEventPage,
});

/** Every event of the filters, newest first, as CSV (cells neutralised against formulas). */
export const exportAuditEventsCsv = defineEndpoint({
  method: 'GET',
  path: '/orgs/audit-events/export.csv',
  query: AuditFilterQuery,
  response: z.string(),
  download: 'text/csv',
});

/** The same as JSON lines: one AuditEvent per line. */
export const exportAuditEventsJsonLines = defineEndpoint({
  method: 'GET',
  path: '/orgs/audit-events/export.jsonl',
  query: AuditFilterQuery,
  response: z.string(),
  download: 'application/x-ndjson',
});

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'actor_type',
  'actor_id',
  'actor',
  'action',
  'target_type',
  'target_id',
  'target',
  'outcome',
  'message',
  'ip',
  'user_agent',
  'request_id',
  'changes',
] as const;

/** The filter choices the view needs that depend on the log: the actors who appear in it. */
export const AuditFilterOptions = z.looseObject({
  ...messageFields,
  /** Each actor once (their latest display name), ordered by display name. */
  actors: z.array(AuditActor),
});
export type AuditFilterOptions = z.infer<typeof AuditFilterOptions>;

export const getAuditFilterOptions = defineEndpoint({
  method: 'GET',
  path: '/orgs/audit-events/filters',
  response: AuditFilterOptions,
});

/** The log's settings; an organization that never chose keeps DEFAULT_AUDIT_RETENTION (one year). */
export const AuditSettings = z.looseObject({
  ...messageFields,
  retention: AuditRetention,
});
export type AuditSettings = z.infer<typeof AuditSettings>;

export const getAuditSettings = defineEndpoint({
  method: 'GET',
  path: '/orgs/audit-settings',
  response: AuditSettings,
});

export const UpdateAuditSettingsBody = z.object({ retention: AuditRetention });
export type UpdateAuditSettingsBody = z.infer<typeof UpdateAuditSettingsBody>;

/** Changes the retention; the retention job applies it within the hour. */
export const updateAuditSettings = defineEndpoint({
  method: 'PUT',
  path: '/orgs/audit-settings',
  body: UpdateAuditSettingsBody,
  response: AuditSettings,
});
