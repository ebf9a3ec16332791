/** contract/sso.ts endpoints against the seeded directory (server/seed/seed-sso.ts). */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SsoGroup } from '@contract/sso';
import { members, organizations, ssoConfigs } from '../db/schema';
import { createSession } from '../auth/sessions';
import { findUserWithOrgByEmail } from '../auth/users';
import { GLOBEX_GROUP_NAMES, OVERLAPPING_GROUPS } from '../seed/seed-sso';
import { DEMO, createTestApp } from '../test-support';
import { startTestProvider, type TestProvider } from '../test-support/oidc';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let acme: string;
let globex: string;
beforeEach(async () => {
  t = await createTestApp();
  acme = await t.signIn();
  // Globex's administrator signs in through the identity provider: a session made directly.
  const found = await findUserWithOrgByEmail(t.db, DEMO.sso.email);
  const { token } = await createSession(t.db, found?.user.id as number, t.clock.now());
  globex = `portal_session=${token}`;
}, 60_000);
afterEach(async () => {
  await t.close();
});

async function allGroups(cookie: string, searchQuery?: string) {
  const pages: SsoGroup[][] = [];
  let nextPage: string | null = null;
  do {
    const params = new URLSearchParams();
    if (nextPage) params.set('nextPage', nextPage);
    if (searchQuery) params.set('searchQuery', searchQuery);
    const r = await t.call('GET', `/api/orgs/sso/groups?${params}`, { cookie });
    expect(r.status, r.text).toBe(200);
    pages.push(r.data.groups);
    nextPage = r.data.nextPage;
  } while (nextPage && pages.length < 10);
  return pages;
}

const groupIdsByName = async (names: readonly string[]) => {
  const groups = (await allGroups(globex)).flat();
  return names.map((n) => groups.find((g) => g.name === n)?.id as string);
};

