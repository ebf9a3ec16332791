/**
 * A device's severity follows its open alerts when administrators close or reopen them
 * (./device-severity.ts; docs/decisions/057-alert-emails-and-severity.md): through the console's
 * bulk status change and through the public API, several devices in one call, the device list's
 * change log and version, the live `devices` notice, conditional access releasing a member, and
 * another organization's alert ids changing nothing.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeNotices, deviceListChanges, devices, members, organizations } from '../db/schema';
import { evaluateMemberAccess } from '../policies/evaluate';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let orgCounter = 0;
/**
 * Three scanned devices of three members: device 0 with a critical and a warning alert open,
 * device 1 with a critical one, device 2 with a warning one and a closed critical one.
 */
async function orgWithAlerts(extra: Parameters<typeof makeOrg>[1] = {}): Promise<TestOrg> {
  const scanTime = new Date(t.clock.now().getTime() - 60_000);
  return makeOrg(t, {
    name: `Sevco ${++orgCounter}`,
    members: 3,
    devices: [
      { member: 0, severity: 'critical', enrolled: true },
      { member: 1, severity: 'critical', enrolled: true },
      { member: 2, severity: 'warning', enrolled: true },
    ],
    alerts: [
      { device: 0, severity: 'Critical', scanId: `c0-${orgCounter}`, scanTime, status: 'Open' },
      { device: 0, severity: 'Warning', scanId: `w0-${orgCounter}`, scanTime, status: 'Open' },
      { device: 1, severity: 'Critical', scanId: `c1-${orgCounter}`, scanTime, status: 'Open' },
      { device: 2, severity: 'Warning', scanId: `w2-${orgCounter}`, scanTime, status: 'Open' },
      { device: 2, severity: 'Critical', scanId: `c2-${orgCounter}`, scanTime, status: 'Closed' },
    ],
    ...extra,
  });
}

async function severities(org: TestOrg): Promise<Array<string | null>> {
  const rows = await t.db
    .select({ severity: devices.severity })
    .from(devices)
    .where(eq(devices.orgId, org.id))
    .orderBy(asc(devices.id));
  return rows.map((r) => r.severity);
}

async function devicesVersion(orgId: number): Promise<number> {
  const [row] = await t.db
    .select({ v: organizations.devicesVersion })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return Number(row?.v);
}

async function noticesAfter(orgId: number, afterId: number) {
  return t.db
    .select({ id: changeNotices.id, topic: changeNotices.topic })
    .from(changeNotices)
    .where(and(eq(changeNotices.orgId, orgId), gt(changeNotices.id, afterId)));
}

async function lastNoticeId(): Promise<number> {
  const rows = await t.db.select({ id: changeNotices.id }).from(changeNotices);
  return Math.max(0, ...rows.map((r) => Number(r.id)));
}

function portalUpdate(org: TestOrg, alertIds: string[], status: 'Open' | 'Closed') {
  return t.call('POST', '/api/update-alerts', {
    cookie: org.cookie,
    json: { alertIds, status },
  });
}

