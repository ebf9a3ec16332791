import * as z from 'zod/mini';
import { ALERT_STATUS_FILTERS } from '@domain/alerts';
import { MEMBER_SOURCES, MEMBER_STATUSES } from '@domain/members';
import { ID_MAX_LENGTH } from '@domain/limits';
import { Device, ListDevicesQuery } from './devices';
import { Alert } from './alerts';
import { DirectoryMember, ListMemberDirectoryQuery } from './member-directory';
import { AuditEvent, auditFilterQuery } from './audit';
import { NewMember } from './members';
import { emailField, idField, isoDateTime, positiveIntQuery, repeatedQuery } from './fields';

/**
 * The public REST API that an organization's API key opens (`/api/v1`, docs/product/integrations.md
 * 'API key'; docs/decisions/054-public-api.md). Its schemas are built from the portal's contract
 * (the same Device, Alert, member and audit event shapes and the same filters), so the two cannot
 * drift; the server generates the OpenAPI 3.1 document from this file (server/public-api/openapi.ts).
 *
 * Differences from the portal's calls, on purpose: every query and body is strict (an unknown
 * parameter or field is a 400, never ignored), lists page with an opaque `cursor` and `limit`
 * instead of page numbers, and bulk calls answer one result per item.
 */

export const PUBLIC_API_PREFIX = '/api/v1';
/** Items per page: `limit` defaults to 50, at most 100 (the dashboard's largest page). */
export const PUBLIC_API_DEFAULT_LIMIT = 50;
export const PUBLIC_API_MAX_LIMIT = 100;
/** Ids, codes or members in one bulk call. */
export const PUBLIC_API_BULK_MAX = 100;
/** A cursor is an opaque base64url text; no real one is longer. */
export const PUBLIC_API_CURSOR_MAX_LENGTH = 1024;

const pageQuery = {
  cursor: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(PUBLIC_API_CURSOR_MAX_LENGTH),
        z.regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this API answered'),
      ),
  ),
  limit: z._default(
    positiveIntQuery().check(z.maximum(PUBLIC_API_MAX_LIMIT)),
    PUBLIC_API_DEFAULT_LIMIT,
  ),
};

const next = z.nullable(z.string());

// Devices ----------------------------------------------------------------------------------------

/** The dashboard's filters, search and order (contract/devices.ts), paged by cursor. */
const { enrolled, severity, sort, order, q } = ListDevicesQuery.shape;
export const ApiListDevicesQuery = z.strictObject({
  enrolled,
  severity,
  sort,
  order,
  q,
  ...pageQuery,
});
export type ApiListDevicesQuery = z.infer<typeof ApiListDevicesQuery>;

export const ApiDeviceList = z.object({
  devices: z.array(Device),
  /** The cursor of the next page; null on the last one. */
  next,
});
export type ApiDeviceList = z.infer<typeof ApiDeviceList>;

export const ApiCodesBody = z.strictObject({
  codes: z.array(idField()).check(z.minLength(1), z.maxLength(PUBLIC_API_BULK_MAX)),
});

export const UNENROLL_RESULTS = ['unenrolled', 'not_found'] as const;
export const ApiUnenrollResult = z.object({
  results: z.array(z.object({ code: z.string(), result: z.enum(UNENROLL_RESULTS) })),
});
export type ApiUnenrollResult = z.infer<typeof ApiUnenrollResult>;

// Alerts -----------------------------------------------------------------------------------------

export const ApiListAlertsQuery = z.strictObject({
  status: z.optional(z.enum(ALERT_STATUS_FILTERS)),
  /** The scan's severity as the alert carries it (one value or repeated). */
  severity: z.optional(
    z.pipe(
      z.union([
        z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH)),
        z.array(z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH))),
      ]),
      z.transform((v: string | string[]) => (Array.isArray(v) ? v : [v])),
    ),
  ),
  /** Alerts of scans at or after this moment. */
  since: z.optional(isoDateTime()),
  ...pageQuery,
});
export type ApiListAlertsQuery = z.infer<typeof ApiListAlertsQuery>;

export const ApiAlertList = z.object({ alerts: z.array(Alert), next });
export type ApiAlertList = z.infer<typeof ApiAlertList>;

export const ApiAlertIdsBody = z.strictObject({
  ids: z.array(idField()).check(z.minLength(1), z.maxLength(PUBLIC_API_BULK_MAX)),
});

export const ALERT_UPDATE_RESULTS = ['updated', 'unchanged', 'not_found'] as const;
export const ApiAlertUpdateResult = z.object({
  results: z.array(z.object({ id: z.string(), result: z.enum(ALERT_UPDATE_RESULTS) })),
});
export type ApiAlertUpdateResult = z.infer<typeof ApiAlertUpdateResult>;

// Members ----------------------------------------------------------------------------------------

const memberQ = ListMemberDirectoryQuery.shape.q;
export const ApiListMembersQuery = z.strictObject({
  q: memberQ,
  status: z.optional(repeatedQuery(MEMBER_STATUSES)),
  source: z.optional(repeatedQuery(MEMBER_SOURCES)),
  ...pageQuery,
});
export type ApiListMembersQuery = z.infer<typeof ApiListMembersQuery>;

