/**
 * The SCIM 2.0 service provider (RFC 7643, RFC 7644) at `/scim/v2/{slug}/…`, for the identity
 * providers' provisioning clients (Okta, Entra ID): docs/product/settings.md ('SCIM') and
 * docs/decisions/050-scim.md.
 *
 * Called by servers, not browsers: it sits outside /api, so the CSRF rule does not apply and a
 * session cookie authenticates nothing here. `Authorization: Bearer <token>` alone does: the
 * token is looked up by its hash and must belong to the organization the URL names. Every answer
 * is `application/scim+json`; every failure is a SCIM Error resource, never a 500 for bad input.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { eq } from 'drizzle-orm';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Organization } from '../db/schema';
import { members } from '../db/schema';
import { findOrgBySlug } from '../orgs/data';
import { findCredentialOrg } from '../settings/credentials-data';
import { publicBaseUrl } from '../http/public-url';
import { clientIp } from '../http/client-ip';
import { describeError } from '../system/background';
import { CONFLICT_RETRY_AFTER_SECONDS, isDatabaseConflict } from '../db/conflicts';
import { enqueueInvitations } from '../members/enqueue-invitations';
import { emitWebhookEvents } from '../webhooks/events';
import { ScimHttpError, UNAUTHORIZED, badRequest } from './errors';
import { parseScimFilter } from './filter';
import { filterToSql } from './filter-sql';
import { RateLimiter } from './rate-limit';
import { project, readProjection } from './projection';
import { applyPatch } from './patch';
import { recordScimEvent } from './audit';
import { memberOf, readUser, userResource } from './user-resource';
import { groupResource, readGroup } from './group-resource';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { LIST_RESPONSE_SCHEMA, SCIM_DEFAULT_COUNT, SCIM_MAX_RESULTS } from './schemas';
import {
  createGroup,
  createUser,
  deleteGroup,
  deleteUser,
  findGroup,
  findUser,
  groupFilterAttributes,
  listGroups,
  listUsers,
  replaceGroup,
  replaceUser,
  userFilterAttributes,
} from './data';

export const SCIM_PREFIX = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** Far above any User or Group body (a 10,000-member group is ~600 KB). */
export const SCIM_BODY_LIMIT_BYTES = 1024 * 1024;
/** Deeper JSON than any SCIM resource has (User → enterprise → manager → value is 4). */
export const SCIM_MAX_JSON_DEPTH = 8;

type Json = Record<string, unknown>;

interface ScimEnv {
  Variables: AppEnv['Variables'] & { org: Organization; base: string };
}
type C = Context<ScimEnv>;
const idOf = (c: C) => c.req.param('id') ?? '';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': SCIM_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

function failure(error: ScimHttpError) {
  return answer(
    error.status,
    error.body(),
    error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {},
  );
}

function depthOf(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || typeof value !== 'object' || value === null) return depth;
  let deepest = depth;
  for (const v of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(v, limit, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}

async function readBody(c: C): Promise<unknown> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (depthOf(body, SCIM_MAX_JSON_DEPTH) > SCIM_MAX_JSON_DEPTH) {
    throw badRequest(`The request body nests deeper than ${SCIM_MAX_JSON_DEPTH} levels.`);
  }
  return body;
}

/** startIndex / count (RFC 7644 §3.4.2.4): 1-based; below 1 counts as 1; count capped. */
export function readPaging(startIndex?: string, count?: string): { start: number; count: number } {
  const int = (text: string | undefined, name: string) => {
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d{1,12}$/.test(text.trim()))
      throw badRequest(`'${name}' must be an integer.`, 'invalidValue');
    return Number(text.trim());
  };
  const start = Math.max(1, int(startIndex, 'startIndex') ?? 1);
  const n = Math.min(SCIM_MAX_RESULTS, Math.max(0, int(count, 'count') ?? SCIM_DEFAULT_COUNT));
  return { start, count: n };
}

function listResponse(total: number, start: number, resources: Json[]) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex: start,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const notFound = (what: 'User' | 'Group') => new ScimHttpError(404, `${what} not found.`);

