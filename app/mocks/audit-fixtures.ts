import type {
  AuditEvent,
  AuditEventPage,
  AuditFilterOptions,
  AuditSettings,
} from '@contract/audit';
import { FIXTURE_NOW_MS } from '@contract/fixtures/random';

/**
 * The Activity tab's example log for stories and component tests: typed with the contract, checked
 * by `mockEndpoint` on every answer, times counted back from the fixtures' "now".
 */
const ago = (minutes: number) => new Date(FIXTURE_NOW_MS - minutes * 60_000).toISOString();

const avery = { type: 'user', id: '1', display: 'Avery Admin' } as const;
const robin = { type: 'user', id: '2', display: 'Robin Reviewer' } as const;
const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export const auditEvents: AuditEvent[] = [
  {
    id: '120',
    time: ago(2),
    actor: avery,
    action: 'alert.closed',
    target: { type: 'alert', id: 'scan_41', display: 'Malicious app on Pixel 8 (Jordan Lee)' },
    outcome: 'success',
    message: null,
    ip: '203.0.113.24',
    userAgent: browser,
    requestId: 'req_9f1c2b7e4d',
    changes: { before: { status: 'open' }, after: { status: 'closed' } },
  },
  {
    id: '119',
    time: ago(9),
    actor: avery,
    action: 'scim.updated',
    target: { type: 'scim', id: null, display: 'SCIM' },
    outcome: 'success',
    message: null,
    ip: '203.0.113.24',
    userAgent: browser,
    requestId: 'req_5a3e81c0aa',
    changes: {
      before: { enabled: false, authHeader: null },
      after: { enabled: true, authHeader: '[redacted]' },
    },
  },
  {
    id: '118',
    time: ago(125),
    actor: { type: 'user', id: 'admin@acme.test', display: 'admin@acme.test' },
    action: 'session.sign_in_failed',
    target: { type: 'user', id: null, display: 'admin@acme.test' },
    outcome: 'failure',
    message: 'Incorrect email or password.',
    ip: '198.51.100.7',
    userAgent: 'curl/8.5.0',
    requestId: 'req_0b7d4f11c3',
    changes: { method: 'password' },
  },
  {
    id: '117',
    time: ago(60 * 26),
    actor: robin,
    action: 'device.unenrolled',
    target: { type: 'device', id: null, display: '3 devices' },
    outcome: 'success',
    message: null,
    ip: '192.0.2.10',
    userAgent: browser,
    requestId: 'req_77c0e2a9b1',
    changes: { codes: ['AB12-CD34', 'EF56-GH78', 'JK90-LM12'] },
  },
  {
    id: '116',
    time: ago(60 * 24 * 3),
    actor: robin,
    action: 'session.signed_in',
    target: { type: 'user', id: '2', display: 'Robin Reviewer' },
    outcome: 'success',
    message: null,
    ip: '192.0.2.10',
    userAgent: browser,
    requestId: 'req_1c2d3e4f5a',
    changes: { method: 'password' },
  },
  {
    id: '115',
    time: ago(60 * 24 * 9),
    actor: { type: 'system', id: 'retention', display: 'System' },
    action: 'audit.retention_changed',
    target: { type: 'audit_log', id: null, display: 'Activity log' },
    outcome: 'success',
    message: null,
    ip: null,
    userAgent: null,
    requestId: null,
    changes: { before: { retention: 'NEVER' }, after: { retention: 'ONE_YEAR' } },
  },
];

/** The example log as one page (all of it). */
export const auditPage: AuditEventPage = {
  events: auditEvents,
  total: auditEvents.length,
  totalPages: 1,
  nextCursor: null,
};

/** A long log: the same rows as the first of 25 pages. */
export const auditPageOfMany: AuditEventPage = {
  events: auditEvents,
  total: 1234,
  totalPages: 25,
  nextCursor: '115',
};

export const auditEmptyPage: AuditEventPage = {
  events: [],
  total: 0,
  totalPages: 0,
  nextCursor: null,
};

export const auditFilterOptions: AuditFilterOptions = {
  actors: [
    avery,
    robin,
    { type: 'user', id: 'admin@acme.test', display: 'admin@acme.test' },
    { type: 'system', id: 'retention', display: 'System' },
  ],
};

export const auditSettingsDefault: AuditSettings = { retention: 'ONE_YEAR' };

/**
 * The list call answered from the example log as the server would: filters applied, newest first,
 * paged, so a story's filter clicks show real results (and 'No events match these filters.').
 */
export function answerAuditList(request: Request, events: AuditEvent[] = auditEvents) {
  const params = new URL(request.url).searchParams;
  const actions = params.getAll('action');
  const actor = params.get('actor');
  const outcome = params.get('outcome');
  const q = params.get('q')?.toLowerCase();
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page') ?? '1');
  const pageSize = Number(params.get('pageSize') ?? '50');
  const matching = events.filter(
    (e) =>
      (actions.length === 0 || actions.includes(e.action)) &&
      (!actor || `${e.actor.type}:${e.actor.id}` === actor) &&
      (!outcome || e.outcome === outcome) &&
      (!q || (e.target?.display.toLowerCase().includes(q) ?? false)) &&
      (!from || e.time >= from) &&
      (!to || e.time < to),
  );
  const totalPages = Math.ceil(matching.length / pageSize);
  const start = (page - 1) * pageSize;
  const rows = matching.slice(start, start + pageSize);
  return {
    events: rows,
    total: matching.length,
    totalPages,
    nextCursor: page < totalPages ? (rows.at(-1)?.id ?? null) : null,
  } satisfies AuditEventPage;
}
