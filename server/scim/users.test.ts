/**
 * The SCIM service's Users (docs/product/settings.md, 'SCIM'): each verb, each filter operator,
 * each PATCH form, Okta's and Entra ID's request shapes (fixtures.ts), and what provisioning does
 * to the organization's members (source, invitation, deactivation).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { devices, members, organizations, outbox } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';
import { scimClient } from './scim-test-client';
import {
  ENTERPRISE,
  PATCH_OP,
  USER,
  entraCreateUser,
  entraDisable,
  entraEnterprise,
  entraUpdateMultiValued,
  entraUpdateSingleValued,
  oktaCreateUser,
  oktaDeactivate,
  rfcFullUser,
} from './fixtures';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function freshOrg(options: { members?: number } = {}) {
  n += 1;
  const org = await makeOrg(t, { slug: `scim-users-${n}`, credentials: ['scim'], ...options });
  return { org, scim: scimClient(t.app, org.slug, org.credentials.scim as string) };
}

const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName,
  emails: [{ value: userName, type: 'work', primary: true }],
  ...extra,
});
const q = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}`;

async function memberRow(orgId: number, email: string) {
  const [row] = await t.db
    .select()
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.email, email)));
  return row;
}

describe('POST /Users', () => {
  it('creates the RFC 7643 full user: 201, Location, the resource as stored (no password)', async () => {
    const { org, scim } = await freshOrg();
    const r = await scim('POST', '/Users', rfcFullUser);
    expect(r.status).toBe(201);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(r.res.headers.get('location')).toBe(
      `http://localhost/scim/v2/${org.slug}/Users/${r.data.id}`,
    );
    expect(r.data).toMatchObject({
      schemas: [USER, ENTERPRISE],
      externalId: '701984',
      userName: 'bjensen@example.com',
      name: { familyName: 'Jensen', givenName: 'Barbara' },
      active: true,
      [ENTERPRISE]: { department: 'Tour Operations', manager: { value: expect.any(String) } },
      meta: { resourceType: 'User', location: r.res.headers.get('location') },
    });
    expect(r.data.password).toBeUndefined();
    expect(JSON.stringify(r.data)).not.toContain('t1meMa$heen');
    const again = await scim('GET', `/Users/${r.data.id}`);
    expect(again.data).toEqual(r.data);
  });

  it('makes the user a member with source scim, a code, a dashboard row and the invitation e-mail', async () => {
    const { org, scim } = await freshOrg();
    const r = await scim('POST', '/Users', oktaCreateUser);
    expect(r.status).toBe(201);
    const row = await memberRow(org.id, 'test.user@okta.local');
    expect(row).toMatchObject({
      name: 'Test User',
      source: 'scim',
      scimId: r.data.id,
      deactivatedAt: null,
    });
    expect(row?.enrollmentCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(row?.invitedAt).not.toBeNull();
    const rows = await t.db.select().from(devices).where(eq(devices.memberId, row!.id));
    expect(rows).toHaveLength(1);
    await t.settle();
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'test.user@okta.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(row!.enrollmentCode as string);
  });

  it('sends no invitation when the SCIM tab option is off', async () => {
    const { org, scim } = await freshOrg();
    await t.db
      .update(organizations)
      .set({ scimSendInvitations: false })
      .where(eq(organizations.id, org.id));
    const r = await scim('POST', '/Users', user('quiet@example.com'));
    expect(r.status).toBe(201);
    expect((await memberRow(org.id, 'quiet@example.com'))?.invitedAt).toBeNull();
    await t.settle();
    expect(
      await t.db.select().from(outbox).where(eq(outbox.toAddress, 'quiet@example.com')),
    ).toHaveLength(0);
  });

  it("takes Entra ID's create request (UPN userName, work e-mail)", async () => {
    const { org, scim } = await freshOrg();
    const r = await scim('POST', '/Users', entraCreateUser);
    expect(r.status).toBe(201);
    expect(r.data.externalId).toBe(entraCreateUser.externalId);
    const row = await memberRow(org.id, entraCreateUser.emails[0]!.value);
    expect(row?.name).toBe('givenName familyName');
  });

  it('answers 409 uniqueness for an existing userName, in any case', async () => {
    const { scim } = await freshOrg();
    expect((await scim('POST', '/Users', user('dup@example.com'))).status).toBe(201);
    const r = await scim('POST', '/Users', user('DUP@example.com'));
    expect(r.status).toBe(409);
    expect(r.data).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
      detail: expect.any(String),
    });
  });

  it('takes over a member of the same e-mail added by hand instead of duplicating the seat', async () => {
    const { org, scim } = await freshOrg({ members: 1 });
    const [existing] = await t.db.select().from(members).where(eq(members.orgId, org.id));
    const r = await scim('POST', '/Users', user(existing!.email.toUpperCase()));
    expect(r.status).toBe(201);
    const rows = await t.db.select().from(members).where(eq(members.orgId, org.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing!.id, source: 'scim', scimId: r.data.id });
  });

  it.each([
    ['no userName', { schemas: [USER], emails: [{ value: 'a@b.co' }] }, 'invalidValue'],
    ['no e-mail at all', { schemas: [USER], userName: 'jdoe' }, 'invalidValue'],
    [
      'an unknown attribute',
      { ...user('u@example.com'), favouriteColour: 'blue' },
      'invalidSyntax',
    ],
    ['an unknown sub-attribute', user('u@example.com', { name: { nick: 'x' } }), 'invalidSyntax'],
    ['active that is not a boolean', user('u@example.com', { active: 'maybe' }), 'invalidValue'],
    [
      'two primary e-mails',
      user('u@example.com', {
        emails: [
          { value: 'a@b.co', primary: true },
          { value: 'c@d.co', primary: true },
        ],
      }),
      'invalidValue',
    ],
    ['a list for a string', user('u@example.com', { title: ['x'] }), 'invalidValue'],
    ['an array body', [user('u@example.com')], 'invalidSyntax'],
  ])('refuses %s with a SCIM 400', async (_, body, scimType) => {
    const { scim } = await freshOrg();
    const r = await scim('POST', '/Users', body);
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ status: '400', scimType });
  });
});

describe('GET /Users', () => {
  let scim: ReturnType<typeof scimClient>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ scim } = await freshOrg());
    const people = [
      ['bjensen@example.com', 'Jensen', 'ext-1', true, 'Tour Guide'],
      ['jsmith@example.com', "O'Malley", 'ext-2', true, undefined],
      ['jdoe@corp.example.org', 'Doe', null, false, 'Engineer'],
    ] as const;
    for (const [userName, familyName, externalId, active, title] of people) {
      const r = await scim(
        'POST',
        '/Users',
        user(userName, {
          name: { givenName: 'X', familyName },
          ...(externalId ? { externalId } : {}),
          ...(title ? { title } : {}),
          active,
          emails: [
            { value: userName, type: 'work', primary: true },
            { value: `home.${userName}`, type: 'home' },
          ],
        }),
      );
      ids[userName] = r.data.id;
    }
  });

  const names = (data: { Resources: { userName: string }[] }) =>
    data.Resources.map((u) => u.userName).sort();

  it.each([
    ['userName eq "BJensen@example.com"', ['bjensen@example.com']],
    ['userName ne "bjensen@example.com"', ['jdoe@corp.example.org', 'jsmith@example.com']],
    ['userName co "smith"', ['jsmith@example.com']],
    ['userName sw "J"', ['jdoe@corp.example.org', 'jsmith@example.com']],
    ['userName ew "example.org"', ['jdoe@corp.example.org']],
    ['title pr', ['bjensen@example.com', 'jdoe@corp.example.org']],
    ['externalId pr', ['bjensen@example.com', 'jsmith@example.com']],
    ['externalId eq "ext-2"', ['jsmith@example.com']],
    ['externalId eq "EXT-2"', []],
    ['active eq true', ['bjensen@example.com', 'jsmith@example.com']],
    ['active eq false', ['jdoe@corp.example.org']],
    ['name.familyName co "O\'Malley"', ['jsmith@example.com']],
    ['name.familyName eq "jensen"', ['bjensen@example.com']],
    ['emails.value eq "home.jdoe@corp.example.org"', ['jdoe@corp.example.org']],
    ['emails co "home.bj"', ['bjensen@example.com']],
    [
      'emails[type eq "work" and value co "@example.com"]',
      ['bjensen@example.com', 'jsmith@example.com'],
    ],
    ['title pr and userName sw "b"', ['bjensen@example.com']],
    [
      'userName eq "jsmith@example.com" or name.familyName eq "Doe"',
      ['jdoe@corp.example.org', 'jsmith@example.com'],
    ],
    ['not (active eq true)', ['jdoe@corp.example.org']],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName sw "bj"', ['bjensen@example.com']],
    [
      'meta.created le "2100-01-01T00:00:00Z"',
      ['bjensen@example.com', 'jdoe@corp.example.org', 'jsmith@example.com'],
    ],
  ])('filter %s', async (filter, expected) => {
    const r = await scim('GET', q(filter));
    expect(r.status).toBe(200);
    expect(names(r.data)).toEqual(expected);
    expect(r.data.totalResults).toBe(expected.length);
  });

  it('answers an empty result with startIndex 1 and totalResults 0 (what Okta expects)', async () => {
    const r = await scim('GET', q('userName eq "nobody@example.com"'));
    expect(r.data).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  it('pages with 1-based startIndex and count (RFC 7644 §3.4.2.4)', async () => {
    const page = await scim('GET', '/Users?startIndex=2&count=1');
    expect(page.data).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.data.Resources[0].userName).toBe('jsmith@example.com');
    const zero = await scim('GET', '/Users?startIndex=0&count=0');
    expect(zero.data).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 0 });
    const past = await scim('GET', '/Users?startIndex=10');
    expect(past.data).toMatchObject({ totalResults: 3, startIndex: 10, itemsPerPage: 0 });
    const bad = await scim('GET', '/Users?count=abc');
    expect(bad.status).toBe(400);
  });

  it('honours attributes and excludedAttributes (id and schemas always)', async () => {
    const only = await scim(
      'GET',
      `/Users/${ids['bjensen@example.com']}?attributes=userName,name.familyName`,
    );
    expect(only.data).toEqual({
      schemas: [USER],
      id: ids['bjensen@example.com'],
      userName: 'bjensen@example.com',
      name: { familyName: 'Jensen' },
    });
    const without = await scim(
      'GET',
      `${q('userName eq "bjensen@example.com"')}&excludedAttributes=emails,meta`,
    );
    expect(without.data.Resources[0].emails).toBeUndefined();
    expect(without.data.Resources[0].meta).toBeUndefined();
    expect(without.data.Resources[0].userName).toBe('bjensen@example.com');
  });

  it.each([
    'userName eq',
    'userName zz "x"',
    'favouriteColour eq "blue"',
    'active eq "perhaps"',
    'addresses[locality eq "x"]',
    '((((((((((((userName eq "x"))))))))))))',
  ])('refuses the filter %s with 400 invalidFilter', async (filter) => {
    const r = await scim('GET', q(filter));
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('answers 404 for an unknown id', async () => {
    const r = await scim('GET', '/Users/2819c223-7f76-453a-919d-413861904646');
    expect(r.status).toBe(404);
    expect(r.data).toMatchObject({ status: '404' });
  });
});

describe('PUT and PATCH /Users/{id}', () => {
  let scim: ReturnType<typeof scimClient>;
  let orgId: number;
  let id: string;
  beforeEach(async () => {
    const made = await freshOrg();
    scim = made.scim;
    orgId = made.org.id;
    id = (await scim('POST', '/Users', rfcFullUser)).data.id;
  });

  it('PUT replaces the user: attributes not sent are gone', async () => {
    const r = await scim('PUT', `/Users/${id}`, {
      schemas: [USER],
      userName: 'bjensen@example.com',
      name: { givenName: 'Barbara', familyName: 'Jensen-Smith' },
      emails: [{ value: 'barbara@example.com', type: 'work', primary: true }],
    });
    expect(r.status).toBe(200);
    expect(r.data.name).toEqual({ givenName: 'Barbara', familyName: 'Jensen-Smith' });
    expect(r.data.title).toBeUndefined();
    expect(r.data[ENTERPRISE]).toBeUndefined();
    const row = await memberRow(orgId, 'barbara@example.com');
    expect(row?.name).toBe('Barbara Jensen-Smith');
  });

  it('PATCH replace with a value object and no path (RFC 7644 §3.5.2.3)', async () => {
    const r = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'replace',
          value: {
            emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
            nickName: 'Barbie',
          },
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data.emails).toEqual([{ value: 'bjensen@example.com', type: 'work', primary: true }]);
    expect(r.data.nickName).toBe('Barbie');
  });

  it('PATCH add with a path, and remove by path (RFC 7644 §3.5.2.1, §3.5.2.2)', async () => {
    let r = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'emails', value: [{ value: 'babs@work.example.com', type: 'other' }] },
      ],
    });
    expect(r.data.emails).toHaveLength(3);
    r = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'remove', path: 'emails[type eq "home"]' },
        { op: 'remove', path: 'title' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data.emails.map((e: { type: string }) => e.type)).toEqual(['work', 'other']);
    expect(r.data.title).toBeUndefined();
  });

  it('Entra ID\'s multi-valued update: emails[type eq "work"].value and name.familyName', async () => {
    const r = await scim('PATCH', `/Users/${id}`, entraUpdateMultiValued);
    expect(r.status).toBe(200);
    expect(r.data.emails[0]).toEqual({
      value: 'updatedEmail@microsoft.com',
      type: 'work',
      primary: true,
    });
    expect(r.data.name.familyName).toBe('updatedFamilyName');
    expect((await memberRow(orgId, 'updatedEmail@microsoft.com'))?.scimId).toBe(id);
  });

  it("Entra ID's single-valued update and enterprise attributes by URN path", async () => {
    let r = await scim('PATCH', `/Users/${id}`, entraUpdateSingleValued);
    expect(r.data.userName).toBe('5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com');
    r = await scim('PATCH', `/Users/${id}`, entraEnterprise);
    expect(r.status).toBe(200);
    expect(r.data[ENTERPRISE]).toMatchObject({
      department: 'Sales',
      manager: { value: '2819c223-7f76-453a-919d-413861904646' },
    });
  });

  it.each([
    ['Okta', oktaDeactivate],
    ['Entra ID', entraDisable],
  ])("%s's deactivation marks the member and devices; reactivation restores", async (_, body) => {
    const r = await scim('PATCH', `/Users/${id}`, body);
    expect(r.status).toBe(200);
    expect(r.data.active).toBe(false);
    const row = await memberRow(orgId, 'bjensen@example.com');
    expect(row?.deactivatedAt).not.toBeNull();
    const [device] = await t.db.select().from(devices).where(eq(devices.memberId, row!.id));
    expect(device?.deactivatedAt).not.toBeNull();
    const again = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(again.data.active).toBe(true);
    const restored = await memberRow(orgId, 'bjensen@example.com');
    expect(restored?.deactivatedAt).toBeNull();
    const [device2] = await t.db.select().from(devices).where(eq(devices.memberId, row!.id));
    expect(device2?.deactivatedAt).toBeNull();
  });

  it('a userName change onto another user is 409 uniqueness', async () => {
    await scim('POST', '/Users', user('other@example.com'));
    const r = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: 'Other@example.com' }],
    });
    expect(r.status).toBe(409);
    expect(r.data.scimType).toBe('uniqueness');
  });

  it.each([
    ['no Operations', { schemas: [PATCH_OP] }, 'invalidSyntax'],
    [
      'an unknown op',
      { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'title' }] },
      'invalidSyntax',
    ],
    ['remove without a path', { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }, 'noTarget'],
    [
      'add without a value',
      { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'title' }] },
      'invalidValue',
    ],
    [
      'a path to an unknown attribute',
      { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'shoeSize', value: '9' }] },
      'invalidSyntax',
    ],
    [
      'a value filter on an unknown attribute',
      {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'nope[type eq "x"].value', value: 'q' }],
      },
      'noTarget',
    ],
    [
      'a bad value type',
      { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 7 }] },
      'invalidValue',
    ],
  ])('PATCH with %s is a SCIM 400', async (_, body, scimType) => {
    const r = await scim('PATCH', `/Users/${id}`, body);
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ status: '400', scimType });
    expect((await scim('GET', `/Users/${id}`)).data.title).toBe('Tour Guide');
  });

  it('PUT and PATCH of an unknown id are 404', async () => {
    expect((await scim('PUT', '/Users/nope', user('x@example.com'))).status).toBe(404);
    expect((await scim('PATCH', '/Users/nope', oktaDeactivate)).status).toBe(404);
  });
});

describe('DELETE /Users/{id}', () => {
  it('204; the resource is gone (404) while the member stays, deactivated, with their device', async () => {
    const { org, scim } = await freshOrg();
    const id = (await scim('POST', '/Users', user('leaver@example.com'))).data.id;
    const r = await scim('DELETE', `/Users/${id}`);
    expect(r.status).toBe(204);
    expect(r.data).toBeUndefined();
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(404);
    expect((await scim('GET', q('userName eq "leaver@example.com"'))).data.totalResults).toBe(0);
    const row = await memberRow(org.id, 'leaver@example.com');
    expect(row).toMatchObject({ source: 'scim', scimId: null });
    expect(row?.deactivatedAt).not.toBeNull();
    const [device] = await t.db.select().from(devices).where(eq(devices.memberId, row!.id));
    expect(device?.deactivatedAt).not.toBeNull();
    // The identity provider may provision the same person again: a new resource.
    const again = await scim('POST', '/Users', user('leaver@example.com'));
    expect(again.status).toBe(201);
    expect(again.data.id).not.toBe(id);
  });
});
