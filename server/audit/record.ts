/**
 * Recording (docs/decisions/018-audit-log.md, 'What is recorded'): the request's details, the
 * actor of a session, and `auditCalls`, the hook `route()` runs every audited call through — one
 * transaction holding the change and its event (./endpoint-actions.ts says which event).
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Endpoint } from '@contract/endpoint';
import type { AuditAction } from '@domain/audit';
import type { SessionRecord } from '../auth/sessions';
import type { Database } from '../db';
import { inRequestTransaction } from '../db/request-scope';
import type { AppEnv } from '../env';
import { setAnswerHeaders } from '../http/response-headers';
import { clientIp } from '../http/client-ip';
import { HttpError } from '../http/http-error';
import type { Around, CallArgs, ParsedCall } from '../http/route';
import {
  appendEvent,
  type AuditActorInput,
  type AuditTargetInput,
  type NewAuditEvent,
} from './data';
import { descriptorOf, type Described } from './endpoint-actions';

/** Where an event came from: the client's address, its user agent and the request's id. */
export interface RequestDetails {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

/** A request id a proxy may pass on (X-Request-Id): short, printable, no spaces. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request its details (`c.get('request')`) and answers its id as X-Request-Id. The
 * id and the address come from the proxy's headers only with TRUST_PROXY.
 */
export function requestDetails(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = trustProxy ? c.req.header('x-request-id') : undefined;
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    const ip = clientIp(c, trustProxy);
    c.set('request', {
      ip: ip === 'unknown' ? null : ip,
      userAgent: c.req.header('user-agent') ?? null,
      requestId,
    });
    await next();
    setAnswerHeaders(c, { 'X-Request-Id': requestId });
  };
}

export function detailsOf(c: Context<AppEnv>): RequestDetails {
  return c.get('request') ?? { ip: null, userAgent: null, requestId: randomUUID() };
}

/** The signed-in user as an actor: their name, else their e-mail. */
export function userActor(user: {
  id: number;
  name: string | null;
  email: string;
}): AuditActorInput {
  return { type: 'user', id: String(user.id), display: user.name?.trim() || user.email };
}

export function userTarget(user: {
  id: number;
  name: string | null;
  email: string;
}): AuditTargetInput {
  return { type: 'user', id: String(user.id), display: user.name?.trim() || user.email };
}

/** Records one event of a request (its details added), in `db`'s transaction. */
export async function recordEvent(
  db: Database,
  c: Context<AppEnv>,
  event: Omit<NewAuditEvent, 'ip' | 'userAgent' | 'requestId' | 'time'> & { time?: Date },
): Promise<number> {
  const details = detailsOf(c);
  return appendEvent(db, {
    ...event,
    time: event.time ?? c.get('services').now(),
    ip: details.ip,
    userAgent: details.userAgent,
    requestId: details.requestId,
  });
}

function actionOf(d: Described, args: CallArgs): AuditAction {
  return typeof d.action === 'function' ? d.action(args) : d.action;
}

/**
 * The hook of `route()` for every authenticated call: an audited one (./endpoint-actions.ts)
 * runs in one transaction with its event. The request is parsed and the route's `prepare` step
 * (outbound network checks) runs first, outside any transaction; then the transaction opens.
 * Success: the event with `changes` (the settings before and after, the call's facts). An
 * HttpError after authentication (a refusal, bad input, a failed check): the failure event with
 * the catalogued message, in a transaction that keeps whatever the handler wrote before refusing
 * (as it did before the log existed: a claimed invitation slot, a throttle count); the error is
 * then answered. Any other error rolls the change back and records nothing.
 */
export function auditCalls(db: Database): Around {
  return async (endpoint: Endpoint, session: SessionRecord, c, call) => {
    const described = descriptorOf(endpoint);
    if (!described) return call.run();
    const base = {
      orgId: session.org.id,
      actor: userActor(session.user),
    };
    const recordFailure = (tx: Database, args: CallArgs | null, error: HttpError) =>
      recordEvent(tx, c, {
        ...base,
        action: args ? actionOf(described, args) : described.failureAction,
        target: args ? described.target({ ...args, result: undefined }) : null,
        outcome: 'failure',
        message: error.body.error,
        changes: args ? (described.facts?.({ ...args, result: undefined }) ?? null) : null,
      });

    let parsed: ParsedCall | null = null;
    let prepared: unknown;
    try {
      parsed = await call.parse();
      prepared = await call.prepare(parsed);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const args = parsed;
      await inRequestTransaction(db, (tx) => recordFailure(tx, args, error));
      throw error;
    }
    const args = parsed;

    let failure: HttpError | null = null;
    const result = await inRequestTransaction(db, async (tx) => {
      let before: unknown;
      try {
        return await call.handle(
          args,
          prepared,
          async () => {
            if (described.state) before = await described.state(tx, args);
          },
          async (_, value) => {
            if (described.erasesOrg) return;
            const after = described.state ? await described.state(tx, args) : undefined;
            const facts = described.facts?.({ ...args, result: value }) ?? null;
            const changes =
              described.state !== undefined
                ? { ...facts, before: before ?? null, after: after ?? null }
                : facts;
            await recordEvent(tx, c, {
              ...base,
              action: actionOf(described, args),
              target: described.target({ ...args, result: value }),
              outcome: 'success',
              changes,
            });
          },
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        failure = error;
        await recordFailure(tx, args, error);
        return undefined;
      }
    });
    if (failure) throw failure;
    return result;
  };
}