export function scimService(app: Hono<AppEnv>, s: Services): void {
  const limiter = new RateLimiter(s.scimRateLimit, s.now);
  const scim = new Hono<ScimEnv>();

  scim.use(
    '*',
    bodyLimit({
      maxSize: SCIM_BODY_LIMIT_BYTES,
      onError: () => failure(new ScimHttpError(413, 'The request body is larger than 1 MB.')),
    }),
  );

  // Authentication, then the organization's budget. One answer for a missing, malformed, wrong,
  // revoked or other organization's token: no hint which it was.
  scim.use('*', async (c, next) => {
    const unauthorized = () =>
      answer(401, new ScimHttpError(401, UNAUTHORIZED).body(), {
        'WWW-Authenticate': 'Bearer realm="SCIM"',
      });
    const header = c.req.header('authorization') ?? '';
    const match = /^bearer +([A-Za-z0-9_-]{1,200})\s*$/i.exec(header);
    const slug = c.req.param('slug') ?? '';
    const orgId = match ? await findCredentialOrg(s.db, 'scim', `Bearer ${match[1]}`) : null;
    const org = orgId === null || slug.length > 200 ? null : await findOrgBySlug(s.db, slug);
    if (!org || org.id !== orgId) {
      const wait = limiter.take(`ip:${clientIp(c, s.trustProxy)}`);
      if (wait > 0) return failure(tooMany(wait));
      return unauthorized();
    }
    const wait = limiter.take(`org:${org.id}`);
    if (wait > 0) return failure(tooMany(wait));
    c.set('org', org);
    c.set('base', `${publicBaseUrl(c, s) ?? ''}${SCIM_PREFIX}/${encodeURIComponent(org.slug)}`);
    await next();
    if (c.req.method !== 'GET') s.queue.wake();
  });

  const handle =
    (fn: (c: C) => Promise<Response>) =>
    async (c: C): Promise<Response> => {
      try {
        return await fn(c);
      } catch (error) {
        if (error instanceof ScimHttpError) return failure(error);
        if (isDatabaseConflict(error)) {
          // Lost a deadlock or serialization conflict: nothing changed; identity providers send a
          // 503 again after Retry-After (../db/conflicts.ts).
          s.logger.warn(
            `[scim] ${c.req.method} ${new URL(c.req.url).pathname}: database conflict, answered 503:`,
            describeError(error),
          );
          return failure(
            new ScimHttpError(
              503,
              'The request met a conflicting change and changed nothing. Send it again.',
              undefined,
              CONFLICT_RETRY_AFTER_SECONDS,
            ),
          );
        }
        s.logger.error(
          `[scim] ${c.req.method} ${new URL(c.req.url).pathname} failed:`,
          describeError(error),
        );
        return failure(new ScimHttpError(500, 'Internal server error.'));
      }
    };

  // Discovery -----------------------------------------------------------------------------------
  scim.get(
    '/ServiceProviderConfig',
    handle(async (c) => answer(200, serviceProviderConfig(c.var.base))),
  );
  scim.get(
    '/ResourceTypes',
    handle(async (c) => {
      const types = resourceTypes(c.var.base);
      return answer(200, listResponse(types.length, 1, types));
    }),
  );
  scim.get(
    '/ResourceTypes/:id',
    handle(async (c) => {
      const type = resourceTypes(c.var.base).find((t) => t.id === idOf(c));
      if (!type) throw new ScimHttpError(404, 'Resource type not found.');
      return answer(200, type);
    }),
  );
  scim.get(
    '/Schemas',
    handle(async (c) => {
      const list = schemas(c.var.base);
      return answer(200, listResponse(list.length, 1, list));
    }),
  );
  scim.get(
    '/Schemas/:id',
    handle(async (c) => {
      const schema = schemas(c.var.base).find((x) => x.id === idOf(c));
      if (!schema) throw new ScimHttpError(404, 'Schema not found.');
      return answer(200, schema);
    }),
  );

  // Users ---------------------------------------------------------------------------------------
  const userLocation = (c: C, id: string) => `${c.var.base}/Users/${id}`;
  const renderUser = (c: C, row: Parameters<typeof userResource>[0]) =>
    userResource(row, userLocation(c, row.scimId));

  scim.get(
    '/Users',
    handle(async (c) => {
      const q = c.req.query();
      const paging = readPaging(q.startIndex, q.count);
      const projection = readProjection(q.attributes, q.excludedAttributes);
      const where = q.filter ? filterToSql(parseScimFilter(q.filter), userFilterAttributes) : null;
      const { total, rows } = await listUsers(
        s.db,
        c.var.org.id,
        where,
        paging.start - 1,
        paging.count,
      );
      return answer(
        200,
        listResponse(
          total,
          paging.start,
          rows.map((r) => project(renderUser(c, r), projection)),
        ),
      );
    }),
  );

  scim.get(
    '/Users/:id',
    handle(async (c) => {
      const q = c.req.query();
      const row = await findUser(s.db, c.var.org.id, idOf(c));
      if (!row) throw notFound('User');
      return answer(
        200,
        project(renderUser(c, row), readProjection(q.attributes, q.excludedAttributes)),
      );
    }),
  );

  scim.post(
    '/Users',
    handle(async (c) => {
      const input = readUser(await readBody(c));
      const member = memberOf(input);
      const org = c.var.org;
      const now = s.now();
      const provisioned = await s.db.transaction(async (tx) => {
        const p = await createUser(tx, org.id, input, member, now);
        const [settings] = await tx
          .select({ invitedAt: members.invitedAt })
          .from(members)
          .where(eq(members.id, p.memberId));
        // The enrolment invitation, unless the SCIM tab's option is off, the user arrives
        // deactivated, or a member taken over was invited already.
        const invite = Boolean(org.scimSendInvitations && input.active && !settings?.invitedAt);
        await recordScimEvent(
          tx,
          c,
          org.id,
          'scim.user_created',
          { type: 'member', id: String(p.memberId), display: p.name },
          {
            userName: input.userName,
            externalId: input.externalId,
            active: input.active,
            // A member of the same e-mail taken over instead of a new one (decision 050).
            takenOver: !p.created,
            invited: invite,
          },
        );
        if (invite) {
          await tx.update(members).set({ invitedAt: now }).where(eq(members.id, p.memberId));
          await enqueueInvitations(
            s,
            org,
            now,
            p.created,
          )(tx, [{ id: p.memberId, name: p.name, email: p.email, code: p.code }]);
        } else if (p.created) {
          await emitWebhookEvents(s.queue, tx, org.id, [
            {
              type: 'member.created',
              timestamp: now.toISOString(),
              data: { id: String(p.memberId), name: p.name, email: p.email },
            },
          ]);
        }
        return p;
      });
      const row = await findUser(s.db, org.id, provisioned.scimId);
      if (!row) throw new Error('provisioned user vanished');
      return answer(201, renderUser(c, row), { Location: userLocation(c, row.scimId) });
    }),
  );

  async function replaceAndAnswer(c: C, body: unknown) {
    const input = readUser(body);
    const member = memberOf(input);
    const id = idOf(c);
    const done = await s.db.transaction(async (tx) => {
      const replaced = await replaceUser(tx, c.var.org.id, id, input, member, s.now());
      if (!replaced) return null;
      const action =
        replaced.wasActive === input.active
          ? 'scim.user_updated'
          : input.active
            ? 'scim.user_reactivated'
            : 'scim.user_deactivated';
      await recordScimEvent(
        tx,
        c,
        c.var.org.id,
        action,
        { type: 'member', id: String(replaced.memberId), display: member.name },
        {
          method: c.req.method,
          userName: input.userName,
          externalId: input.externalId,
          active: input.active,
        },
      );
      return replaced;
    });
    if (!done) throw notFound('User');
    const row = await findUser(s.db, c.var.org.id, id);
    if (!row) throw notFound('User');
    return answer(200, renderUser(c, row));
  }

  scim.put(
    '/Users/:id',
    handle(async (c) => replaceAndAnswer(c, await readBody(c))),
  );

  scim.patch(
    '/Users/:id',
    handle(async (c) => {
      const body = await readBody(c);
      const row = await findUser(s.db, c.var.org.id, idOf(c));
      if (!row) throw notFound('User');
      return replaceAndAnswer(c, applyPatch(renderUser(c, row), body));
    }),
  );

  scim.delete(
    '/Users/:id',
    handle(async (c) => {
      const id = idOf(c);
      const done = await s.db.transaction(async (tx) => {
        const deleted = await deleteUser(tx, c.var.org.id, id, s.now());
        if (deleted) {
          await recordScimEvent(
            tx,
            c,
            c.var.org.id,
            'scim.user_deleted',
            { type: 'member', id: String(deleted.memberId), display: deleted.userName },
            { userName: deleted.userName, deactivated: true },
          );
        }
        return deleted;
      });
      if (done === null) throw notFound('User');
      return answer(204, null);
    }),
  );

  // Groups --------------------------------------------------------------------------------------
  const groupLocation = (c: C, id: string) => `${c.var.base}/Groups/${id}`;
  const renderGroup = (c: C, row: Parameters<typeof groupResource>[0]) =>
    groupResource(row, groupLocation(c, row.id), `${c.var.base}/Users`);

  scim.get(
    '/Groups',
    handle(async (c) => {
      const q = c.req.query();
      const paging = readPaging(q.startIndex, q.count);
      const projection = readProjection(q.attributes, q.excludedAttributes);
      const where = q.filter ? filterToSql(parseScimFilter(q.filter), groupFilterAttributes) : null;
      const wantsMembers = projection.include
        ? projection.include.some((p) => p[0] === 'members')
        : !projection.exclude.some((p) => p.length === 1 && p[0] === 'members');
      const { total, rows } = await listGroups(
        s.db,
        c.var.org.id,
        where,
        paging.start - 1,
        paging.count,
        wantsMembers,
      );
      return answer(
        200,
        listResponse(
          total,
          paging.start,
          rows.map((r) => project(renderGroup(c, r), projection)),
        ),
      );
    }),
  );

  scim.get(
    '/Groups/:id',
    handle(async (c) => {
      const q = c.req.query();
      const row = await findGroup(s.db, c.var.org.id, idOf(c));
      if (!row) throw notFound('Group');
      return answer(
        200,
        project(renderGroup(c, row), readProjection(q.attributes, q.excludedAttributes)),
      );
    }),
  );

  scim.post(
    '/Groups',
    handle(async (c) => {
      const input = readGroup(await readBody(c));
      const id = await s.db.transaction(async (tx) => {
        const created = await createGroup(tx, c.var.org.id, input, s.now());
        await recordScimEvent(
          tx,
          c,
          c.var.org.id,
          'scim.group_created',
          { type: 'scim', id: created, display: input.displayName },
          { externalId: input.externalId, members: input.members.length },
        );
        return created;
      });
      const row = await findGroup(s.db, c.var.org.id, id);
      if (!row) throw new Error('created group vanished');
      return answer(201, renderGroup(c, row), { Location: groupLocation(c, id) });
    }),
  );

  async function replaceGroupAndAnswer(c: C, body: unknown) {
    const input = readGroup(body);
    const id = idOf(c);
    const done = await s.db.transaction(async (tx) => {
      const replaced = await replaceGroup(tx, c.var.org.id, id, input, s.now());
      if (replaced) {
        await recordScimEvent(
          tx,
          c,
          c.var.org.id,
          'scim.group_updated',
          { type: 'scim', id, display: input.displayName },
          { method: c.req.method, externalId: input.externalId, members: input.members.length },
        );
      }
      return replaced;
    });
    if (!done) throw notFound('Group');
    const row = await findGroup(s.db, c.var.org.id, id);
    if (!row) throw notFound('Group');
    return answer(200, renderGroup(c, row));
  }

  scim.put(
    '/Groups/:id',
    handle(async (c) => replaceGroupAndAnswer(c, await readBody(c))),
  );

  scim.patch(
    '/Groups/:id',
    handle(async (c) => {
      const body = await readBody(c);
      const row = await findGroup(s.db, c.var.org.id, idOf(c));
      if (!row) throw notFound('Group');
      return replaceGroupAndAnswer(c, applyPatch(renderGroup(c, row), body));
    }),
  );

  scim.delete(
    '/Groups/:id',
    handle(async (c) => {
      const done = await s.db.transaction(async (tx) => {
        const deleted = await deleteGroup(tx, c.var.org.id, idOf(c));
        if (deleted) {
          await recordScimEvent(tx, c, c.var.org.id, 'scim.group_deleted', {
            type: 'scim',
            id: deleted.id,
            display: deleted.displayName,
          });
        }
        return deleted;
      });
      if (!done) throw notFound('Group');
      return answer(204, null);
    }),
  );

  scim.all('*', () => failure(new ScimHttpError(404, 'Not found.')));

  app.route(`${SCIM_PREFIX}/:slug`, scim);
  // /scim/v2 and /scim/v2/{slug} themselves, and anything else under /scim: SCIM 404s.
  app.all(`${SCIM_PREFIX}/*`, () => failure(new ScimHttpError(404, 'Not found.')));
  app.all(SCIM_PREFIX, () => failure(new ScimHttpError(404, 'Not found.')));
}

function tooMany(seconds: number) {
  return new ScimHttpError(429, 'Too many requests. Try again later.', 'tooMany', seconds);
}