export const ApiMemberList = z.object({ members: z.array(DirectoryMember), next });
export type ApiMemberList = z.infer<typeof ApiMemberList>;

/**
 * Invite members (the portal's 'Add members', contract/members.ts): the same fields, the same
 * duplicate rule; invitations are e-mailed. `allowedDuplicates` re-allows duplicates as there.
 */
export const ApiInviteMembersBody = z.strictObject({
  members: z
    .array(z.strictObject(NewMember.shape))
    .check(z.minLength(1), z.maxLength(PUBLIC_API_BULK_MAX)),
  allowedDuplicates: z.optional(z.array(emailField()).check(z.maxLength(PUBLIC_API_BULK_MAX))),
});
export type ApiInviteMembersBody = z.infer<typeof ApiInviteMembersBody>;

export const INVITE_RESULTS = ['invited', 'duplicate'] as const;
export const ApiInviteResult = z.object({
  results: z.array(z.object({ email: z.string(), result: z.enum(INVITE_RESULTS) })),
});
export type ApiInviteResult = z.infer<typeof ApiInviteResult>;

// Audit events -----------------------------------------------------------------------------------

/** The Activity view's filters (contract/audit.ts), paged by cursor. */
export const ApiListAuditEventsQuery = z.strictObject({ ...auditFilterQuery, ...pageQuery });
export type ApiListAuditEventsQuery = z.infer<typeof ApiListAuditEventsQuery>;

export const ApiAuditEventList = z.object({ events: z.array(AuditEvent), next });
export type ApiAuditEventList = z.infer<typeof ApiAuditEventList>;

// Errors -----------------------------------------------------------------------------------------

/** RFC 9457 problem details; `errors` lists what failed validation. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().check(z.int(), z.minimum(400), z.maximum(599)),
  detail: z.string(),
  errors: z.optional(z.array(z.object({ location: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof Problem>;

// Operations -------------------------------------------------------------------------------------

/** A path parameter: a device code or an id, as the portal's ids. */
const pathId = () => idField();

export interface ApiOperation {
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI form, relative to /api/v1: `/devices/{code}`. */
  path: `/${string}`;
  tag: 'Devices' | 'Alerts' | 'Members' | 'Audit events';
  summary: string;
  description: string;
  params?: Record<string, z.ZodMiniType>;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** 200 or 201. */
  status: 200 | 201;
  /** Whether it lists (next cursor and Link header). */
  list?: true;
  requestExample?: unknown;
  responseExample: unknown;
}

const exampleDevice = {
  code: 'K7Q2M9XP',
  memberName: 'Jordan Lee',
  memberEmail: 'jordan.lee@example.com',
  model: 'iPhone 15',
  platform: 'ios',
  osVersion: '18.1',
  enrolled: true,
  severity: 'critical',
  lastScanAt: '2026-11-20T14:05:00.000Z',
};
const exampleAlert = {
  alertName: 'Malicious app',
  alertDescription: '[{"threat":"Trojan.AndroidOS.Agent"}]',
  severity: 'high',
  alertStatus: 'Open',
  memberName: 'Jordan Lee',
  device: 'iPhone 15',
  scanTime: '2026-11-20T14:05:00.000Z',
  scanId: 'scan-5f2a9c',
};
const exampleMember = {
  id: '42',
  name: 'Jordan Lee',
  email: 'jordan.lee@example.com',
  source: 'manual',
  status: 'enrolled',
  scimManaged: false,
  devices: 1,
  invitedAt: '2026-11-01T09:00:00.000Z',
  lastScanAt: '2026-11-20T14:05:00.000Z',
};
const exampleEvent = {
  id: '118',
  time: '2026-11-20T14:06:00.000Z',
  actor: { type: 'api_key', id: '3f9c1a2b7d4e', display: 'API key mdsk_…AbCd' },
  action: 'alert.closed',
  target: { type: 'alert', id: 'scan-5f2a9c', display: 'Malicious app' },
  outcome: 'success',
  message: null,
  ip: '203.0.113.7',
  userAgent: 'curl/8.5.0',
  requestId: '0b7c6a9e-2c1d-4f55-9f0e-5b8f1f3f6a11',
  changes: { count: 1 },
};

