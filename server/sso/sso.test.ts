/** contract/sso.ts endpoints against a directory the test makes (test-support/factories.ts). */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SsoGroup } from '@contract/sso';
import { members, ssoConfigs } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { startTestProvider, type TestProvider } from '../test-support/oidc';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Umbrella's directory (SSO through okta; its administrator has no password): 60 users, the first
 * 4 of them its 4 members, in 40 groups. 'Engineering' (12 people) and 'Platform' (7) share 3;
 * 'Field Ops' (10) holds the 4 members and 6 more; four 'Sales …' and four '… Office …' groups to
 * search; the rest fillers.
 */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const OVERLAPPING_GROUPS = { first: 'Engineering', second: 'Platform', shared: 3 } as const;
const SALES_GROUPS = ['Sales Americas', 'Sales APAC', 'Sales EMEA', 'Sales Engineering'];
const OFFICE_GROUPS = ['Office Berlin', 'Office London', 'Back Office', 'Home Office'];
const UMBRELLA_GROUPS: Array<{ name: string; users: number[] }> = [
  { name: 'Engineering', users: range(4, 16) },
  { name: 'Platform', users: range(13, 20) },
  { name: 'Field Ops', users: [...range(0, 4), ...range(20, 26)] },
  ...SALES_GROUPS.map((name, i) => ({ name, users: range(26 + 2 * i, 29 + 2 * i) })),
  ...OFFICE_GROUPS.map((name, i) => ({ name, users: range(36 + 3 * i, 40 + 3 * i) })),
  ...range(1, 30).map((n) => ({
    name: `Project ${String(n).padStart(2, '0')}`,
    users: range(n, n + 3 + (n % 5)),
  })),
];
/** Example's small directory (no SSO until an administrator sets it up). */
const EXAMPLE_GROUPS = ['Everyone', 'Engineering', 'Sales', 'Support', 'Leadership'];

