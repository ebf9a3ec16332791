/** GET /alerts and POST /update-alerts, on organizations the tests make (test-support/factories.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { parseAlertThreats, type Alert } from '@contract/alerts';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';
import { alerts, devices } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, OTHER_ALERT_SEVERITY, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Params = Record<string, string | number>;

const EXAMPLE_ALERTS = 60;
/** One description cut before its closing brackets (the console shows it as text). */
const MALFORMED = '[{"threat":"Trojan dropper"},{"threat":"Credential st';

/**
 * Example: 60 alerts (40 open, every severity and one without a badge, one malformed description)
 * on 40 devices over 20 members, a few devices without a member; Umbrella: 4 alerts; Initrode
 * (members and devices) and Freshco: none.
 */
async function makeAlertOrgs(app: TestApp) {
  return {
    example: await makeOrg(app, {
      name: 'Example',
      members: 20,
      devices: 40,
      alerts: Array.from({ length: EXAMPLE_ALERTS }, (_, i) =>
        i === 6 ? { description: MALFORMED } : {},
      ),
    }),
    umbrella: await makeOrg(app, { name: 'Umbrella', members: 4, devices: 6, alerts: 4 }),
    initrode: await makeOrg(app, { name: 'Initrode', members: 2, devices: 3 }),
    freshco: await makeOrg(app, { name: 'Freshco', plan: 'none' }),
  };
}