async function apiUpdate(org: TestOrg, op: 'close' | 'reopen', ids: string[]) {
  const res = await t.app.request(`/api/v1/alerts/${op}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  return { status: res.status, data: (await res.json()) as Record<string, unknown> };
}

describe('device severity follows alert state', () => {
  it('the console: several devices in one bulk call, with the change log, version and notice', async () => {
    const org = await orgWithAlerts();
    const other = await orgWithAlerts();
    const n = orgCounter;
    expect(await severities(org)).toEqual(['critical', 'critical', 'warning']);
    const version = await devicesVersion(org.id);
    const since = await lastNoticeId();

    // Device 0 keeps its warning; device 1 has nothing open left; device 2 is untouched by id
    // but another organization's ids (same scan ids as made for `other`) are ignored.
    const r = await portalUpdate(
      org,
      [`c${0}-${n - 1}`, `c1-${n - 1}`, `c0-${n}`, `c1-${n}`, `w2-${n}`],
      'Closed',
    );
    expect(r.status, r.text).toBe(200);
    expect(await severities(org)).toEqual(['warning', 'secure', 'warning']);
    // Another organization's alerts and devices: untouched.
    expect(await severities(other)).toEqual(['critical', 'critical', 'warning']);

    // The device list's version moved and its change log has the two devices' changes.
    expect(await devicesVersion(org.id)).toBeGreaterThan(version);
    const logged = await t.db
      .select({ newRow: deviceListChanges.newRow })
      .from(deviceListChanges)
      .where(and(eq(deviceListChanges.orgId, org.id), gt(deviceListChanges.version, version)));
    const loggedSeverities = logged
      .map((l) => (l.newRow as { severity?: string } | null)?.severity)
      .sort();
    expect(loggedSeverities).toEqual(['secure', 'warning']);
    // Open dashboards hear of it, consoles too; the other organization hears nothing.
    const topics = (await noticesAfter(org.id, since)).map((x) => x.topic).sort();
    expect(topics).toEqual(['alerts', 'devices']);
    expect(await noticesAfter(other.id, since)).toEqual([]);

    // Reopening puts the worst open alert back.
    const since2 = await lastNoticeId();
    expect((await portalUpdate(org, [`c1-${n - 1}`, `c2-${n - 1}`], 'Open')).status).toBe(200);
    expect(await severities(org)).toEqual(['warning', 'critical', 'critical']);
    expect((await noticesAfter(org.id, since2)).map((x) => x.topic).sort()).toEqual([
      'alerts',
      'devices',
    ]);
  });

  it('a status change that leaves every severity as it was writes no device and says nothing of devices', async () => {
    const org = await orgWithAlerts();
    const n = orgCounter;
    const version = await devicesVersion(org.id);
    const since = await lastNoticeId();
    // Closing device 0's warning: its critical alert still makes it critical.
    expect((await portalUpdate(org, [`w0-${n}`], 'Closed')).status).toBe(200);
    expect(await severities(org)).toEqual(['critical', 'critical', 'warning']);
    expect(await devicesVersion(org.id)).toBe(version);
    expect((await noticesAfter(org.id, since)).map((x) => x.topic)).toEqual(['alerts']);
  });

  it('the public API close and reopen recompute the same way, in the call', async () => {
    const org = await orgWithAlerts({ apiKey: true });
    const other = await orgWithAlerts({ apiKey: true });
    const n = orgCounter;
    const closed = await apiUpdate(org, 'close', [`c0-${n - 1}`, `c1-${n - 1}`, `c1-${n}`]);
    expect(closed.status).toBe(200);
    expect(closed.data.results).toEqual([
      { id: `c0-${n - 1}`, result: 'updated' },
      { id: `c1-${n - 1}`, result: 'updated' },
      { id: `c1-${n}`, result: 'not_found' },
    ]);
    expect(await severities(org)).toEqual(['warning', 'secure', 'warning']);
    expect(await severities(other)).toEqual(['critical', 'critical', 'warning']);

    const since = await lastNoticeId();
    const reopened = await apiUpdate(org, 'reopen', [`c0-${n - 1}`, `c2-${n - 1}`]);
    expect(reopened.status).toBe(200);
    expect(await severities(org)).toEqual(['critical', 'secure', 'critical']);
    expect((await noticesAfter(org.id, since)).map((x) => x.topic).sort()).toEqual([
      'alerts',
      'devices',
    ]);
  });

  it('closing the last critical alert releases a member the policy quarantined; reopening quarantines again', async () => {
    const org = await orgWithAlerts({
      conditionalAccess: {
        active: true,
        provider: 'azure',
        tenant: 'contoso.onmicrosoft.com',
        clientId: 'client',
        clientSecret: 'secret',
        userExtension: 'ext',
        groupId: 'group',
        alertSeverity: 'CRITICAL_ONLY',
      },
    });
    const n = orgCounter;
    const memberIds = org.members.map((m) => m.id);
    await t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, memberIds, t.clock.now()));
    const blocked = async () => {
      const rows = await t.db
        .select({ id: members.id, caBlocked: members.caBlocked })
        .from(members)
        .where(eq(members.orgId, org.id))
        .orderBy(asc(members.id));
      return rows.map((r) => r.caBlocked);
    };
    // Members 0 and 1 have a critical alert open; member 2 only a warning.
    expect(await blocked()).toEqual([true, true, false]);

    expect((await portalUpdate(org, [`c1-${n}`], 'Closed')).status).toBe(200);
    expect(await blocked()).toEqual([true, false, false]);
    expect((await portalUpdate(org, [`c1-${n}`], 'Open')).status).toBe(200);
    expect(await blocked()).toEqual([true, true, false]);
  });
});