let t: TestApp;
let example: TestOrg;
let umbrella: TestOrg;
let exampleAdmin: string;
let umbrellaAdmin: string;
beforeEach(async () => {
  t = await createTestApp();
  example = await makeOrg(t, {
    name: 'Example',
    members: 3,
    directory: {
      memberUsers: 1,
      users: 11,
      groups: EXAMPLE_GROUPS.map((name, i) => ({
        name,
        users: name === 'Everyone' ? 'all' : [i, i + 1, i + 2],
      })),
    },
  });
  // Umbrella's administrator signs in through the identity provider: the factory's session.
  umbrella = await makeOrg(t, {
    name: 'Umbrella',
    sso: 'okta',
    admin: { password: null },
    members: 4,
    directory: { memberUsers: 4, users: 56, groups: UMBRELLA_GROUPS },
  });
  exampleAdmin = example.cookie;
  umbrellaAdmin = umbrella.cookie;
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
  const groups = (await allGroups(umbrellaAdmin)).flat();
  return names.map((n) => groups.find((g) => g.name === n)?.id as string);
};

describe('SSO groups and their members', () => {
  it('pages through 40 groups, 15 a page, by name', async () => {
    const pages = await allGroups(umbrellaAdmin);
    expect(UMBRELLA_GROUPS).toHaveLength(40);
    expect(pages.map((p) => p.length)).toEqual([15, 15, 10]);
    const names = pages.flat().map((g) => g.name);
    expect(names).toHaveLength(40);
    expect(new Set(names)).toEqual(new Set(UMBRELLA_GROUPS.map((g) => g.name)));
    const folded = names.map((n) => n.toLowerCase());
    expect(folded).toEqual([...folded].sort());
  });

  it('searches names case-insensitively, with paging', async () => {
    const sales = (await allGroups(umbrellaAdmin, 'SALES')).flat().map((g) => g.name);
    expect(sales).toEqual(['Sales Americas', 'Sales APAC', 'Sales EMEA', 'Sales Engineering']);
    expect((await allGroups(umbrellaAdmin, 'OFFICE')).flat()).toHaveLength(OFFICE_GROUPS.length);
    expect((await allGroups(umbrellaAdmin, 'no such group')).flat()).toEqual([]);
    // '%' and '_' are plain characters.
    expect((await allGroups(umbrellaAdmin, '%')).flat()).toEqual([]);
  });

  it('400 for a cursor it never issued', async () => {
    const r = await t.call('GET', '/api/orgs/sso/groups?nextPage=bogus', { cookie: umbrellaAdmin });
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
      cookie: umbrellaAdmin,
    });
    const two = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [second] },
      cookie: umbrellaAdmin,
    });
    const both = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [first, second, first] },
      cookie: umbrellaAdmin,
    });
    const usersOf = (name: string) =>
      umbrella.directory.groups.find((g) => g.name === name)!.userIds;
    expect(usersOf(OVERLAPPING_GROUPS.first)).toHaveLength(12);
    expect(usersOf(OVERLAPPING_GROUPS.second)).toHaveLength(7);
    expect(one.data.memberCount).toBe(12);
    expect(two.data.memberCount).toBe(7);
    expect(both.data.memberCount).toBe(12 + 7 - OVERLAPPING_GROUPS.shared);
    expect(both.data.members).toHaveLength(both.data.memberCount);
    const ids = both.data.members.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of both.data.members) expect(m.email).toMatch(/@umbrella\.test$/);
  });

  it('create-sso-members: skips existing members unless re-allowed, creates the rest', async () => {
    const [fieldOps] = await groupIdsByName(['Field Ops']);
    const group = await t.call('POST', '/api/orgs/sso/groups', {
      json: { groups: [fieldOps] },
      cookie: umbrellaAdmin,
    });
    expect(group.data.memberCount).toBe(10);
    const before = await t.db.select().from(members).where(eq(members.orgId, umbrella.id));
    const existing = new Set(before.map((m) => m.email));
    const dupes = group.data.members.filter((m: { email: string }) => existing.has(m.email));
    expect(dupes).toHaveLength(umbrella.members.length);

    const r = await t.call('POST', '/api/orgs/create-sso-members', {
      json: { ssoGroups: [{ id: fieldOps, name: 'Field Ops' }], allowedDuplicates: [dupes[0]] },
      cookie: umbrellaAdmin,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ numMembersCreated: 7 });
    const after = await t.db.select().from(members).where(eq(members.orgId, umbrella.id));
    expect(after).toHaveLength(before.length + 7);
    const mails = (await t.call('GET', '/api/dev/outbox', { cookie: umbrellaAdmin })).data.messages;
    expect(mails).toHaveLength(7);
    expect(mails[0].subject).toBe('Your enrolment code for Umbrella');
  });

  it('409 for the directory calls of an organization without SSO; 401 without a session', async () => {
    const groups = await t.call('GET', '/api/orgs/sso/groups', { cookie: exampleAdmin });
    expect(groups.status).toBe(409);
    expect(groups.data.error).toContain('Single sign-on is not set up');
    expect(
      (
        await t.call('POST', '/api/orgs/sso/groups', {
          json: { groups: ['x'] },
          cookie: exampleAdmin,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.call('POST', '/api/orgs/create-sso-members', {
          json: { ssoGroups: [{ id: 'x', name: 'X' }] },
          cookie: exampleAdmin,
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
  const config = () => ({
    clientId: '0oa-example',
    clientSecret: 'super-secret-value',
    provider: 'azure',
    slug: example.slug,
    tenant: idp.issuer,
  });
  beforeAll(async () => {
    idp = await startTestProvider({ clients: [] });
  });
  afterAll(async () => {
    await idp.close();
  });

  it('stores the configuration, turns SSO on, never answers or logs the secret', async () => {
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: exampleAdmin })).data).toEqual({
      provider: null,
    });
    const r = await t.call('POST', '/api/orgs/sso', { json: config(), cookie: exampleAdmin });
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toContain('super-secret-value');
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: exampleAdmin })).data).toEqual({
      provider: 'azure',
    });
    expect((await t.call('POST', '/api/orgs/lookup', { json: { slug: 'Example' } })).data.sso).toBe(
      true,
    );
    const [stored] = await t.db.select().from(ssoConfigs).where(eq(ssoConfigs.orgId, example.id));
    expect(stored).toMatchObject({
      provider: 'azure',
      clientId: '0oa-example',
      tenant: config().tenant,
    });
    // Example's small directory answers now.
    const groups = await t.call('GET', '/api/orgs/sso/groups', { cookie: exampleAdmin });
    expect(groups.data.groups.map((g: SsoGroup) => g.name)).toEqual([...EXAMPLE_GROUPS].sort());
    expect(t.logger.lines.join('\n')).not.toContain('super-secret-value');

    // Disconnect: provider and configuration cleared.
    expect((await t.call('DELETE', '/api/orgs/sso', { cookie: exampleAdmin })).status).toBe(200);
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: exampleAdmin })).data).toEqual({
      provider: null,
    });
    expect(
      (await t.call('POST', '/api/orgs/lookup', { json: { slug: example.slug } })).data.sso,
    ).toBe(false);
    expect(await t.db.select().from(ssoConfigs).where(eq(ssoConfigs.orgId, example.id))).toEqual(
      [],
    );
  });

  it("403 for another organization's slug; 400 for missing fields", async () => {
    const r = await t.call('POST', '/api/orgs/sso', {
      json: { ...config(), slug: umbrella.slug },
      cookie: exampleAdmin,
    });
    expect(r.status).toBe(403);
    const bad = await t.call('POST', '/api/orgs/sso', {
      json: { ...config(), clientSecret: ' ' },
      cookie: exampleAdmin,
    });
    expect(bad.status).toBe(400);
  });

  it('refuses to disconnect while an administrator can sign in only through SSO (409)', async () => {
    const r = await t.call('DELETE', '/api/orgs/sso', { cookie: umbrellaAdmin });
    expect(r.status).toBe(409);
    expect(r.data.error).toContain(umbrella.admin.email);
    expect((await t.call('GET', '/api/orgs/sso/provider', { cookie: umbrellaAdmin })).data).toEqual(
      {
        provider: 'okta',
      },
    );
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
        json: { ...config(), tenant },
        cookie: exampleAdmin,
      });
      expect(r.status, tenant).toBe(400);
      expect(r.data.error, tenant).toMatch(message);
      expect(r.data.issues, tenant).toEqual([{ path: 'tenant', message: r.data.error }]);
    }
    expect(
      (await t.call('GET', '/api/orgs/sso/provider', { cookie: exampleAdmin })).data.provider,
    ).toBe(null);
  });

  it('answers the saved settings without the secret; an empty secret keeps the saved one', async () => {
    const none = await t.call('GET', '/api/orgs/sso', { cookie: exampleAdmin });
    expect(none.data).toEqual({
      provider: null,
      clientId: null,
      tenant: null,
      clientSecretSaved: false,
      redirectUrl: 'http://localhost/api/oauth/callback',
    });
    // No secret saved yet: it is required.
    const { clientSecret: _secret, ...withoutSecret } = config();
    const missing = await t.call('POST', '/api/orgs/sso', {
      json: withoutSecret,
      cookie: exampleAdmin,
    });
    expect(missing.status).toBe(400);
    expect(missing.data.issues[0].path).toBe('clientSecret');
    expect(
      (await t.call('POST', '/api/orgs/sso', { json: config(), cookie: exampleAdmin })).status,
    ).toBe(200);
    const saved = await t.call('GET', '/api/orgs/sso', { cookie: exampleAdmin });
    expect(saved.data).toMatchObject({
      provider: 'azure',
      clientId: '0oa-example',
      tenant: idp.issuer,
      clientSecretSaved: true,
    });
    expect(saved.text).not.toContain('super-secret-value');
    // Saved again without a secret (the screen shows it as "saved"): the stored one stays.
    expect(
      (await t.call('POST', '/api/orgs/sso', { json: withoutSecret, cookie: exampleAdmin })).status,
    ).toBe(200);
    const [stored] = await t.db.select().from(ssoConfigs).where(eq(ssoConfigs.orgId, example.id));
    expect(stored!.clientSecret).toBe('super-secret-value');
    // Another application (client id): its secret must be entered.
    const other = await t.call('POST', '/api/orgs/sso', {
      json: { ...withoutSecret, clientId: 'another-app' },
      cookie: exampleAdmin,
    });
    expect(other.status).toBe(400);
    // Umbrella's view is its own (the client the factory saved for it, secret never answered).
    const umbrellaView = await t.call('GET', '/api/orgs/sso', { cookie: umbrellaAdmin });
    expect(umbrellaView.data).toMatchObject({
      provider: 'okta',
      clientId: 'umbrella-client-id',
      clientSecretSaved: true,
    });
    expect(umbrellaView.text).not.toContain('umbrella-client-secret');
  });
});