describe('SSO groups and their members', () => {
  it('pages through 40 groups, 15 a page, by name', async () => {
    const pages = await allGroups(globex);
    expect(pages.map((p) => p.length)).toEqual([15, 15, 10]);
    const names = pages.flat().map((g) => g.name);
    expect(names).toHaveLength(40);
    expect(new Set(names)).toEqual(new Set(GLOBEX_GROUP_NAMES));
    const folded = names.map((n) => n.toLowerCase());
    expect(folded).toEqual([...folded].sort());
  });

  it('searches names case-insensitively, with paging', async () => {
    const sales = (await allGroups(globex, 'SALES')).flat().map((g) => g.name);
    expect(sales).toEqual(['Sales Americas', 'Sales APAC', 'Sales EMEA', 'Sales Engineering']);
    expect((await allGroups(globex, 'office')).flat()).toHaveLength(4);
    expect((await allGroups(globex, 'no such group')).flat()).toEqual([]);
    // '%' and '_' are plain characters.
    expect((await allGroups(globex, '%')).flat()).toEqual([]);
  });

  it('400 for a cursor it never issued', async () => {
    const r = await t.call('GET', '/api/orgs/sso/groups?nextPage=bogus', { cookie: globex });
    expect(r.status).toBe(400);
    expect(r.data.error).toContain('load the list again');
  });

  it('members of two groups sharing people are deduplicated', async () => {
    const [first, second] = await groupIdsByName([
      OVERLAPPING_GROUPS.first,
      OVERLAPPING_GROUPS.second,
    ]);
    const one = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [first] },
      cookie: globex,
    });
    const two = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [second] },
      cookie: globex,
    });
    const both = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [first, second, first] },
      cookie: globex,
    });
    expect(one.data.memberCount).toBe(12);
    expect(two.data.memberCount).toBe(7);
    expect(both.data.memberCount).toBe(12 + 7 - OVERLAPPING_GROUPS.shared);
    expect(both.data.members).toHaveLength(both.data.memberCount);
    const ids = both.data.members.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of both.data.members) expect(m.email).toMatch(/@globex\.test$/);
  });

  it('create-sso-members: skips existing members unless re-allowed, creates the rest', async () => {
    const [fieldOps] = await groupIdsByName(['Field Ops']);
    const group = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [fieldOps] },
      cookie: globex,
    });
    expect(group.data.memberCount).toBe(10);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.slug, 'globex'));
    const before = await t.db
      .select()
      .from(members)
      .where(eq(members.orgId, org?.id as number));
    const existing = new Set(before.map((m) => m.email));
    const dupes = group.data.members.filter((m: { email: string }) => existing.has(m.email));
    expect(dupes).toHaveLength(4);

    const r = await t.call('POST', '/api/orgs/create-sso-members', {
      json: { ssoGroups: [{ id: fieldOps, name: 'Field Ops' }], allowedDuplicates: [dupes[0]] },
      cookie: globex,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ numMembersCreated: 7 });
    const after = await t.db
      .select()
      .from(members)
      .where(eq(members.orgId, org?.id as number));
    expect(after).toHaveLength(before.length + 7);
    const mails = (await t.call('GET', '/api/dev/outbox', { cookie: globex })).data.messages;
    expect(mails).toHaveLength(7);
    expect(mails[0].subject).toBe('Your enrolment code for Globex');
  });

  it('409 for the directory calls of an organization without SSO; 401 without a session', async () => {
    const groups = await t.call('GET', '/api/orgs/sso/groups', { cookie: acme });
    expect(groups.status).toBe(409);
    expect(groups.data.error).toContain('Single sign-on is not set up');
    expect(
      (await t.call('POST', '/api/orgs/sso/groups', { json: { groups: ['x'] }, cookie: acme }))
        .status,
    ).toBe(409);
    expect(
      (
        await t.call('POST', '/api/orgs/create-sso-members', {
          json: { ssoGroups: [{ id: 'x', name: 'X' }] },
          cookie: acme,
        })
      ).status,
    ).toBe(409);
    for (const [method, path] of [
      ['GET', '/api/orgs/sso/groups'],
      ['POST', '/api/orgs/sso/groups'],
      ['GET', '/api/orgs/sso/provider'],
      ['POST', '/api/orgs/sso'],
      ['DELETE', '/api/orgs/sso'],
      ['POST', '/api/orgs/create-sso-members'],
    ] as const) {
      expect((await t.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('SSO configuration', () => {
  // "Apply Settings" checks the issuer's discovery document: a real OpenID Provider answers it.
  let idp: TestProvider;
  const config = {
    clientId: '0oa-acme',
    clientSecret: 'super-secret-value',
    provider: 'azure',
    slug: 'acme',
    tenant: '',
  };
  beforeAll(async () => {
    idp = await startTestProvider({ clients: [] });
    config.tenant = idp.issuer;
  });
  afterAll(async () => {
    await idp.close();
  });

  it('stores the configuration, turns SSO on, never answers or logs the secret', async () => {
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: acme })).data).toEqual({
      provider: null,
    });
    const r = await t.call('POST', '/api/orgs/sso', { json: config, cookie: acme });
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toContain('super-secret-value');
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: acme })).data).toEqual({
      provider: 'azure',
    });
    expect((await t.call('POST', '/api/orgs/lookup', { json: { slug: 'Acme' } })).data.sso).toBe(
      true,
    );
    const [org] = await t.db.select().from(organizations).where(eq(organizations.slug, 'acme'));
    const [stored] = await t.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.orgId, org?.id as number));
    expect(stored).toMatchObject({
      provider: 'azure',
      clientId: '0oa-acme',
      tenant: config.tenant,
    });
    // Acme's small directory answers now.
    const groups = await t.call('GET', '/api/orgs/sso/groups', { cookie: acme });
    expect(groups.data.groups.map((g: SsoGroup) => g.name)).toEqual([
      'Engineering',
      'Everyone',
      'Leadership',
      'Sales',
      'Support',
    ]);
    expect(t.logger.lines.join('\n')).not.toContain('super-secret-value');

    // Disconnect: provider and configuration cleared.
    expect((await t.call('DELETE', '/api/orgs/sso', { cookie: acme })).status).toBe(200);
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: acme })).data).toEqual({
      provider: null,
    });
    expect((await t.call('POST', '/api/orgs/lookup', { json: { slug: 'acme' } })).data.sso).toBe(
      false,
    );
    expect(
      await t.db
        .select()
        .from(ssoConfigs)
        .where(eq(ssoConfigs.orgId, org?.id as number)),
    ).toEqual([]);
  });

  it("403 for another organization's slug; 400 for missing fields", async () => {
    const r = await t.call('POST', '/api/orgs/sso', {
      json: { ...config, slug: 'globex' },
      cookie: acme,
    });
    expect(r.status).toBe(403);
    const bad = await t.call('POST', '/api/orgs/sso', {
      json: { ...config, clientSecret: ' ' },
      cookie: acme,
    });
    expect(bad.status).toBe(400);
  });

  it('refuses to disconnect while an administrator can sign in only through SSO (409)', async () => {
    const r = await t.call('DELETE', '/api/orgs/sso', { cookie: globex });
    expect(r.status).toBe(409);
    expect(r.data.error).toContain('sso.admin@globex.test');
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: globex })).data).toEqual({
      provider: 'okta',
    });
  });

  it('checks the issuer before saving: unreachable, not an OpenID Provider, a bad Tenant (400, nothing saved)', async () => {
    for (const [tenant, message] of [
      ['http://127.0.0.1:9', /Could not reach the identity provider at http:\/\/127\.0\.0\.1:9/],
      [`${idp.issuer}/not-here`, /is not an OpenID Provider/],
      ['http://example.test/idp', /must use https/],
      ['common', /Multi-tenant endpoints/],
      ['not a domain', /Microsoft Entra tenant ID/],
    ] as const) {
      const r = await t.call('POST', '/api/orgs/sso', {
        json: { ...config, tenant },
        cookie: acme,
      });
      expect(r.status, tenant).toBe(400);
      expect(r.data.error, tenant).toMatch(message);
      expect(r.data.issues, tenant).toEqual([{ path: 'tenant', message: r.data.error }]);
    }
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: acme })).data.provider).toBe(
      null,
    );
  });

  it('answers the saved settings without the secret; an empty secret keeps the saved one', async () => {
    const none = await t.call('GET', '/api/orgs/sso', { cookie: acme });
    expect(none.data).toEqual({
      provider: null,
      clientId: null,
      tenant: null,
      clientSecretSaved: false,
      redirectUrl: 'http://localhost/api/oauth/callback',
    });
    // No secret saved yet: it is required.
    const { clientSecret: _secret, ...withoutSecret } = config;
    const missing = await t.call('POST', '/api/orgs/sso', { json: withoutSecret, cookie: acme });
    expect(missing.status).toBe(400);
    expect(missing.data.issues[0].path).toBe('clientSecret');
    expect((await t.call('POST', '/api/orgs/sso', { json: config, cookie: acme })).status).toBe(
      200,
    );
    const saved = await t.call('GET', '/api/orgs/sso', { cookie: acme });
    expect(saved.data).toMatchObject({
      provider: 'azure',
      clientId: '0oa-acme',
      tenant: idp.issuer,
      clientSecretSaved: true,
    });
    expect(saved.text).not.toContain('super-secret-value');
    // Saved again without a secret (the screen shows it as "saved"): the stored one stays.
    expect(
      (await t.call('POST', '/api/orgs/sso', { json: withoutSecret, cookie: acme })).status,
    ).toBe(200);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.slug, 'acme'));
    const [stored] = await t.db.select().from(ssoConfigs).where(eq(ssoConfigs.orgId, org!.id));
    expect(stored!.clientSecret).toBe('super-secret-value');
    // Another application (client id): its secret must be entered.
    const other = await t.call('POST', '/api/orgs/sso', {
      json: { ...withoutSecret, clientId: 'another-app' },
      cookie: acme,
    });
    expect(other.status).toBe(400);
    // Globex's view is its own (the development provider's client, secret never answered).
    const globexView = await t.call('GET', '/api/orgs/sso', { cookie: globex });
    expect(globexView.data).toMatchObject({
      provider: 'okta',
      clientId: 'globex-portal',
      clientSecretSaved: true,
    });
    expect(globexView.text).not.toContain('globex-development-secret');
  });
});
