/**
 * The drawers' reads (docs/product/dashboard.md, 'Device detail'; docs/product/alerts.md, 'Alert
 * detail'): GET /orgs/devices/detail and GET /alerts/detail on a device that enrolled and reported
 * through the real device API, an alert closed and reopened through the console's call, and
 * another organization naming both.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_NOT_FOUND,
  AlertDetail as AlertDetailSchema,
  type AlertDetail,
} from '@contract/alerts';
import type { Finding } from '@contract/device-api';
import {
  DEVICE_NOT_FOUND,
  DeviceDetail as DeviceDetailSchema,
  type DeviceDetail,
} from '@contract/devices';
import { members } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CODE = 'DRWR-AAAB';
const TROJAN: Finding = {
  threatId: 'trojan.banker.1',
  name: 'Banking trojan',
  severity: 'critical',
  category: 'malware',
};
const PROFILE: Finding = {
  threatId: 'profile.rogue',
  name: 'Rogue profile',
  severity: 'warning',
  category: 'configuration',
};
const MINUTE = 60_000;

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let credential = '';

async function device(path: string, json: unknown, bearer?: string) {
  const res = await t.app.request(`/api/device/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(json),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

async function scan(osVersion: string, findings: Finding[]) {
  await device(
    '/scans',
    {
      reportId: randomUUID(),
      scannedAt: t.clock.now().toISOString(),
      osVersion,
      screenLock: true,
      findings,
    },
    credential,
  );
}

const deviceDetail = async (code: string, cookie = org.cookie) =>
  t.call('GET', `/api/orgs/devices/detail?code=${encodeURIComponent(code)}`, { cookie });
const alertDetail = async (id: string, cookie = org.cookie) =>
  t.call('GET', `/api/alerts/detail?id=${encodeURIComponent(id)}`, { cookie });

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrg(t, {
    name: 'Drawerco',
    members: [{ name: 'Dana Drawer', email: 'dana@drawerco.test', code: CODE }],
    devices: [
      {
        member: 0,
        code: CODE,
        enrolled: false,
        model: null,
        platform: null,
        osVersion: null,
        severity: null,
        lastScanAt: null,
      },
    ],
  });
  other = await makeOrg(t, { name: 'Otherco', members: 2, devices: 2, alerts: 1 });
  const enrolled = await device('/enroll', {
    code: CODE,
    device: { model: 'Pixel 8a', platform: 'android', osVersion: '13', appVersion: '5.2.0' },
  });
  credential = enrolled.credential as string;
  t.clock.advance(2 * MINUTE);
  await scan('14', [TROJAN, PROFILE]);
  t.clock.advance(2 * MINUTE);
  await scan('14', [TROJAN, PROFILE]);
  t.clock.advance(2 * MINUTE);
  // The trojan is gone from the newest report: its alert stays open, its finding cleared.
  await scan('15', [PROFILE]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /orgs/devices/detail', () => {
  it('answers the device, its member, facts, OS history, newest scans and open alerts', async () => {
    const r = await deviceDetail(CODE);
    expect(r.status, r.text).toBe(200);
    expect(DeviceDetailSchema.safeParse(r.data).success).toBe(true);
    const d = r.data as DeviceDetail;
    expect(d.device).toMatchObject({
      code: CODE,
      model: 'Pixel 8a',
      platform: 'android',
      osVersion: '15',
      enrolled: true,
      severity: 'critical',
      memberName: 'Dana Drawer',
    });
    expect(d.member).toEqual({
      name: 'Dana Drawer',
      email: 'dana@drawerco.test',
      status: 'enrolled',
    });
    expect(d.screenLock).toBe(true);
    expect(d.appVersion).toBe('5.2.0');
    const start = t.clock.now().getTime() - 6 * MINUTE;
    expect(d.enrolledAt).toBe(new Date(start).toISOString());
    expect(d.lastSeenAt).toBe(t.clock.now().toISOString());
    // Newest first, each version with its first report; the enrolment's version from enrolledAt.
    expect(d.osHistory).toEqual([
      { version: '15', firstSeenAt: new Date(start + 6 * MINUTE).toISOString() },
      { version: '14', firstSeenAt: new Date(start + 2 * MINUTE).toISOString() },
      { version: '13', firstSeenAt: new Date(start).toISOString() },
    ]);
    expect(d.scans).toEqual([
      { scannedAt: new Date(start + 6 * MINUTE).toISOString(), osVersion: '15', findings: 1 },
      { scannedAt: new Date(start + 4 * MINUTE).toISOString(), osVersion: '14', findings: 2 },
      { scannedAt: new Date(start + 2 * MINUTE).toISOString(), osVersion: '14', findings: 2 },
    ]);
    expect(d.openAlertCount).toBe(2);
    expect(d.openAlerts.map((a) => a.alertName).toSorted()).toEqual([
      'Banking trojan',
      'Rogue profile',
    ]);
  });

  it('says why the member is quarantined, and since when', async () => {
    const since = new Date('2026-11-01T08:00:00Z');
    await t.db
      .update(members)
      .set({ caBlocked: true, caReason: 'Critical alert open for 3 days', caBlockedAt: since })
      .where(eq(members.id, org.members[0]!.id));
    try {
      const d = (await deviceDetail(CODE)).data as DeviceDetail;
      expect(d.member).toMatchObject({
        quarantine: 'Critical alert open for 3 days',
        quarantinedAt: since.toISOString(),
      });
      expect(d.device.quarantine).toBe('Critical alert open for 3 days');
    } finally {
      await t.db
        .update(members)
        .set({ caBlocked: false, caReason: null, caBlockedAt: null })
        .where(eq(members.id, org.members[0]!.id));
    }
  });

  it("a pending device of another organization's member: its own facts, nothing reported", async () => {
    const pending = other.devices[0]!;
    const r = await deviceDetail(pending.code, other.cookie);
    expect(r.status, r.text).toBe(200);
    const d = r.data as DeviceDetail;
    expect(d.device.code).toBe(pending.code);
    expect(d.scans).toEqual([]);
  });

  it('another organization’s code, an unknown one, a missing one: 404 / 400, nothing of it', async () => {
    const cross = await deviceDetail(CODE, other.cookie);
    expect(cross.status).toBe(404);
    expect(cross.data).toEqual({ error: DEVICE_NOT_FOUND });
    expect((await deviceDetail('NOPE-NOPE')).data).toEqual({ error: DEVICE_NOT_FOUND });
    expect((await t.call('GET', '/api/orgs/devices/detail', { cookie: org.cookie })).status).toBe(
      400,
    );
    expect((await t.call('GET', `/api/orgs/devices/detail?code=${CODE}`)).status).toBe(401);
  });
});

describe('GET /alerts/detail', () => {
  async function trojanAlert(): Promise<string> {
    const d = (await deviceDetail(CODE)).data as DeviceDetail;
    return (
      d.openAlerts.find((a) => a.alertName === 'Banking trojan')?.scanId ??
      (await t.call('GET', '/api/alerts?pageSize=100', { cookie: org.cookie })).data.alerts.find(
        (a: { alertName: string }) => a.alertName === 'Banking trojan',
      ).scanId
    );
  }

  it('answers the alert, its device, its threats (cleared or still found) and its history', async () => {
    const id = await trojanAlert();
    const r = await alertDetail(id);
    expect(r.status, r.text).toBe(200);
    expect(AlertDetailSchema.safeParse(r.data).success).toBe(true);
    const a = r.data as AlertDetail;
    expect(a.alert.scanId).toBe(id);
    expect(a.deviceCode).toBe(CODE);
    const start = t.clock.now().getTime() - 6 * MINUTE;
    expect(a.threats).toEqual([
      {
        name: 'Banking trojan',
        category: 'malware',
        threatId: 'trojan.banker.1',
        clearedAt: new Date(start + 6 * MINUTE).toISOString(),
      },
    ]);
    expect(a.history).toEqual([
      { status: 'Open', at: new Date(start + 2 * MINUTE).toISOString(), by: null },
    ]);
    const profile = (await deviceDetail(CODE)).data.openAlerts.find(
      (x: { alertName: string }) => x.alertName === 'Rogue profile',
    ).scanId as string;
    expect(((await alertDetail(profile)).data as AlertDetail).threats).toEqual([
      { name: 'Rogue profile', category: 'configuration', threatId: 'profile.rogue' },
    ]);
  });

  it('records each close and reopen by whom and when; a close of a closed alert is no entry', async () => {
    const id = await trojanAlert();
    const closeAt = t.clock.now();
    const close = { alertIds: [id], status: 'Closed' };
    expect(
      (await t.call('POST', '/api/update-alerts', { cookie: org.cookie, json: close })).status,
    ).toBe(200);
    t.clock.advance(MINUTE);
    expect(
      (await t.call('POST', '/api/update-alerts', { cookie: org.cookie, json: close })).status,
    ).toBe(200);
    t.clock.advance(MINUTE);
    const reopenAt = t.clock.now();
    const reopen = { alertIds: [id], status: 'Open' };
    expect(
      (await t.call('POST', '/api/update-alerts', { cookie: org.cookie, json: reopen })).status,
    ).toBe(200);
    // Another organization naming it changes nothing and records nothing of it.
    await t.call('POST', '/api/update-alerts', { cookie: other.cookie, json: close });
    const a = (await alertDetail(id)).data as AlertDetail;
    expect(a.history.slice(1)).toEqual([
      { status: 'Closed', at: closeAt.toISOString(), by: org.admin.name },
      { status: 'Open', at: reopenAt.toISOString(), by: org.admin.name },
    ]);
    expect(a.alert.alertStatus).toBe('Open');
  });

  it('another organization’s id, an unknown one, a missing one: 404 / 400', async () => {
    const id = await trojanAlert();
    const cross = await alertDetail(id, other.cookie);
    expect(cross.status).toBe(404);
    expect(cross.data).toEqual({ error: ALERT_NOT_FOUND });
    expect(cross.text).not.toContain('Banking');
    expect((await alertDetail('no-such-alert')).status).toBe(404);
    expect((await t.call('GET', '/api/alerts/detail', { cookie: org.cookie })).status).toBe(400);
  });

  it('a malformed description: the alert with no threats, not a failure', async () => {
    const id = other.alerts[0]!.scanId;
    const r = await alertDetail(id, other.cookie);
    expect(r.status).toBe(200);
    expect((r.data as AlertDetail).alert.scanId).toBe(id);
  });
});
