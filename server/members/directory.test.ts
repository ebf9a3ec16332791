/** contract/member-directory.ts: the Members page's list, search, filters and actions. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, members } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const HOUR = 3_600_000;

beforeEach(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  org = await makeOrg(t, {
    name: 'Example',
    members: [
      {
        name: 'Ada Byron',
        email: 'ada@example.test',
        invitedAt: new Date(now.getTime() - 2 * HOUR),
      },
      {
        name: 'Bob 100%_Stone',
        email: 'bob@example.test',
        invitedAt: new Date(now.getTime() - 60_000),
      },
      { name: 'Cy Enrolled', email: 'cy@example.test', invitedAt: null },
    ],
    devices: [
      { member: 2, enrolled: true, lastScanAt: new Date('2026-11-20T10:00:00Z') },
      { member: 2, enrolled: false, lastScanAt: null },
    ],
  });
  other = await makeOrg(t, {
    name: 'Other',
    members: [{ name: 'Ada Other', email: 'ada@other.test' }],
  });
  await t.db.update(members).set({ source: 'csv' }).where(eq(members.id, org.members[1]!.id));
}, 60_000);
afterEach(async () => {
  await t.close();
});

const list = (query = '', cookie = org.cookie) =>
  t.call('GET', `/api/orgs/member-directory${query}`, { cookie });

describe('GET /orgs/member-directory', () => {
  it('lists the organization’s members by name with source, status, devices and dates', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(3);
    expect(r.data.totalPages).toBe(1);
    const [ada, bob, cy] = r.data.members;
    expect(ada).toMatchObject({
      name: 'Ada Byron',
      source: 'manual',
      status: 'invited',
      devices: 0,
      scimManaged: false,
      lastScanAt: null,
    });
    expect(bob).toMatchObject({ name: 'Bob 100%_Stone', source: 'csv' });
    expect(cy).toMatchObject({
      status: 'enrolled',
      devices: 2,
      invitedAt: null,
      lastScanAt: '2026-11-20T10:00:00.000Z',
    });
    expect(JSON.stringify(r.data)).not.toContain('other.test');
  });

  it('searches name and e-mail case-insensitively, LIKE characters literally', async () => {
    expect((await list('?q=ADA')).data.members.map((m: { name: string }) => m.name)).toEqual([
      'Ada Byron',
    ]);
    expect((await list('?q=100%25_')).data.total).toBe(1);
    expect((await list('?q=%25')).data.total).toBe(1);
    expect((await list('?q=cy%40example')).data.total).toBe(1);
  });

  it('filters by status and source (repeatable) and pages', async () => {
    expect((await list('?status=enrolled')).data.total).toBe(1);
    expect((await list('?status=invited&status=enrolled')).data.total).toBe(3);
    expect((await list('?source=csv')).data.members[0].email).toBe('bob@example.test');
    expect((await list('?source=scim')).data).toMatchObject({
      total: 0,
      totalPages: 0,
      members: [],
    });
    const page2 = await list('?page=2&pageSize=2');
    expect(page2.data).toMatchObject({ total: 3, totalPages: 2 });
    expect(page2.data.members).toHaveLength(1);
    expect((await list('?page=9&pageSize=2')).data).toMatchObject({ total: 3, members: [] });
  });

  it('shows where members came from: the CSV flow, typed in, or unsaid (typed in)', async () => {
    const create = (body: Record<string, unknown>) =>
      t.call('POST', '/api/orgs/create-members?email=false', {
        cookie: org.cookie,
        json: { allowedDuplicates: [], ...body },
      });
    expect(
      (await create({ members: [{ name: 'Di Csv', email: 'di@example.test' }], source: 'csv' }))
        .status,
    ).toBe(200);
    expect(
      (
        await create({
          members: [{ name: 'Ed Typed', email: 'ed@example.test' }],
          source: 'manual',
        })
      ).status,
    ).toBe(200);
    expect(
      (await create({ members: [{ name: 'Flo Old', email: 'flo@example.test' }] })).status,
    ).toBe(200);
    // Only these two list values exist: SSO and SCIM members come by their own routes.
    expect(
      (await create({ members: [{ name: 'Gil', email: 'gil@example.test' }], source: 'scim' }))
        .status,
    ).toBe(400);
    const sources = Object.fromEntries(
      (await list('?q=')).data.members.map((m: { email: string; source: string }) => [
        m.email,
        m.source,
      ]),
    );
    expect(sources).toMatchObject({
      'di@example.test': 'csv',
      'ed@example.test': 'manual',
      'flo@example.test': 'manual',
    });
    expect(sources['gil@example.test']).toBeUndefined();
  });

  it('refuses bad queries with 400 and needs a session', async () => {
    for (const q of [
      '?status=gone',
      '?source=ldap',
      '?page=0',
      '?pageSize=101',
      `?q=${'x'.repeat(201)}`,
    ]) {
      expect((await list(q)).status, q).toBe(400);
    }
    expect((await list('', '')).status).toBe(401);
  });
});

describe('Members page actions', () => {
  const act = (what: string, id: unknown, cookie = org.cookie) =>
    t.call('POST', `/api/orgs/member-directory/${what}`, { cookie, json: { id } });

  it('deactivates and reactivates a member and their devices', async () => {
    const cy = String(org.members[2]!.id);
    expect((await act('deactivate', cy)).status).toBe(200);
    expect(
      (await list('?status=deactivated')).data.members.map((m: { id: string }) => m.id),
    ).toEqual([cy]);
    const marked = await t.db
      .select()
      .from(devices)
      .where(eq(devices.memberId, Number(cy)));
    expect(marked.every((d) => d.deactivatedAt !== null)).toBe(true);
    expect((await act('resend-invitation', cy)).status).toBe(409);
    expect((await act('reactivate', cy)).status).toBe(200);
    expect((await list('?status=enrolled')).data.members[0].id).toBe(cy);
    const cleared = await t.db
      .select()
      .from(devices)
      .where(eq(devices.memberId, Number(cy)));
    expect(cleared.every((d) => d.deactivatedAt === null)).toBe(true);
  });

  it('refuses to change a SCIM-managed member', async () => {
    const ada = org.members[0]!.id;
    await t.db
      .update(members)
      .set({ source: 'scim', scimId: 'f1e2d3c4-0000-4000-8000-000000000001' })
      .where(eq(members.id, ada));
    const r = await act('deactivate', String(ada));
    expect(r.status).toBe(409);
    expect(r.data.error).toMatch(/identity provider/);
    expect((await list('?source=scim')).data.members[0]).toMatchObject({
      scimManaged: true,
      status: 'invited',
    });
  });

  it('resends an invitation after the cool-down only', async () => {
    const ada = String(org.members[0]!.id);
    const bob = String(org.members[1]!.id);
    expect((await act('resend-invitation', bob)).status).toBe(409);
    expect((await act('resend-invitation', ada)).status).toBe(200);
    await t.settle();
    const outbox = await t.call('GET', '/api/dev/outbox', { cookie: org.cookie });
    expect(outbox.data.messages.map((m: { to: string }) => m.to)).toContain('ada@example.test');
    // The cool-down now counts from this resend.
    expect((await act('resend-invitation', ada)).status).toBe(409);
  });

  it('never reaches another organization’s member, and refuses odd ids', async () => {
    const theirs = String(other.members[0]!.id);
    for (const what of ['deactivate', 'reactivate', 'resend-invitation']) {
      expect((await act(what, theirs)).status).toBe(404);
    }
    const [row] = await t.db
      .select()
      .from(members)
      .where(eq(members.id, Number(theirs)));
    expect(row!.deactivatedAt).toBeNull();
    for (const id of ['0', '-1', '1e3', '99999999999', 'abc', 7, null]) {
      expect([400, 404]).toContain((await act('deactivate', id)).status);
    }
  });
});
