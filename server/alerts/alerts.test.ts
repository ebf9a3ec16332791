/** GET /alerts and POST /update-alerts, against the seeded demo data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { parseAlertThreats, type Alert } from '@contract/alerts';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';
import { alerts, devices, organizations } from '../db/schema';
import { DEMO, createTestApp } from '../test-support';
import { DEMO_OTHER_SEVERITY, seedDemoAlerts } from '../seed/seed-alerts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Params = Record<string, string | number>;

const ACME_ALERTS = 60;

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

/** Newest scan first; scan times of the demo data are distinct, so the order is strict. */
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
let acme: string;
let all: Alert[];
beforeAll(async () => {
  t = await createTestApp();
  acme = await t.signIn();
  all = (await page(t, acme, { page: 1, pageSize: 100 })).alerts;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /alerts: the demo data', () => {
  it('Acme: 60 alerts, about two thirds open, every severity and one other', () => {
    expect(all).toHaveLength(ACME_ALERTS);
    expect(new Set(ids(all)).size).toBe(ACME_ALERTS);
    const open = all.filter((a) => a.alertStatus === 'Open').length;
    expect(open).toBe(40);
    expect(new Set(all.map((a) => a.severity))).toEqual(
      new Set([...KNOWN_ALERT_SEVERITIES, DEMO_OTHER_SEVERITY]),
    );
    for (const name of ['Malicious app detected', 'Phishing link blocked', 'Outdated OS']) {
      expect(
        all.some((a) => a.alertName === name),
        name,
      ).toBe(true);
    }
  });

  it('the newest alert is the same on every machine (fixed-seed data, fixed reference time)', () => {
    expect(all[0]).toEqual({
      alertName: 'Unusual network activity',
      alertDescription:
        '[{"threat":"Beacon to a newly registered domain"},{"threat":"Traffic to a known command-and-control range"}]',
      severity: 'Suspicious',
      alertStatus: 'Open',
      memberName: 'Samuel Van Dijk',
      device: 'Galaxy S24 FE',
      scanTime: '2026-11-20T13:26:00.000Z',
      scanId: 'scan_d4bc8d175aa001c8',
    });
  });

  it('descriptions are JSON lists of threats, except exactly one malformed', () => {
    const unreadable = all.filter((a) => parseAlertThreats(a.alertDescription) === null);
    expect(unreadable).toHaveLength(1);
    expect(() => JSON.parse(unreadable[0]?.alertDescription ?? '') as unknown).toThrow();
    for (const a of all) {
      if (a === unreadable[0]) continue;
      expect(parseAlertThreats(a.alertDescription)?.length).toBeGreaterThan(0);
    }
    // The newest alert (the console's first row) reads as a list.
    expect(parseAlertThreats(all[0]?.alertDescription ?? '')).not.toBeNull();
  });

  it('alerts are on Acme devices; some have no member; device + scan time identify a row', async () => {
    const withoutMember = all.filter((a) => a.memberName === null);
    expect(withoutMember.length).toBeGreaterThanOrEqual(3);
    expect(all.filter((a) => a.memberName !== null).length).toBeGreaterThan(40);
    expect(new Set(all.map((a) => a.scanTime)).size).toBe(ACME_ALERTS);
    for (const a of all) expect(Date.parse(a.scanTime) % 60_000).toBe(0);
    const models = new Set(
      (
        await t.db
          .select({ model: devices.model })
          .from(devices)
          .innerJoin(organizations, eq(organizations.id, devices.orgId))
          .where(eq(organizations.slug, 'acme'))
      ).map((d) => d.model),
    );
    for (const a of all) expect(models.has(a.device), a.device).toBe(true);
  });

  it('Globex has a few, Initech and Newco none (totalPages 0)', async () => {
    const [globex] = await t.db
      .select({ n: count() })
      .from(alerts)
      .innerJoin(organizations, eq(organizations.id, alerts.orgId))
      .where(eq(organizations.slug, 'globex'));
    expect(globex?.n).toBeGreaterThan(0);
    expect(globex?.n).toBeLessThan(10);
    for (const who of [DEMO.initech, DEMO.newco]) {
      const cookie = await t.signIn(who.email, who.password);
      expect(await page(t, cookie, {})).toEqual({ alerts: [], totalPages: 0 });
      expect(await page(t, cookie, { status: 'open', page: 3 })).toEqual({
        alerts: [],
        totalPages: 0,
      });
    }
  });

  it('the seed step runs once', async () => {
    expect(await seedDemoAlerts(t.db)).toBe(false);
    const [n] = await t.db.select({ n: count() }).from(alerts);
    expect(n?.n).toBe(ACME_ALERTS + 4);
  });
});

