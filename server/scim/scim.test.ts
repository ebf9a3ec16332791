/**
 * The SCIM service as a whole (docs/decisions/050-scim.md): who may call it, discovery, the
 * rate limit, cross-organization isolation and hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { createApp } from '../app';
import { createTestApp, deadlockingDatabase } from '../test-support';
import { SCIM_ERROR_SCHEMA } from './errors';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { scimClient } from './scim-test-client';
import { GROUP, PATCH_OP, USER } from './fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let acme: TestOrg;
let globex: TestOrg;

let acmeScim: ReturnType<typeof scimClient>;
let globexScim: ReturnType<typeof scimClient>;

beforeAll(async () => {
  t = await createTestApp({ scimRateLimit: { burst: 1000, perSecond: 1000 } });
  acme = await makeOrg(t, { slug: 'scim-acme', credentials: ['scim'] });
  globex = await makeOrg(t, { slug: 'scim-globex', credentials: ['scim'] });
  await makeOrg(t, { slug: 'scim-plain' });
  acmeScim = scimClient(t.app, 'scim-acme', acme.credentials.scim as string);
  globexScim = scimClient(t.app, 'scim-globex', globex.credentials.scim as string);
});
afterAll(() => t.close());

const user = (userName: string) => ({
  schemas: [USER],
  userName,
  emails: [{ value: userName, primary: true }],
});

describe('authentication', () => {
  it.each([
    ['no header', null],
    ['a wrong token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['not a bearer', 'Basic dXNlcjpwYXNz'],
    ['a bearer with junk', 'Bearer a b c'],
  ])('%s: 401 with a SCIM error and no hint', async (_, header) => {
    const r = await scimClient(t.app, 'scim-acme', header)('GET', '/Users');
    expect(r.status).toBe(401);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(r.data).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
      detail: 'The request is not authorized.',
    });
  });

  it("another organization's token on this organization's URL is the same 401", async () => {
    const r = await scimClient(
      t.app,
      'scim-acme',
      globex.credentials.scim as string,
    )('GET', '/Users');
    expect(r.status).toBe(401);
    expect(r.data.detail).toBe('The request is not authorized.');
  });

  it('a disabled SCIM (no credential), an unknown slug: the same 401', async () => {
    expect(
      (await scimClient(t.app, 'scim-plain', acme.credentials.scim as string)('GET', '/Users'))
        .status,
    ).toBe(401);
    expect(
      (await scimClient(t.app, 'nobody', acme.credentials.scim as string)('GET', '/Users')).status,
    ).toBe(401);
  });

  it('a session cookie authenticates nothing, and no CSRF header is needed', async () => {
    const cookie = await t.signIn(acme.admin.email, acme.admin.password as string);
    const withCookie = await scimClient(t.app, 'scim-acme', null)('GET', '/Users', undefined, {
      headers: { cookie, 'x-requested-with': 'portal' },
    });
    expect(withCookie.status).toBe(401);
    const post = await acmeScim('POST', '/Users', user('nocsrf@example.com'), {
      headers: { origin: 'https://idp.example.com' },
    });
    expect(post.status).toBe(201);
  });

  it('accepts the scheme in any case, as HTTP allows', async () => {
    const token = (acme.credentials.scim as string).replace(/^Bearer /, 'bearer ');
    expect(
      (await scimClient(t.app, 'scim-acme', token)('GET', '/ServiceProviderConfig')).status,
    ).toBe(200);
  });
});

describe('discovery', () => {
  it('ServiceProviderConfig says exactly what is supported', async () => {
    const r = await acmeScim('GET', '/ServiceProviderConfig');
    expect(r.data).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
  });

  it('ResourceTypes and Schemas: User with the enterprise extension, Group', async () => {
    const types = await acmeScim('GET', '/ResourceTypes');
    expect(types.data.Resources.map((x: { id: string }) => x.id)).toEqual(['User', 'Group']);
    expect((await acmeScim('GET', '/ResourceTypes/User')).data.schemaExtensions).toEqual([
      { schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', required: false },
    ]);
    const schemas = await acmeScim('GET', '/Schemas');
    expect(schemas.data.Resources.map((x: { id: string }) => x.id)).toEqual([
      USER,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      GROUP,
    ]);
    const userSchema = (await acmeScim('GET', `/Schemas/${USER}`)).data;
    const userName = userSchema.attributes.find((a: { name: string }) => a.name === 'userName');
    expect(userName).toMatchObject({ required: true, uniqueness: 'server', type: 'string' });
    expect((await acmeScim('GET', '/Schemas/urn:nope')).status).toBe(404);
  });

  it('an unknown path under the service is a SCIM 404', async () => {
    const r = await acmeScim('GET', '/Bulk');
    expect(r.status).toBe(404);
    expect(r.data.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  });
});

describe('cross-organization isolation', () => {
  it("one organization's token can neither see nor change another's users and groups, even by id", async () => {
    const u = (await acmeScim('POST', '/Users', user('isolated@acme.example'))).data.id;
    const g = (
      await acmeScim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'Acme only',
        members: [{ value: u }],
      })
    ).data.id;
    expect((await globexScim('GET', `/Users/${u}`)).status).toBe(404);
    expect(
      (
        await globexScim(
          'GET',
          `/Users?filter=${encodeURIComponent('userName eq "isolated@acme.example"')}`,
        )
      ).data.totalResults,
    ).toBe(0);
    expect(
      (await globexScim('GET', `/Users?filter=${encodeURIComponent(`id eq "${u}"`)}`)).data
        .totalResults,
    ).toBe(0);
    expect((await globexScim('PUT', `/Users/${u}`, user('hijack@globex.example'))).status).toBe(
      404,
    );
    expect(
      (
        await globexScim('PATCH', `/Users/${u}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        })
      ).status,
    ).toBe(404);
    expect((await globexScim('DELETE', `/Users/${u}`)).status).toBe(404);
    expect((await globexScim('GET', `/Groups/${g}`)).status).toBe(404);
    expect((await globexScim('GET', '/Groups')).data.totalResults).toBe(0);
    expect(
      (
        await globexScim('PATCH', `/Groups/${g}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'remove', path: 'members' }],
        })
      ).status,
    ).toBe(404);
    expect((await globexScim('DELETE', `/Groups/${g}`)).status).toBe(404);
    // Nor put another organization's user into its own group.
    const own = await globexScim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'G',
      members: [{ value: u }],
    });
    expect(own.status).toBe(400);
    // Acme's user and group are untouched.
    const after = await acmeScim('GET', `/Users/${u}`);
    expect(after.data).toMatchObject({ userName: 'isolated@acme.example', active: true });
    expect((await acmeScim('GET', `/Groups/${g}`)).data.members).toHaveLength(1);
    // The same userName may exist in both organizations.
    expect((await globexScim('POST', '/Users', user('isolated@acme.example'))).status).toBe(201);
  });
});

describe('hostile input', () => {
  it.each([
    ['invalid JSON', '{"userName": '],
    ['an empty body', ''],
    ['a JSON string', '"x"'],
    ['deep nesting', `{"userName":"a@b.co","name":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`],
    ['a huge attribute', JSON.stringify({ ...user('a@b.co'), title: 'x'.repeat(5000) })],
    ['an unknown attribute', JSON.stringify({ ...user('a@b.co'), isAdmin: true })],
    ['a prototype key', '{"userName":"a@b.co","__proto__":{"x":1}}'],
  ])('POST /Users with %s: 400, never 500', async (_, raw) => {
    const r = await acmeScim('POST', '/Users', undefined, { raw });
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '400',
    });
  });

  it.each([
    ['a huge filter', `userName eq "${'x'.repeat(5000)}"`],
    ['deep nesting', `${'('.repeat(200)}userName eq "x"${')'.repeat(200)}`],
    ['many terms', Array.from({ length: 100 }, (_, i) => `userName eq "u${i}"`).join(' or ')],
    ['garbage', '";DROP TABLE members;--'],
    ['an unbalanced bracket', 'emails[type eq "work"'],
    ['a comparison of a date with junk', 'meta.created gt "yesterday"'],
  ])('GET /Users with %s: 400 invalidFilter', async (_, filter) => {
    const r = await acmeScim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(r.status).toBe(400);
    expect(r.data.scimType).toBe('invalidFilter');
  });

  it('a PATCH with deeply nested or huge operation lists: 400', async () => {
    const u = (await acmeScim('POST', '/Users', user('hostile-patch@example.com'))).data.id;
    const many = {
      schemas: [PATCH_OP],
      Operations: Array.from({ length: 500 }, () => ({ op: 'replace', path: 'title', value: 'x' })),
    };
    expect((await acmeScim('PATCH', `/Users/${u}`, many)).status).toBe(400);
    const odd = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'name.givenName.x.y', value: 'x' }],
    };
    expect((await acmeScim('PATCH', `/Users/${u}`, odd)).status).toBe(400);
    const notList = { schemas: [PATCH_OP], Operations: { op: 'replace' } };
    expect((await acmeScim('PATCH', `/Users/${u}`, notList)).status).toBe(400);
  });

  it('a body over 1 MB: 413 SCIM error', async () => {
    const r = await acmeScim('POST', '/Users', undefined, {
      raw: JSON.stringify({ ...user('big@example.com'), title: 'x'.repeat(1_100_000) }),
    });
    expect(r.status).toBe(413);
    expect(r.data.status).toBe('413');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-organization budget; others are unaffected', async () => {
    const app = await createTestApp({ scimRateLimit: { burst: 3, perSecond: 1 } });
    try {
      const a = await makeOrg(app, { slug: 'rl-a', credentials: ['scim'] });
      const b = await makeOrg(app, { slug: 'rl-b', credentials: ['scim'] });
      const sa = scimClient(app.app, 'rl-a', a.credentials.scim as string);
      const sb = scimClient(app.app, 'rl-b', b.credentials.scim as string);
      for (let i = 0; i < 3; i++) expect((await sa('GET', '/Users')).status).toBe(200);
      const limited = await sa('GET', '/Users');
      expect(limited.status).toBe(429);
      expect(limited.res.headers.get('retry-after')).toBe('1');
      expect(limited.data).toMatchObject({ status: '429', scimType: 'tooMany' });
      expect((await sb('GET', '/Users')).status).toBe(200);
      app.clock.advance(2000);
      expect((await sa('GET', '/Users')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('database conflicts', () => {
  it('a change that lost a deadlock changed nothing and answers 503 with Retry-After; sent again it passes', async () => {
    // Another app on the same database whose next transaction loses a deadlock.
    const db = deadlockingDatabase(t.db, 'transaction');
    const other = createApp({
      db,
      now: t.clock.now,
      logger: t.logger,
      scimRateLimit: { burst: 1000, perSecond: 1000 },
    });
    const scim = scimClient(other, 'scim-acme', acme.credentials.scim as string);
    const lost = await scim('POST', '/Users', user('conflict@scim-acme.test'));
    expect(lost.status).toBe(503);
    expect(lost.res.headers.get('retry-after')).toBe('1');
    expect(lost.data).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: '503' });
    const found = await acmeScim(
      'GET',
      '/Users?filter=userName%20eq%20%22conflict%40scim-acme.test%22',
    );
    expect(found.data.totalResults).toBe(0);
    expect(t.logger.lines.join('\n')).toMatch(/^warn \[scim\] POST .*: database conflict/m);
    expect((await scim('POST', '/Users', user('conflict@scim-acme.test'))).status).toBe(201);
  });
});

describe('audit', () => {
  it("every SCIM write is an event with actor scim, in the change's transaction; reads are not", async () => {
    const org = await makeOrg(t, { slug: 'scim-audit', credentials: ['scim'] });
    const s = scimClient(t.app, 'scim-audit', org.credentials.scim as string);
    const id = (await s('POST', '/Users', user('audited@example.com'))).data.id;
    await s('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'title', value: 'Lead' }],
    });
    await s('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    await s('PUT', `/Users/${id}`, { ...user('audited@example.com'), active: true });
    const g = (
      await s('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'Audited',
        members: [{ value: id }],
      })
    ).data.id;
    await s('PATCH', `/Groups/${g}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: 'members' }],
    });
    await s('DELETE', `/Groups/${g}`);
    await s('DELETE', `/Users/${id}`);
    await s('GET', '/Users');
    await s('POST', '/Users', { bad: true });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.orgId, org.id))
      .orderBy(asc(auditEvents.seq));
    expect(events.map((e) => e.action)).toEqual([
      'scim.user_created',
      'scim.user_updated',
      'scim.user_deactivated',
      'scim.user_reactivated',
      'scim.group_created',
      'scim.group_updated',
      'scim.group_deleted',
      'scim.user_deleted',
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ actorType: 'scim', actorId: 'provisioning', outcome: 'success' });
    }
    expect(events[0]).toMatchObject({ targetType: 'member', targetDisplay: 'audited@example.com' });
    expect(events[0]?.changes).toMatchObject({ userName: 'audited@example.com', invited: true });
    expect(events[4]).toMatchObject({ targetType: 'scim', targetId: g, targetDisplay: 'Audited' });
    expect(JSON.stringify(events)).not.toContain(org.credentials.scim as string);
  });
});
