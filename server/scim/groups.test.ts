/**
 * The SCIM service's Groups (docs/product/settings.md, 'SCIM'): each verb, member changes in
 * RFC 7644's, Okta's and Entra ID's forms, filters.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';
import { scimClient } from './scim-test-client';
import { GROUP, PATCH_OP, USER, entraCreateGroup } from './fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let scim: ReturnType<typeof scimClient>;
let orgId: number;
let alice: string;
let bob: string;
let carol: string;

beforeEach(async () => {
  n += 1;
  const org = await makeOrg(t, { slug: `scim-groups-${n}`, credentials: ['scim'] });
  orgId = org.id;
  scim = scimClient(t.app, org.slug, org.credentials.scim as string);
  const make = async (name: string) =>
    (
      await scim('POST', '/Users', {
        schemas: [USER],
        userName: `${name}@example.com`,
        displayName: name,
        emails: [{ value: `${name}@example.com`, primary: true }],
      })
    ).data.id as string;
  alice = await make('alice');
  bob = await make('bob');
  carol = await make('carol');
});

const valuesOf = (data: { members: { value: string }[] }) =>
  data.members.map((m) => m.value).sort();

describe('Groups', () => {
  it('POST creates a group with members (201, Location, display names)', async () => {
    const r = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Tour Guides',
      externalId: 'okta-00g1',
      members: [{ value: alice }, { value: bob, display: 'ignored' }],
    });
    expect(r.status).toBe(201);
    expect(r.res.headers.get('location')).toMatch(new RegExp(`/Groups/${r.data.id}$`));
    expect(r.data).toMatchObject({
      schemas: [GROUP],
      displayName: 'Tour Guides',
      externalId: 'okta-00g1',
      meta: { resourceType: 'Group' },
    });
    expect(r.data.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: alice, display: 'alice', type: 'User' }),
        expect.objectContaining({ value: bob, display: 'bob' }),
      ]),
    );
  });

  it("takes Entra ID's create request (no members, a Microsoft schema URN)", async () => {
    const r = await scim('POST', '/Groups', entraCreateGroup);
    expect(r.status).toBe(201);
    expect(r.data.members).toEqual([]);
    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`externalId eq "${entraCreateGroup.externalId}"`)}&excludedAttributes=members`,
    );
    expect(found.data.totalResults).toBe(1);
    expect(found.data.Resources[0].members).toBeUndefined();
    expect(found.data.Resources[0].displayName).toBe('displayName');
  });

  it('PATCH adds members and removes one by value filter (RFC 7644 §3.5.2.1, §3.5.2.2)', async () => {
    const id = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'G' })).data.id;
    let r = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ display: 'alice', value: alice }, { value: bob }] },
      ],
    });
    expect(r.status).toBe(200);
    expect(valuesOf(r.data)).toEqual([alice, bob].sort());
    r = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${alice}"]` }],
    });
    expect(valuesOf(r.data)).toEqual([bob]);
  });

  it("Entra ID's forms: capitalised ops, remove with a value list, rename by replace", async () => {
    const id = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'G',
        members: [{ value: alice }, { value: bob }],
      })
    ).data.id;
    const r = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Remove', path: 'members', value: [{ value: alice }] },
        { op: 'Add', path: 'members', value: [{ value: carol }] },
        { op: 'Replace', path: 'displayName', value: 'Renamed' },
      ],
    });
    expect(r.status).toBe(200);
    expect(valuesOf(r.data)).toEqual([bob, carol].sort());
    expect(r.data.displayName).toBe('Renamed');
  });

  it("Okta's forms: replace with a value object, remove all members", async () => {
    const id = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'G',
        members: [{ value: alice }],
      })
    ).data.id;
    let r = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Okta Name' } }],
    });
    expect(r.data.displayName).toBe('Okta Name');
    r = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: 'members' }],
    });
    expect(r.data.members).toEqual([]);
  });

  it('PUT replaces name and members; GET by id; filter by displayName and member', async () => {
    const id = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'G',
        members: [{ value: alice }],
      })
    ).data.id;
    const r = await scim('PUT', `/Groups/${id}`, {
      schemas: [GROUP],
      displayName: 'Everyone',
      members: [{ value: bob }, { value: carol }],
    });
    expect(valuesOf(r.data)).toEqual([bob, carol].sort());
    expect((await scim('GET', `/Groups/${id}`)).data.displayName).toBe('Everyone');
    const byName = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "everyone"')}`,
    );
    expect(byName.data.totalResults).toBe(1);
    const byMember = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`members[value eq "${carol}"]`)}`,
    );
    expect(byMember.data.Resources.map((g: { id: string }) => g.id)).toEqual([id]);
    const none = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`members.value eq "${alice}"`)}`,
    );
    expect(none.data).toMatchObject({ totalResults: 0, startIndex: 1, Resources: [] });
  });

  it('a member that is not a User of this service is a 400; an unknown group a 404', async () => {
    const r = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'G',
      members: [{ value: '00000000-0000-0000-0000-000000000000' }],
    });
    expect(r.status).toBe(400);
    expect(r.data.scimType).toBe('invalidValue');
    expect((await scim('GET', '/Groups/nope')).status).toBe(404);
    expect(
      (
        await scim('PATCH', '/Groups/nope', {
          schemas: [PATCH_OP],
          Operations: [{ op: 'remove', path: 'members' }],
        })
      ).status,
    ).toBe(404);
    expect((await scim('DELETE', '/Groups/nope')).status).toBe(404);
    expect((await scim('POST', '/Groups', { schemas: [GROUP] })).status).toBe(400);
  });

  it('DELETE removes the group (204, then 404); its members stay', async () => {
    const id = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'G',
        members: [{ value: alice }],
      })
    ).data.id;
    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${id}`)).status).toBe(404);
    expect((await scim('GET', `/Users/${alice}`)).status).toBe(200);
    expect(await t.db.select().from(members).where(eq(members.orgId, orgId))).toHaveLength(3);
  });

  it('a deleted User leaves its groups', async () => {
    const id = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'G',
        members: [{ value: alice }, { value: bob }],
      })
    ).data.id;
    await scim('DELETE', `/Users/${alice}`);
    expect(valuesOf((await scim('GET', `/Groups/${id}`)).data)).toEqual([bob]);
  });
});

describe('the SSO groups screen', () => {
  it('lists the groups SCIM pushed (not the simulated directory) and their members', async () => {
    n += 1;
    const org = await makeOrg(t, {
      slug: `scim-sso-${n}`,
      sso: 'okta',
      credentials: ['scim'],
      directory: { users: 3, groups: [{ name: 'Simulated', users: 'all' }] },
    });
    const s = scimClient(t.app, org.slug, org.credentials.scim as string);
    const u = (
      await s('POST', '/Users', {
        schemas: [USER],
        userName: 'dana@example.com',
        displayName: 'Dana',
        emails: [{ value: 'dana@example.com' }],
      })
    ).data.id;
    await s('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Pushed B',
      members: [{ value: u }],
    });
    await s('POST', '/Groups', { schemas: [GROUP], displayName: 'pushed a' });
    const page = await t.call('GET', '/api/orgs/sso/groups', { cookie: org.cookie });
    expect(page.status, page.text).toBe(200);
    expect(page.data.groups.map((g: { name: string }) => g.name)).toEqual(['pushed a', 'Pushed B']);
    const id = page.data.groups[1].id;
    const list = await t.call('POST', '/api/orgs/sso/groups', {
      cookie: org.cookie,
      json: { groups: [id] },
    });
    expect(list.data).toMatchObject({
      members: [{ id: u, name: 'Dana', email: 'dana@example.com' }],
      memberCount: 1,
    });
    // Another organization without SCIM keeps its simulated directory.
    const other = await makeOrg(t, {
      slug: `scim-sso-plain-${n}`,
      sso: 'okta',
      directory: { users: 1, groups: [{ name: 'Simulated', users: 'all' }] },
    });
    const plain = await t.call('GET', '/api/orgs/sso/groups', { cookie: other.cookie });
    expect(plain.data.groups.map((g: { name: string }) => g.name)).toEqual(['Simulated']);
  });
});
