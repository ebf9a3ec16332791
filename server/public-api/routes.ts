/**
 * The public REST API at /api/v1 (docs/product/integrations.md, 'API key';
 * docs/decisions/054-public-api.md): the organization's API key as `Authorization: Bearer <key>`
 * authenticates every call, and nothing else does (a portal session cookie is ignored, so the
 * portal's CSRF rule does not apply here: app.ts; no CORS headers, so browsers of other origins
 * cannot read it). Each operation is described in contract/public-api.ts, which the OpenAPI
 * document is generated from (./openapi.ts).
 *
 * Every answer carries the key's RateLimit headers (./rate-limit.ts); every failure is RFC 9457
 * problem+json (./problem.ts); every authenticated call is an audit event with the key as actor
 * (a change in the transaction of the change).
 */
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type * as z from 'zod/mini';
import {
  PUBLIC_API_OPERATIONS,
  PUBLIC_API_PREFIX,
  type ApiAlertUpdateResult,
  type ApiInviteResult,
  type ApiOperation,
  type ApiUnenrollResult,
} from '@contract/public-api';
import type { AlertStatus } from '@domain/alerts';
import type { AuditAction } from '@domain/audit';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Database } from '../db';
import type { Organization } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { apiKeyDisplay, isApiKeyFormat } from '../integrations/api-key';
import { setAnswerHeaders } from '../http/response-headers';
import { requestHasNoBody } from '../http/request-body';
import { clientIp } from '../http/client-ip';
import { HttpError } from '../http/http-error';
import { findUnstorableText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/route';
import { inRequestTransaction } from '../db/request-scope';
import { detailsOf, recordEvent } from '../audit/record';
import type { AuditActorInput, AuditTargetInput } from '../audit/data';
import { AuditAnchorCache } from '../audit/anchors';
import { describeError } from '../system/background';
import { RateLimiter } from '../scim/rate-limit';
import { unenrollDevices } from '../devices/data';
import { setAlertStatus } from '../alerts/data';
import { followAlertState } from '../alerts/device-severity';
import { publishNotice } from '../events/notices';
import { createOrgMembers } from '../members/data';
import { enqueueInvitations } from '../members/enqueue-invitations';
import { newMemberDirectoryCache } from '../members/directory';
import { emitWebhookEvents } from '../webhooks/events';
import { ProblemError, problemResponse, validationErrors } from './problem';
import { CONFLICT_RETRY_AFTER_SECONDS, isDatabaseConflict } from '../db/conflicts';
import { authenticateAndCount, rateLimitHeaders } from './rate-limit';
import {
  alertStatuses,
  findAlert,
  findDevice,
  findMember,
  listAlerts,
  listAuditEvents,
  listDevices,
  listMembers,
} from './data';
import { PageCache, picksGzip, type CachedPage } from './page-cache';
import { KeyAdmission } from './admission';
import { ReadEventBuffer } from './read-events';

/** The key that called: its organization, the sha256 it is stored as, and how it is shown. */
export interface ApiCaller {
  org: Organization;
  keyHash: string;
  /** A short id of the key: the first 12 hex digits of its sha256 (never the key). */
  keyId: string;
  /** 'mdsk_…AbCd': the prefix and the last four characters. */
  display: string;
}

interface ApiEnv {
  Variables: AppEnv['Variables'] & { caller: ApiCaller };
}
type C = Context<ApiEnv>;

/** Wrong keys of one client address: a burst, then one try a second (guessing stays slow). */
const FAILED_AUTH_BUDGET = { burst: 30, perSecond: 1 };

export function apiKeyActor(caller: ApiCaller): AuditActorInput {
  return { type: 'api_key', id: caller.keyId, display: `API key ${caller.display}` };
}

interface Parsed {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

interface Answer {
  body: unknown;
  /** The answer already checked against the contract and serialised (a cached page). */
  page?: CachedPage;
  /** The audit event of a change (reads are recorded as `api_key.called`). */
  audit?: {
    action: AuditAction;
    target: AuditTargetInput;
    changes: Record<string, unknown>;
  };
}

type OperationHandler = (args: Parsed & { caller: ApiCaller; c: C }) => Promise<Answer>;

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function readQuery(c: C): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const bad = findUnstorableText(out);
  if (bad !== null) {
    throw new ProblemError('invalid_request', UNSTORABLE_TEXT_MESSAGE, [
      { location: `query.${bad}`, message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  }
  return out;
}

async function readBody(c: C, op: ApiOperation): Promise<unknown> {
  // A read without a body: nothing to read (and reading would build a web Request: decision 058).
  if (!op.body && requestHasNoBody(c)) return undefined;
  const text = await c.req.text();
  if (!op.body) {
    if (text.trim() !== '') {
      throw new ProblemError('invalid_request', `${op.method} ${op.path} takes no request body.`, [
        { location: 'body', message: 'Unexpected request body' },
      ]);
    }
    return undefined;
  }
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ProblemError('unsupported_media_type', 'Send the body as application/json.');
  }
  if (text.trim() === '') {
    throw new ProblemError('invalid_request', 'The request body is empty.', [
      { location: 'body', message: 'Expected a JSON object' },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProblemError('invalid_request', 'The request body is not valid JSON.', [
      { location: 'body', message: 'Malformed JSON' },
    ]);
  }
  const bad = findUnstorableText(parsed);
  if (bad !== null) {
    throw new ProblemError('invalid_request', UNSTORABLE_TEXT_MESSAGE, [
      { location: bad ? `body.${bad}` : 'body', message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  }
  return parsed;
}

function check<T>(schema: z.ZodMiniType, value: unknown, location: 'query' | 'body' | 'path'): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = validationErrors(
      location,
      result.error.issues as unknown as Parameters<typeof validationErrors>[1],
    );
    const what = { query: 'query parameters', body: 'request body', path: 'path' }[location];
    throw new ProblemError('invalid_request', `The ${what} did not pass validation.`, errors);
  }
  return result.data as T;
}

async function parse(c: C, op: ApiOperation): Promise<Parsed> {
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(op.params ?? {})) {
    const value = c.req.param(name) ?? '';
    if (!isStorableText(value)) {
      throw new ProblemError('invalid_request', UNSTORABLE_TEXT_MESSAGE, [
        { location: `path.${name}`, message: UNSTORABLE_TEXT_MESSAGE },
      ]);
    }
    params[name] = check<string>(schema, value, 'path');
  }
  const rawQuery = readQuery(c);
  let query: unknown = undefined;
  if (op.query) {
    query = check(op.query, rawQuery, 'query');
  } else if (Object.keys(rawQuery).length > 0) {
    throw new ProblemError(
      'invalid_request',
      'The query parameters did not pass validation.',
      Object.keys(rawQuery).map((key) => ({
        location: `query.${key}`,
        message: `Unknown query parameter '${key}'`,
      })),
    );
  }
  const raw = await readBody(c, op);
  const body = op.body ? check(op.body, raw, 'body') : undefined;
  return { params, query, body };
}

/** The `Link` header of a list's next page: this request's path and query, with the cursor. */
function nextLink(c: C, next: string): string {
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', next);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** An answer that does not match its contract: logged, answered as a 500 problem. */
class ContractMismatch extends Error {
  constructor(
    readonly op: ApiOperation,
    readonly issues: string,
  ) {
    super('answer does not match the contract');
  }
}

/** The answer checked against the operation's contract, serialised once. */
function checkedPage(op: ApiOperation, body: unknown): CachedPage {
  const checked = op.response.safeParse(body);
  if (!checked.success) {
    throw new ContractMismatch(
      op,
      JSON.stringify(
        checked.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      ),
    );
  }
  const next = op.list ? (checked.data as { next: string | null }).next : null;
  return { json: JSON.stringify(checked.data), next };
}

export function publicApi(app: Hono<AppEnv>, s: Services): void {
  const failedAuth = new RateLimiter(FAILED_AUTH_BUDGET, s.now);
  const auditAnchors = new AuditAnchorCache();
  const devicePages = new PageCache<CachedPage>();
  // The key check and the budget: one statement per batch of a key's requests (./admission.ts).
  const admission = new KeyAdmission((keyHash, requests) =>
    authenticateAndCount(s.db, keyHash, s.apiRateLimit, s.now(), requests),
  );
  // Reads' audit events, written in batches (./read-events.ts).
  const readEvents = new ReadEventBuffer(s.db, s.tasks, s.logger, s.apiReadEvents);
  const listDevicesOp = PUBLIC_API_OPERATIONS.find((op) => op.id === 'listDevices');
  if (!listDevicesOp) throw new Error('public API: no listDevices operation');
  // The Members page's anchors of this process (docs/decisions/055-lists-under-change.md).
  const memberPages = newMemberDirectoryCache();
  const api = new Hono<ApiEnv>();

  // Authentication, then the key's budget. One answer for a missing, malformed, unknown,
  // replaced, revoked or expired key and for an organization without API access: no hint which.
  api.use('*', async (c, next) => {
    const header = c.req.header('authorization');
    const match = header ? /^Bearer +([\x21-\x7e]{1,200})\s*$/i.exec(header) : null;
    const key = match?.[1];
    const keyHash = key && isApiKeyFormat(key) ? hashToken(key) : null;
    // The key's organization and its budget (./admission.ts, ./rate-limit.ts).
    const found = key && keyHash ? await admission.admit(keyHash) : null;
    if (!found || !key || !keyHash) {
      const wait = failedAuth.take(`ip:${clientIp(c, s.trustProxy)}`);
      if (wait > 0) {
        return problemResponse(
          new ProblemError(
            'rate_limited',
            'Too many requests without a valid API key.',
            undefined,
            {
              'Retry-After': String(wait),
            },
          ),
        );
      }
      return problemResponse(
        new ProblemError(
          'unauthorized',
          header
            ? 'The API key is not valid: it is unknown, expired or revoked, or the organization has no API access.'
            : 'Send the API key in the Authorization header: Authorization: Bearer <API key>.',
        ),
        {
          'WWW-Authenticate': header
            ? 'Bearer realm="api", error="invalid_token"'
            : 'Bearer realm="api"',
        },
      );
    }
    const { org, state: budget } = found;
    const caller: ApiCaller = {
      org,
      keyHash,
      keyId: keyHash.slice(0, 12),
      display: apiKeyDisplay(key),
    };
    const limitHeaders = rateLimitHeaders(budget);
    if (budget.exceeded) {
      return problemResponse(
        new ProblemError(
          'rate_limited',
          `This API key has made more than ${budget.limit} requests this minute. Try again in ${budget.resetSeconds} s.`,
          undefined,
          { 'Retry-After': String(budget.resetSeconds) },
        ),
        limitHeaders,
      );
    }
    c.set('caller', caller);
    await next();
    setAnswerHeaders(c, limitHeaders);
    if (c.req.method !== 'GET') s.queue.wake();
  });

  const handlers: Record<string, OperationHandler> = {
    listDevices: async ({ caller, query }) => {
      const q = query as Parameters<typeof listDevices>[2];
      if (!s.apiPageCache) return { body: await listDevices(s.db, caller.org.id, q) };
      // Checked and serialised once per page and devices_version (./page-cache.ts).
      const page = await devicePages.get(
        caller.org.id,
        caller.org.devicesVersion,
        JSON.stringify(q),
        async () => checkedPage(listDevicesOp, await listDevices(s.db, caller.org.id, q)),
      );
      return { body: null, page };
    },
    getDevice: async ({ caller, params }) => {
      const device = await findDevice(s.db, caller.org.id, params.code as string);
      if (!device) throw new ProblemError('not_found', 'No device has this code.');
      return { body: device };
    },
    unenrollDevices: async ({ caller, body }) => {
      const codes = (body as { codes: string[] }).codes;
      const removed = await unenrollDevices(s.db, caller.org.id, codes);
      const timestamp = s.now().toISOString();
      await emitWebhookEvents(
        s.queue,
        s.db,
        caller.org.id,
        removed.map((data) => ({ type: 'device.unenrolled' as const, timestamp, data })),
      );
      const gone = new Set(removed.map((d) => d.code));
      const results: ApiUnenrollResult['results'] = codes.map((code) => ({
        code,
        result: gone.has(code) ? 'unenrolled' : 'not_found',
      }));
      return {
        body: { results },
        audit: {
          action: 'device.unenrolled',
          target: { type: 'device', id: null, display: `${gone.size} devices` },
          changes: { codes, unenrolled: [...gone] },
        },
      };
    },
    listAlerts: async ({ caller, query }) => ({
      body: await listAlerts(s.db, caller.org.id, query as Parameters<typeof listAlerts>[2]),
    }),
    getAlert: async ({ caller, params }) => {
      const alert = await findAlert(s.db, caller.org.id, params.id as string);
      if (!alert) throw new ProblemError('not_found', 'No alert has this id.');
      return { body: alert };
    },
    closeAlerts: ({ caller, body }) =>
      updateAlerts(caller, (body as { ids: string[] }).ids, 'Closed'),
    reopenAlerts: ({ caller, body }) =>
      updateAlerts(caller, (body as { ids: string[] }).ids, 'Open'),
    listMembers: async ({ caller, query }) => ({
      body: await listMembers(
        s.db,
        memberPages,
        caller.org.id,
        query as Parameters<typeof listMembers>[3],
      ),
    }),
    getMember: async ({ caller, params }) => {
      const member = await findMember(s.db, caller.org.id, params.id as string);
      if (!member) throw new ProblemError('not_found', 'No member has this id.');
      return { body: member };
    },
    inviteMembers: async ({ caller, body }) => {
      const input = body as {
        members: Array<{ name: string; email: string }>;
        allowedDuplicates?: string[];
      };
      const now = s.now();
      // The portal's create call, its duplicate rule and its invitation e-mails
      // (../members/data.ts, ../members/enqueue-invitations.ts).
      const created = await createOrgMembers(
        s.db,
        caller.org.id,
        input.members,
        input.allowedDuplicates ?? [],
        { now, invite: true, source: 'manual' },
        enqueueInvitations(s, caller.org, now, true),
      );
      // Created members in input order: each input row is matched to one created row.
      const left = new Map<string, number>();
      for (const m of created)
        left.set(m.email.toLowerCase(), (left.get(m.email.toLowerCase()) ?? 0) + 1);
      const results: ApiInviteResult['results'] = input.members.map((m) => {
        const email = m.email.toLowerCase();
        const n = left.get(email) ?? 0;
        if (n > 0) left.set(email, n - 1);
        return { email: m.email, result: n > 0 ? 'invited' : 'duplicate' };
      });
      return {
        body: { results },
        audit: {
          action: 'member.created',
          target: { type: 'member', id: null, display: `${created.length} members` },
          changes: {
            requested: input.members.length,
            created: created.length,
            invitationEmails: true,
          },
        },
      };
    },
    listAuditEvents: async ({ caller, query }) => ({
      body: await listAuditEvents(
        s.db,
        auditAnchors,
        caller.org.id,
        query as Parameters<typeof listAuditEvents>[3],
      ),
    }),
  };

  async function updateAlerts(
    caller: ApiCaller,
    ids: string[],
    status: AlertStatus,
  ): Promise<Answer> {
    const before = await alertStatuses(s.db, caller.org.id, ids);
    const changed = await setAlertStatus(s.db, caller.org.id, ids, status);
    const timestamp = s.now().toISOString();
    await emitWebhookEvents(
      s.queue,
      s.db,
      caller.org.id,
      changed.alerts.map((data) => ({ type: 'alert.updated' as const, timestamp, data })),
    );
    // As in the console: open consoles refetch, and the devices' severity follows their open
    // alerts (../alerts/device-severity.ts), in this call's transaction.
    if (changed.alerts.length > 0)
      await publishNotice(s.db, caller.org.id, { topic: 'alerts', opened: 0 });
    await followAlertState(s.db, caller.org.id, changed.deviceIds, s.now());
    const updated = new Set(changed.alerts.map((a) => a.scanId));
    const results: ApiAlertUpdateResult['results'] = ids.map((id) => ({
      id,
      result: updated.has(id) ? 'updated' : before.has(id) ? 'unchanged' : 'not_found',
    }));
    return {
      body: { results },
      audit: {
        action: status === 'Closed' ? 'alert.closed' : 'alert.reopened',
        target: { type: 'alert', id: null, display: `${updated.size} alerts` },
        changes: { alertIds: ids, status, updated: [...updated] },
      },
    };
  }

  for (const op of PUBLIC_API_OPERATIONS) {
    const handler = handlers[op.id];
    if (!handler) throw new Error(`public API: no handler for ${op.id}`);
    api.on(op.method, honoPath(op.path), async (c) => {
      const caller = c.var.caller;
      const actor = apiKeyActor(caller);
      // A read's event, and a refused call's (neither changed anything): written in a batch
      // shortly after (./read-events.ts), with the request's own time and details.
      const readEvent = (outcome: 'success' | 'failure', status: number, message?: string) => {
        const details = detailsOf(c as unknown as Context<AppEnv>);
        readEvents.add({
          orgId: caller.org.id,
          time: s.now(),
          actor,
          action: 'api_key.called',
          target: { type: 'api_key', id: caller.keyId, display: caller.display },
          outcome,
          message: message ?? null,
          ip: details.ip,
          userAgent: details.userAgent,
          requestId: details.requestId,
          changes: {
            operation: op.id,
            method: op.method,
            path: c.req.path,
            status,
          },
        });
      };
      try {
        const parsed = await parse(c, op);
        let answer: Answer;
        if (op.method === 'GET') {
          answer = await handler({ ...parsed, caller, c });
          readEvent('success', op.status);
        } else {
          // The change, its webhook events and jobs, and its audit event: one transaction.
          answer = await inRequestTransaction(s.db, async (tx: Database) => {
            const result = await handler({ ...parsed, caller, c });
            if (result.audit) {
              await recordEvent(tx, c as unknown as Context<AppEnv>, {
                orgId: caller.org.id,
                actor,
                action: result.audit.action,
                target: result.audit.target,
                outcome: 'success',
                changes: result.audit.changes,
              });
            }
            return result;
          });
        }
        const page = answer.page ?? checkedPage(op, answer.body);
        if (page.next) c.header('Link', nextLink(c, page.next));
        // Vary set here, so the compress middleware need not copy the answer to add it.
        const headers = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
        if (answer.page && picksGzip(c.req.header('accept-encoding'))) {
          // A cached page is compressed once, not on every request (decision 058).
          answer.page.gzip ??= gzipSync(answer.page.json);
          return c.body(answer.page.gzip as Uint8Array<ArrayBuffer>, op.status, {
            ...headers,
            'Content-Encoding': 'gzip',
          });
        }
        return c.body(page.json, op.status, headers);
      } catch (error) {
        let problem: ProblemError;
        if (error instanceof ContractMismatch) {
          s.logger.error(
            `[public-api] answer of ${op.method} ${op.path} does not match the contract`,
            error.issues,
          );
          return problemResponse(new ProblemError('internal', 'The server failed to answer.'));
        }
        if (error instanceof ProblemError) problem = error;
        else if (error instanceof HttpError && error.status < 500) {
          problem = new ProblemError(
            error.status === 404 ? 'not_found' : 'invalid_request',
            error.body.error,
          );
        } else if (isDatabaseConflict(error)) {
          // Lost a deadlock or serialization conflict: nothing was changed, and the call would
          // pass if sent again (../db/conflicts.ts).
          s.logger.warn(
            `[public-api] ${op.method} ${op.path}: database conflict, answered 503:`,
            describeError(error),
          );
          problem = new ProblemError(
            'unavailable',
            'The call met a conflicting change and changed nothing. Send it again.',
            undefined,
            { 'Retry-After': String(CONFLICT_RETRY_AFTER_SECONDS) },
          );
        } else {
          s.logger.error(`[public-api] ${op.method} ${op.path} failed:`, describeError(error));
          return problemResponse(new ProblemError('internal', 'The server failed to answer.'));
        }
        // A refused call is recorded too (outcome failure, the problem's detail).
        readEvent('failure', problem.status, problem.detail);
        return problemResponse(problem);
      }
    });
  }

  api.all('*', (c) => {
    const known = PUBLIC_API_OPERATIONS.filter((op) =>
      new RegExp(`^${PUBLIC_API_PREFIX}${honoPath(op.path).replace(/:\w+/g, '[^/]+')}$`).test(
        c.req.path,
      ),
    );
    if (known.length > 0) {
      return problemResponse(
        new ProblemError('method_not_allowed', `${c.req.method} is not allowed here.`),
        { Allow: known.map((op) => op.method).join(', ') },
      );
    }
    return problemResponse(new ProblemError('not_found', 'There is no such API path.'));
  });

  app.route(PUBLIC_API_PREFIX, api as unknown as Hono<AppEnv>);
}
