/**
 * The Members page's cached anchors and counts (docs/decisions/055-lists-under-change.md): cached
 * per members_version, so every change that can move a member in or out of a list, or within it,
 * shows in the next page — and a scan report, which changes none of that, keeps the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DirectoryMember } from '@contract/member-directory';
import { devices, members, organizations } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrg(t, { name: 'Directory', members: 45, devices: 30 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Every page of a list, checked against the same list read straight from the tables. */
async function walk(query: string, pageSize = 10) {
  const all: DirectoryMember[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const r = await t.call(
      'GET',
      `/api/orgs/member-directory?pageSize=${pageSize}&page=${page}${query}`,
      {
        cookie: org.cookie,
      },
    );
    expect(r.status, r.text).toBe(200);
    total = r.data.total;
    all.push(...(r.data.members as DirectoryMember[]));
    if (page >= r.data.totalPages) break;
    expect(r.data.members).toHaveLength(pageSize);
  }
  expect(all).toHaveLength(total);
  return all;
}

const version = async () =>
  (
    await t.db
      .select({ v: organizations.membersVersion })
      .from(organizations)
      .where(eq(organizations.id, org.id))
  )[0]!.v;

describe('GET /orgs/member-directory while members and devices change', () => {
  it('every change that moves a member shows in the next pages; a scan report keeps the cache', async () => {
    const before = await walk('');
    expect(before).toHaveLength(45);
    const enrolledBefore = (await walk('&status=enrolled')).length;

    // A scan report (severity, last scan, last seen) changes no member's place or status.
    const v0 = await version();
    await t.db
      .update(devices)
      .set({ severity: 'critical', lastScanAt: new Date(), lastSeenAt: new Date() })
      .where(eq(devices.orgId, org.id));
    expect(await version()).toBe(v0);

    // A rename moves a member to the front; a new member joins; one is deleted.
    const renamed = before[30]!;
    await t.db
      .update(members)
      .set({ name: 'Aaaa First' })
      .where(eq(members.id, Number(renamed.id)));
    await t.db
      .insert(members)
      .values({ orgId: org.id, name: 'Zz Last', email: 'zz@directory.test' });
    await t.db.delete(members).where(eq(members.id, Number(before[3]!.id)));
    const after = await walk('');
    expect(after).toHaveLength(45);
    expect(after[0]!.id).toBe(renamed.id);
    expect(after.at(-1)!.name).toBe('Zz Last');
    expect(after.map((m) => m.id)).not.toContain(before[3]!.id);

    // Enrolling every device changes statuses: the status filter follows.
    await t.db.update(devices).set({ enrolled: true }).where(eq(devices.orgId, org.id));
    const enrolled = await walk('&status=enrolled');
    const withDevices = await t.db.execute(
      sql`SELECT count(DISTINCT member_id)::int AS n FROM devices WHERE org_id = ${org.id} AND member_id IS NOT NULL`,
    );
    const n = (withDevices as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(enrolled).toHaveLength(n);
    expect(n).toBeGreaterThan(enrolledBefore);
    expect(enrolled.every((m) => m.status === 'enrolled')).toBe(true);
  });

  it('a search pages by name between its own first and last match', async () => {
    const all = await walk('');
    const matches = all.filter((m) => m.email.toLowerCase().includes('1'));
    const found = await walk('&q=1', 3);
    expect(found.map((m) => m.id)).toEqual(matches.map((m) => m.id));
  });
});
