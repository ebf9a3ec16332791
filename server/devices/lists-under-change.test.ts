/**
 * The device list while devices change (docs/decisions/055-lists-under-change.md): cached anchors
 * catch up with the logged changes instead of being recomputed, and every page must be exactly
 * the page a recomputation would give at that moment — same rows, same order, same count.
 * Reference: the same call on a cache of its own, made right after (nothing changes in between).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DeviceSeverity } from '@domain/devices';
import { deviceListChanges, devices, organizations } from '../db/schema';
import { createTestApp } from '../test-support';
import { devicePage, type DevicePageParams } from '../test-support/device-pages';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { LIST_REFRESH, listDevicePage, newDeviceListCache, type DeviceListQuery } from './data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A small deterministic generator (mulberry32): the same run every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The lists the dashboard asks for: default order, other orders, filters, a search. */
const LISTS: DevicePageParams[] = [
  {},
  { sort: 'lastScanAt', order: 'desc' },
  { sort: 'osVersion' },
  { sort: 'severity', order: 'asc' },
  { severity: ['critical', 'warning'] },
  { enrolled: 'false', sort: 'memberName', order: 'desc' },
  { q: 'a' },
];
const PAGE_SIZE = 20;

function queryOf(params: DevicePageParams, page: number): DeviceListQuery {
  const severity = params.severity as DeviceSeverity[] | undefined;
  return {
    page,
    pageSize: PAGE_SIZE,
    ...(params.sort ? { sort: params.sort as DeviceListQuery['sort'] } : {}),
    ...(params.order ? { order: params.order as DeviceListQuery['order'] } : {}),
    ...(params.enrolled !== undefined ? { enrolled: params.enrolled === 'true' } : {}),
    ...(severity ? { severity } : {}),
    ...(params.q ? { q: String(params.q) } : {}),
  };
}

/** What a recomputation answers now. */
async function recomputed(t: TestApp, org: TestOrg, params: DevicePageParams, page: number) {
  return listDevicePage(
    t.db,
    newDeviceListCache(),
    { id: org.id, devicesVersion: 0 },
    queryOf(params, page),
  );
}

const SEVERITIES = ['critical', 'warning', 'secure', null] as const;
const VERSIONS = ['9', '14', '15', '16', '17.7.10', '18.7.2', '26.1', 'beta'];

/**
 * One scan-like change in its own transaction, as the device API makes them: severity, OS
 * version, last scan, last seen of a random device; now and then an enrolment flip, a new device
 * or a removed one.
 */