export const PUBLIC_API_OPERATIONS: readonly ApiOperation[] = [
  {
    id: 'listDevices',
    method: 'GET',
    path: '/devices',
    tag: 'Devices',
    summary: 'List devices',
    description:
      "The organization's devices with the dashboard's filters, search and orders. Without `sort`: most severe first, then member name. Pass `next` (also in the `Link` header) as `cursor` for the following page, with the same filters.",
    query: ApiListDevicesQuery,
    response: ApiDeviceList,
    status: 200,
    list: true,
    responseExample: {
      devices: [exampleDevice],
      next: 'WyIwIiwiam9yZGFuIGxlZSIsIks3UTJNOVhQIiw0Ml0',
    },
  },
  {
    id: 'getDevice',
    method: 'GET',
    path: '/devices/{code}',
    tag: 'Devices',
    summary: 'Get a device',
    description: 'One device by its enrolment code.',
    params: { code: pathId() },
    response: Device,
    status: 200,
    responseExample: exampleDevice,
  },
  {
    id: 'unenrollDevices',
    method: 'POST',
    path: '/devices/unenroll',
    tag: 'Devices',
    summary: 'Unenroll devices',
    description: `Removes the devices with these codes (at most ${PUBLIC_API_BULK_MAX}); one result per code: \`unenrolled\`, or \`not_found\` for a code this organization does not have.`,
    body: ApiCodesBody,
    response: ApiUnenrollResult,
    status: 200,
    requestExample: { codes: ['K7Q2M9XP', 'UNKNOWN1'] },
    responseExample: {
      results: [
        { code: 'K7Q2M9XP', result: 'unenrolled' },
        { code: 'UNKNOWN1', result: 'not_found' },
      ],
    },
  },
  {
    id: 'listAlerts',
    method: 'GET',
    path: '/alerts',
    tag: 'Alerts',
    summary: 'List alerts',
    description:
      'Threat alerts, newest scan first, filtered by status, severity (repeatable) and `since` (scans at or after that moment).',
    query: ApiListAlertsQuery,
    response: ApiAlertList,
    status: 200,
    list: true,
    responseExample: { alerts: [exampleAlert], next: null },
  },
  {
    id: 'getAlert',
    method: 'GET',
    path: '/alerts/{id}',
    tag: 'Alerts',
    summary: 'Get an alert',
    description: "One alert by its id (the alert's `scanId`).",
    params: { id: pathId() },
    response: Alert,
    status: 200,
    responseExample: exampleAlert,
  },
  {
    id: 'closeAlerts',
    method: 'POST',
    path: '/alerts/close',
    tag: 'Alerts',
    summary: 'Close alerts',
    description: `Closes the alerts with these ids (at most ${PUBLIC_API_BULK_MAX}); one result per id: \`updated\`, \`unchanged\` (already closed) or \`not_found\`. The devices of the closed alerts take the severity of their worst alert still open (\`secure\` with none).`,
    body: ApiAlertIdsBody,
    response: ApiAlertUpdateResult,
    status: 200,
    requestExample: { ids: ['scan-5f2a9c'] },
    responseExample: { results: [{ id: 'scan-5f2a9c', result: 'updated' }] },
  },
  {
    id: 'reopenAlerts',
    method: 'POST',
    path: '/alerts/reopen',
    tag: 'Alerts',
    summary: 'Reopen alerts',
    description: `Reopens the alerts with these ids (at most ${PUBLIC_API_BULK_MAX}); one result per id: \`updated\`, \`unchanged\` (already open) or \`not_found\`. The devices of the reopened alerts take the severity of their worst open alert.`,
    body: ApiAlertIdsBody,
    response: ApiAlertUpdateResult,
    status: 200,
    requestExample: { ids: ['scan-5f2a9c'] },
    responseExample: { results: [{ id: 'scan-5f2a9c', result: 'updated' }] },
  },
  {
    id: 'listMembers',
    method: 'GET',
    path: '/members',
    tag: 'Members',
    summary: 'List members',
    description:
      "The Members page's list by name: search (name or e-mail contains), status and source (both repeatable).",
    query: ApiListMembersQuery,
    response: ApiMemberList,
    status: 200,
    list: true,
    responseExample: { members: [exampleMember], next: null },
  },
  {
    id: 'getMember',
    method: 'GET',
    path: '/members/{id}',
    tag: 'Members',
    summary: 'Get a member',
    description: 'One member by id.',
    params: { id: pathId() },
    response: DirectoryMember,
    status: 200,
    responseExample: exampleMember,
  },
  {
    id: 'inviteMembers',
    method: 'POST',
    path: '/members',
    tag: 'Members',
    summary: 'Invite members',
    description: `Creates members (at most ${PUBLIC_API_BULK_MAX}) and e-mails their invitations, with the portal's duplicate rule: an e-mail of an existing member, or repeated in the list, is skipped (\`duplicate\`) unless listed in \`allowedDuplicates\`.`,
    body: ApiInviteMembersBody,
    response: ApiInviteResult,
    status: 201,
    requestExample: { members: [{ name: 'Jordan Lee', email: 'jordan.lee@example.com' }] },
    responseExample: { results: [{ email: 'jordan.lee@example.com', result: 'invited' }] },
  },
  {
    id: 'listAuditEvents',
    method: 'GET',
    path: '/audit-events',
    tag: 'Audit events',
    summary: 'List audit events',
    description:
      "The Activity log, newest first, with the Activity view's filters: actor (`type:id`), action (repeatable), outcome, from, to and a search over target names.",
    query: ApiListAuditEventsQuery,
    response: ApiAuditEventList,
    status: 200,
    list: true,
    responseExample: { events: [exampleEvent], next: null },
  },
];