describe('GET /alerts: order, pages and the status filter', () => {
  it('newest scan first, defaults page 1 of 50', async () => {
    expectNewestFirst(all);
    const first = await page(t, acme, {});
    expect(first.totalPages).toBe(2);
    expect(ids(first.alerts)).toEqual(ids(all).slice(0, 50));
  });

  it('ties on scan time are broken by id', async () => {
    const app = await createTestApp();
    try {
      const cookie = await app.signIn();
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
          .set({ scanTime: new Date('2026-11-20T14:05:00Z') })
          .where(eq(alerts.scanId, scanId));
      }
      const first = await page(app, cookie, { pageSize: 20 });
      expect(ids(first.alerts).slice(0, 3)).toEqual(sorted);
    } finally {
      await app.close();
    }
  });

  it.each([20, 50])('pages of %i hold every alert exactly once, in order', async (pageSize) => {
    const paged = await walk(t, acme, {}, pageSize);
    expect(ids(paged)).toEqual(ids(all));
  });

  it.each([
    ['open', 'Open', 40],
    ['closed', 'Closed', 20],
  ] as const)('status=%s lists the %s alerts only', async (status, label, expected) => {
    const paged = await walk(t, acme, { status }, 20);
    expect(paged).toHaveLength(expected);
    expect(paged.every((a) => a.alertStatus === label)).toBe(true);
    expect(ids(paged)).toEqual(ids(all.filter((a) => a.alertStatus === label)));
  });

  it('a page beyond the end is empty and tells the page count', async () => {
    expect(await page(t, acme, { page: 4, pageSize: 20 })).toEqual({ alerts: [], totalPages: 3 });
    expect(await page(t, acme, { page: 2, pageSize: 100 })).toEqual({ alerts: [], totalPages: 1 });
    expect(await page(t, acme, { status: 'closed', page: 2, pageSize: 20 })).toEqual({
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
    const r = await t.call('GET', url(params), { cookie: acme });
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
      const cookie = await app.signIn();
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
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(37);

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
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(41);
      // Unknown ids are ignored.
      await update(app, cookie, ['scan_unknown'], 'Closed');
      expect((await page(app, cookie, { status: 'open', pageSize: 100 })).alerts).toHaveLength(41);
    } finally {
      await app.close();
    }
  });

  it('is scoped to the caller organization: an Initech session cannot see or change Acme alerts', async () => {
    const app = await createTestApp();
    try {
      const initech = await app.signIn(DEMO.initech.email, DEMO.initech.password);
      const acmeCookie = await app.signIn();
      const acmeOpen = (await page(app, acmeCookie, { status: 'open', pageSize: 100 })).alerts;
      const targets = ids(acmeOpen).slice(0, 5);

      expect(await page(app, initech, { pageSize: 100 })).toEqual({ alerts: [], totalPages: 0 });
      await update(app, initech, targets, 'Closed');
      const after = (await page(app, acmeCookie, { status: 'open', pageSize: 100 })).alerts;
      expect(ids(after)).toEqual(ids(acmeOpen));

      // Globex's alerts are untouched by Acme's update naming them.
      const globexIds = (
        await app.db
          .select({ scanId: alerts.scanId, status: alerts.status })
          .from(alerts)
          .innerJoin(organizations, eq(organizations.id, alerts.orgId))
          .where(eq(organizations.slug, 'globex'))
      ).filter((a) => a.status === 'Open');
      expect(globexIds.length).toBeGreaterThan(0);
      await update(
        app,
        acmeCookie,
        globexIds.map((a) => a.scanId),
        'Closed',
      );
      const globexAfter = await app.db
        .select({ status: alerts.status })
        .from(alerts)
        .where(eq(alerts.scanId, globexIds[0]?.scanId as string));
      expect(globexAfter[0]?.status).toBe('Open');
    } finally {
      await app.close();
    }
  });

  it('an alert outlives its device: unenrolment keeps its device text and member name', async () => {
    const app = await createTestApp();
    try {
      const cookie = await app.signIn();
      const [row] = await app.db
        .select({ scanId: alerts.scanId, deviceId: alerts.deviceId })
        .from(alerts)
        .innerJoin(organizations, eq(organizations.id, alerts.orgId))
        .where(eq(organizations.slug, 'acme'))
        .limit(1);
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
    const r = await t.call('POST', '/api/update-alerts', { cookie: acme, json });
    expect(r.status).toBe(400);
    expect(r.data.error).toBe('Invalid request body');
  });

  it('needs a session (401) and a JSON body (415)', async () => {
    const r = await t.call('POST', '/api/update-alerts', {
      json: { alertIds: [all[0]?.scanId], status: 'Closed' },
    });
    expect(r.status).toBe(401);
    const text = await t.call('POST', '/api/update-alerts', {
      cookie: acme,
      rawBody: JSON.stringify({ alertIds: ['x'], status: 'Closed' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await page(t, acme, { pageSize: 100 })).alerts).toEqual(all);
  });
});