async function change(t: TestApp, org: TestOrg, next: () => number, step: number) {
  const ids = (
    await t.db.select({ id: devices.id }).from(devices).where(eq(devices.orgId, org.id))
  ).map((r) => r.id);
  const id = ids[Math.floor(next() * ids.length)] as number;
  const roll = next();
  if (roll < 0.05) {
    await t.db.delete(devices).where(eq(devices.id, id));
  } else if (roll < 0.1) {
    const member = org.members[Math.floor(next() * org.members.length)];
    await t.db.insert(devices).values({
      orgId: org.id,
      memberId: member?.id ?? null,
      code: `NEW${step}-${Math.floor(next() * 1e6)}`,
      enrolled: next() < 0.8,
      severity: SEVERITIES[Math.floor(next() * 3)] ?? null,
      osVersion: VERSIONS[Math.floor(next() * VERSIONS.length)] ?? null,
      lastScanAt: new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 1e9)),
    });
  } else if (roll < 0.2) {
    // Only last seen: changes no list key (not logged, the anchors stay as they are).
    await t.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, id));
  } else {
    await t.db.transaction(async (tx) => {
      await tx
        .update(devices)
        .set({
          severity: SEVERITIES[Math.floor(next() * SEVERITIES.length)] ?? null,
          osVersion:
            next() < 0.3 ? (VERSIONS[Math.floor(next() * VERSIONS.length)] ?? null) : undefined,
          // Now and then the very same time as another device: ties are broken by the id.
          lastScanAt: new Date(Date.UTC(2026, 10, 20) + Math.floor(next() * 20) * 60_000),
          lastSeenAt: new Date(),
          enrolled: next() < 0.1 ? next() < 0.5 : undefined,
        })
        .where(and(eq(devices.id, id), eq(devices.orgId, org.id)));
    });
  }
}

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrg(t, { name: 'Moving', members: 60, devices: 180 });
  // Another organization's changes must not disturb this one's lists.
  await makeOrg(t, { name: 'Still', members: 3, devices: 5 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /orgs while devices change', () => {
  it('every page of every list is the recomputed page, after each burst of changes', async () => {
    const next = random(21);
    // Warm the cached anchors of every list.
    for (const params of LISTS)
      await devicePage(t, org.cookie, { ...params, page: 2, pageSize: PAGE_SIZE });
    const { version: before } = (
      await t.db
        .select({ version: organizations.devicesVersion })
        .from(organizations)
        .where(eq(organizations.id, org.id))
    )[0]!;
    let step = 0;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 15; i++) await change(t, org, next, step++);
      for (const params of LISTS) {
        const first = await devicePage(t, org.cookie, { ...params, page: 1, pageSize: PAGE_SIZE });
        // Every page, and one beyond the end.
        for (let page = 1; page <= first.totalPages + 1; page++) {
          const served = await devicePage(t, org.cookie, { ...params, page, pageSize: PAGE_SIZE });
          const expected = await recomputed(t, org, params, page);
          expect(served, `${JSON.stringify(params)} page ${page} round ${round}`).toEqual(expected);
        }
      }
    }
    // The changes were logged (the lists caught up rather than recomputed) …
    const logged = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceListChanges)
      .where(
        and(eq(deviceListChanges.orgId, org.id), sql`${deviceListChanges.version} > ${before}`),
      );
    expect(logged[0]!.n).toBeGreaterThan(50);
  }, 120_000);

  it('a page read between changes, page after page, is the recomputed page of that moment', async () => {
    const next = random(7);
    let step = 1000;
    for (const params of LISTS) {
      for (let page = 1; page <= 10; page++) {
        await change(t, org, next, step++);
        await change(t, org, next, step++);
        const served = await devicePage(t, org.cookie, { ...params, page, pageSize: PAGE_SIZE });
        expect(served, `${JSON.stringify(params)} page ${page}`).toEqual(
          await recomputed(t, org, params, page),
        );
      }
    }
  }, 120_000);

  it('refreshes the anchors in the background and stays exact across the swap', async () => {
    const saved = { ...LIST_REFRESH };
    LIST_REFRESH.afterChanges = 3;
    try {
      const next = random(99);
      let step = 2000;
      for (let i = 0; i < 12; i++) {
        for (let j = 0; j < 4; j++) await change(t, org, next, step++);
        for (const page of [1, 3, 6]) {
          const served = await devicePage(t, org.cookie, { page, pageSize: PAGE_SIZE });
          expect(served).toEqual(await recomputed(t, org, {}, page));
        }
      }
    } finally {
      Object.assign(LIST_REFRESH, saved);
    }
  }, 120_000);

  it('recomputes when a statement changed too many devices to log them', async () => {
    await devicePage(t, org.cookie, { page: 2, pageSize: PAGE_SIZE });
    // What the trigger logs for a statement over 1,000 devices: "recompute", under a new version.
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE organizations SET devices_version = devices_version + 1 WHERE id = ${org.id}`,
      );
      const [row] = await tx
        .select({ version: organizations.devicesVersion })
        .from(organizations)
        .where(eq(organizations.id, org.id));
      await tx.insert(deviceListChanges).values({ orgId: org.id, version: row!.version });
      // A change the log does not describe: only a recomputation sees it.
      await tx.execute(sql`ALTER TABLE devices DISABLE TRIGGER devices_bump_version_update`);
      await tx.update(devices).set({ severity: 'critical' }).where(eq(devices.orgId, org.id));
      await tx.execute(sql`ALTER TABLE devices ENABLE TRIGGER devices_bump_version_update`);
    });
    for (const page of [1, 2, 5]) {
      const served = await devicePage(t, org.cookie, { page, pageSize: PAGE_SIZE });
      expect(served).toEqual(await recomputed(t, org, {}, page));
      expect(served.devices.every((d) => d.severity === 'critical')).toBe(true);
    }
  });

  it('logs one "recompute" row, not every device, for a statement over 1,000 devices', async () => {
    const big = await makeOrg(t, { name: 'Big', members: 2, devices: 1001 });
    const [{ n: bulkRows } = { n: -1 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceListChanges)
      .where(
        and(
          eq(deviceListChanges.orgId, big.id),
          sql`${deviceListChanges.oldRow} IS NULL AND ${deviceListChanges.newRow} IS NULL`,
        ),
      );
    expect(bulkRows).toBeGreaterThanOrEqual(1);
    const page = await devicePage(t, big.cookie, { page: 11, pageSize: 100 });
    expect(page.total).toBe(1001);
    expect(page.devices).toHaveLength(1);
  });
});