const url = (params: Params) =>
  `/api/alerts?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

async function page(t: TestApp, cookie: string, params: Params) {
  const r = await t.call('GET', url(params), { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as { alerts: Alert[]; totalPages: number };
}

/** Every page in turn: full pages then the rest, the same page count on each. */
async function walk(t: TestApp, cookie: string, params: Params, pageSize: number) {
  const first = await page(t, cookie, { ...params, page: 1, pageSize });
  const all = [...first.alerts];
  for (let n = 2; n <= first.totalPages; n++) {
    const next = await page(t, cookie, { ...params, page: n, pageSize });
    expect(next.totalPages).toBe(first.totalPages);
    if (n < first.totalPages) expect(next.alerts).toHaveLength(pageSize);
    all.push(...next.alerts);
  }
  if (first.totalPages > 1) expect(first.alerts).toHaveLength(pageSize);
  expect(first.totalPages).toBe(Math.ceil(all.length / pageSize));
  return all;
}

const ids = (list: Alert[]) => list.map((a) => a.scanId);

/** Newest scan first; the made scan times are distinct, so the order is strict. */
function expectNewestFirst(list: Alert[]) {
  for (let i = 1; i < list.length; i++) {
    const [prev, cur] = [list[i - 1] as Alert, list[i] as Alert];
    expect(Date.parse(prev.scanTime), `${prev.scanId} before ${cur.scanId}`).toBeGreaterThan(
      Date.parse(cur.scanTime),
    );
  }
}

async function update(t: TestApp, cookie: string, alertIds: string[], status: 'Open' | 'Closed') {
  const r = await t.call('POST', '/api/update-alerts', { cookie, json: { alertIds, status } });
  expect(r.status, r.text).toBe(200);
  expect(r.data).toEqual({});
}

let t: TestApp;
let orgs: Awaited<ReturnType<typeof makeAlertOrgs>>;
let example: TestOrg;
let exampleAdmin: string;
let all: Alert[];
beforeAll(async () => {
  t = await createTestApp();
  orgs = await makeAlertOrgs(t);
  example = orgs.example;
  exampleAdmin = example.cookie;
  all = (await page(t, exampleAdmin, { page: 1, pageSize: 100 })).alerts;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /alerts: what was made', () => {
  it('Example: 60 alerts, two thirds open, every severity and one other', () => {
    expect(all).toHaveLength(EXAMPLE_ALERTS);
    expect(new Set(ids(all)).size).toBe(EXAMPLE_ALERTS);
    const open = all.filter((a) => a.alertStatus === 'Open').length;
    expect(open).toBe(example.alerts.filter((a) => a.alertStatus === 'Open').length);
    expect(open).toBe(40);
    expect(new Set(all.map((a) => a.severity))).toEqual(
      new Set([...KNOWN_ALERT_SEVERITIES, OTHER_ALERT_SEVERITY]),
    );
  });

  it('every field of an alert comes from its row and its device', () => {
    expect(ids(all)).toEqual(example.alerts.map((a) => a.scanId));
    for (const [i, made] of example.alerts.entries()) {
      const device = example.devices.find((d) => d.id === made.deviceId)!;
      expect(all[i]).toEqual({
        alertName: made.alertName,
        alertDescription: made.alertDescription,
        severity: made.severity,
        alertStatus: made.alertStatus,
        memberName: device.memberName,
        device: device.model,
        scanTime: made.scanTime.toISOString(),
        scanId: made.scanId,
      });
    }
  });

  it('descriptions are answered as stored, the malformed one too', () => {
    const unreadable = all.filter((a) => parseAlertThreats(a.alertDescription) === null);
    expect(unreadable.map((a) => a.alertDescription)).toEqual([MALFORMED]);
    for (const a of all) {
      if (a === unreadable[0]) continue;
      expect(parseAlertThreats(a.alertDescription)?.length).toBeGreaterThan(0);
    }
  });

  it('alerts are on Example devices; some have no member; device + scan time identify a row', async () => {
    const withoutMember = all.filter((a) => a.memberName === null);
    expect(withoutMember.length).toBeGreaterThanOrEqual(3);
    expect(all.filter((a) => a.memberName !== null).length).toBeGreaterThan(40);
    expect(new Set(all.map((a) => a.scanTime)).size).toBe(EXAMPLE_ALERTS);
    for (const a of all) expect(Date.parse(a.scanTime) % 60_000).toBe(0);
    const models = new Set(
      (
        await t.db
          .select({ model: devices.model })
          .from(devices)
          .where(eq(devices.orgId, example.id))
      ).map((d) => d.model),
    );
    for (const a of all) expect(models.has(a.device), a.device).toBe(true);
  });

  it('Umbrella has a few, Initrode and Freshco none (totalPages 0)', async () => {
    const [umbrellaCount] = await t.db
      .select({ n: count() })
      .from(alerts)
      .where(eq(alerts.orgId, orgs.umbrella.id));
    expect(umbrellaCount?.n).toBe(orgs.umbrella.alerts.length);
    expect(umbrellaCount?.n).toBeGreaterThan(0);
    for (const org of [orgs.initrode, orgs.freshco]) {
      const cookie = org.cookie;
      expect(await page(t, cookie, {})).toEqual({ alerts: [], totalPages: 0 });
      expect(await page(t, cookie, { status: 'open', page: 3 })).toEqual({
        alerts: [],
        totalPages: 0,
      });
    }
  });
});

describe('GET /alerts: order, pages and the status filter', () => {
  it('newest scan first, defaults page 1 of 50', async () => {
    expectNewestFirst(all);
    const first = await page(t, exampleAdmin, {});
    expect(first.totalPages).toBe(2);
    expect(ids(first.alerts)).toEqual(ids(all).slice(0, 50));
  });

  it('ties on scan time are broken by id', async () => {
    const app = await createTestApp();
    try {
      const { cookie } = (await makeAlertOrgs(app)).example;
      const all = (await page(app, cookie, { pageSize: 100 })).alerts;
      // Give three alerts the newest scan time: they then come first, in insertion (id) order.
      const tied = [...all]
        .reverse()
        .slice(0, 3)
        .map((a) => a.scanId);
      const sorted = (await app.db.select({ scanId: alerts.scanId, id: alerts.id }).from(alerts))
        .filter((r) => tied.includes(r.scanId))
        .sort((a, b) => a.id - b.id)
        .map((r) => r.scanId);
      for (const scanId of tied) {
        await app.db
          .update(alerts)
          .set({ scanTime: app.clock.now() })
          .where(eq(alerts.scanId, scanId));
      }
      const first = await page(app, cookie, { pageSize: 20 });
      expect(ids(first.alerts).slice(0, 3)).toEqual(sorted);
    } finally {
      await app.close();
    }
  });

  it.each([20, 50])('pages of %i hold every alert exactly once, in order', async (pageSize) => {
    const paged = await walk(t, exampleAdmin, {}, pageSize);
    expect(ids(paged)).toEqual(ids(all));
  });

  it.each([
    ['open', 'Open', 40],
    ['closed', 'Closed', 20],
  ] as const)('status=%s lists the %s alerts only', async (status, label, expected) => {
    const paged = await walk(t, exampleAdmin, { status }, 20);
    expect(paged).toHaveLength(expected);
    expect(paged.every((a) => a.alertStatus === label)).toBe(true);
    expect(ids(paged)).toEqual(ids(all.filter((a) => a.alertStatus === label)));
  });

  it('a page beyond the end is empty and tells the page count', async () => {
    expect(await page(t, exampleAdmin, { page: 4, pageSize: 20 })).toEqual({
      alerts: [],
      totalPages: 3,
    });
    expect(await page(t, exampleAdmin, { page: 2, pageSize: 100 })).toEqual({
      alerts: [],
      totalPages: 1,
    });
    expect(await page(t, exampleAdmin, { status: 'closed', page: 2, pageSize: 20 })).toEqual({
      alerts: [],
      totalPages: 1,
    });
  });

  it.each<Params>([
    { pageSize: 101 },
    { pageSize: 0 },
    { page: 0 },
    { page: 'two' },
    { pageSize: 2.5 },
    { status: 'none' },
    { status: 'Open' },
  ])('refuses the query %o (400)', async (params) => {
    const r = await t.call('GET', url(params), { cookie: exampleAdmin });
    expect(r.status).toBe(400);
    expect(r.data.error).toBe('Invalid query');
  });

  it('needs a session (401)', async () => {
    expect((await t.call('GET', '/api/alerts')).status).toBe(401);
  });
});

describe('POST /update-alerts', () => {
  it('closes and reopens, idempotently, touching only the named alerts', async () => {
    const app = await createTestApp();
    try {
      const { cookie } = (await makeAlertOrgs(app)).example;
      const before = (await page(app, cookie, { pageSize: 100 })).alerts;
      const open = before.filter((a) => a.alertStatus === 'Open').slice(0, 3);
      const targets = ids(open);
      const statusOf = async () =>
        new Map(
          (await page(app, cookie, { pageSize: 100 })).alerts.map((a) => [a.scanId, a.alertStatus]),
        );
      const others = (m: Map<string, string>) =>
        before.filter((a) => !targets.includes(a.scanId)).map((a) => m.get(a.scanId));
      const expectedOthers = before
        .filter((a) => !targets.includes(a.scanId))
        .map((a) => a.alertStatus);

      await update(app, cookie, targets, 'Closed');
      let now = await statusOf();
      expect(targets.map((id) => now.get(id))).toEqual(['Closed', 'Closed', 'Closed']);
      expect(others(now)).toEqual(expectedOthers);
      // The same again (and a repeated id) is fine.
      await update(app, cookie, [...targets, targets[0] as string], 'Closed');
      now = await statusOf();
      expect(targets.map((id) => now.get(id))).toEqual(['Closed', 'Closed', 'Closed']);
      const openBefore = before.filter((a) => a.alertStatus === 'Open').length;
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(
        openBefore - 3,
      );

      // A mix of open and closed alerts reopens as one.
      const closedBefore = before.find((a) => a.alertStatus === 'Closed')?.scanId as string;
      await update(app, cookie, [...targets, closedBefore], 'Open');
      now = await statusOf();
      expect([...targets, closedBefore].map((id) => now.get(id))).toEqual([
        'Open',
        'Open',
        'Open',
        'Open',
      ]);
      await update(app, cookie, targets, 'Open');
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(
        openBefore + 1,
      );
      // Unknown ids are ignored.
      await update(app, cookie, ['scan_unknown'], 'Closed');
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(
        openBefore + 1,
      );
    } finally {
      await app.close();
    }
  });

  it('is scoped to the caller organization: an Initrode session cannot see or change Example alerts', async () => {
    const app = await createTestApp();
    try {
      const made = await makeAlertOrgs(app);
      const initrode = made.initrode.cookie;
      const exampleCookie = made.example.cookie;
      const exampleOpen = (await page(app, exampleCookie, { status: 'open', pageSize: 100 }))
        .alerts;
      const targets = ids(exampleOpen).slice(0, 5);

      expect(await page(app, initrode, { pageSize: 100 })).toEqual({ alerts: [], totalPages: 0 });
      await update(app, initrode, targets, 'Closed');
      const after = (await page(app, exampleCookie, { status: 'open', pageSize: 100 })).alerts;
      expect(ids(after)).toEqual(ids(exampleOpen));

      // Umbrella's alerts are untouched by Example's update naming them.
      const umbrellaIds = made.umbrella.alerts
        .filter((a) => a.alertStatus === 'Open')
        .map((a) => ({ scanId: a.scanId }));
      expect(umbrellaIds.length).toBeGreaterThan(0);
      await update(
        app,
        exampleCookie,
        umbrellaIds.map((a) => a.scanId),
        'Closed',
      );
      const umbrellaAfter = await app.db
        .select({ status: alerts.status })
        .from(alerts)
        .where(eq(alerts.scanId, umbrellaIds[0]?.scanId as string));
      expect(umbrellaAfter[0]?.status).toBe('Open');
    } finally {
      await app.close();
    }
  });

  it('an alert outlives its device: unenrolment keeps its device text and member name', async () => {
    const app = await createTestApp();
    try {
      const made = (await makeAlertOrgs(app)).example;
      const { cookie } = made;
      const all = (await page(app, cookie, { pageSize: 100 })).alerts;
      const row = made.alerts.find((a) => {
        const device = made.devices.find((d) => d.id === a.deviceId);
        return device?.memberName != null;
      });
      const alert = all.find((a) => a.scanId === row?.scanId) as Alert;
      const [device] = await app.db
        .select({ code: devices.code })
        .from(devices)
        .where(eq(devices.id, row?.deviceId as number));
      const r = await app.call('POST', '/api/orgs/unenroll-devices', {
        cookie,
        json: { codes: [device?.code] },
      });
      expect(r.status, r.text).toBe(200);
      const after = (await page(app, cookie, { pageSize: 100 })).alerts;
      expect(after.find((a) => a.scanId === alert.scanId)).toEqual(alert);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['no ids', { alertIds: [], status: 'Closed' }],
    ['a bad status', { alertIds: ['x'], status: 'closed' }],
    ['no status', { alertIds: ['x'] }],
    ['an empty id', { alertIds: [''], status: 'Open' }],
    ['ids not a list', { alertIds: 'x', status: 'Open' }],
  ])('refuses a body with %s (400)', async (_, json) => {
    const r = await t.call('POST', '/api/update-alerts', { cookie: exampleAdmin, json });
    expect(r.status).toBe(400);
    expect(r.data.error).toBe('Invalid request body');
  });

  it('needs a session (401) and a JSON body (415)', async () => {
    const r = await t.call('POST', '/api/update-alerts', {
      json: { alertIds: [all[0]?.scanId], status: 'Closed' },
    });
    expect(r.status).toBe(401);
    const text = await t.call('POST', '/api/update-alerts', {
      cookie: exampleAdmin,
      rawBody: JSON.stringify({ alertIds: ['x'], status: 'Closed' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await page(t, exampleAdmin, { pageSize: 100 })).alerts).toEqual(all);
  });
});
