/**
 * The demo data is what server/seed/README.md says (the only server tests that read it: every
 * other test makes its own organizations with server/test-support/factories.ts). Change the demo
 * data freely, and these tests and the README with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { parseAlertThreats, type Alert } from '@contract/alerts';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';
import { alerts, devices, members, organizations } from '../db/schema';
import { createTestApp } from '../test-support';
import {
  allUnique as unique,
  deviceCodes as codes,
  devicePage as page,
  walkDevices as walk,
} from '../test-support/device-pages';
import { DEMO_SIGN_INS } from './seed';
import { DEMO_OTHER_SEVERITY, seedDemoAlerts } from './seed-alerts';
import { seedDemoAudit } from './seed-audit';
import { verifyAuditChains } from '../audit/verify';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const ACME_DEVICES = 250;

/** A demo sign-in's e-mail and password, by e-mail (from the list main.ts prints). */
function signIn(email: string): [string, string] {
  const demo = DEMO_SIGN_INS.find((d) => d.email === email);
  if (!demo?.password) throw new Error(`no demo password sign-in ${email}`);
  return [demo.email, demo.password];
}

let t: TestApp;
let acme: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  acme = await t.signIn(...signIn('admin@acme.test'));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /orgs: the demo data', () => {
  it('Acme: 250 devices over 120 members, every enrolment and severity, both platforms', async () => {
    const { devices: all, totalPages } = await walk(t, acme, {}, 100);
    expect(totalPages).toBe(3);
    expect(all).toHaveLength(ACME_DEVICES);
    expect(unique(all)).toBe(true);
    expect(new Set(all.map((d) => d.enrolled))).toEqual(new Set([true, false]));
    expect(new Set(all.map((d) => d.severity))).toEqual(
      new Set(['critical', 'warning', 'secure', undefined]),
    );
    expect(new Set(all.map((d) => d.platform))).toEqual(new Set(['ios', 'android', undefined]));
    expect(all.some((d) => d.memberName === undefined && d.memberEmail === undefined)).toBe(true);
    expect(all.some((d) => d.enrolled && d.lastScanAt === undefined)).toBe(true);
    expect(all.some((d) => !d.enrolled && d.severity !== undefined)).toBe(true);
    expect(all.find((d) => d.memberName === 'Dana Lee')?.memberEmail).toBe('dana.lee@acme.test');
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(members)
      .innerJoin(organizations, eq(organizations.id, members.orgId))
      .where(eq(organizations.slug, 'acme'))) as [{ count: number }];
    expect(count).toBe(120);
  });

  it('the first page is the same on every machine (fixed-seed data, byte-order text keys)', async () => {
    const first = await page(t, acme, { page: 1, pageSize: 50 });
    expect(first.totalPages).toBe(5);
    expect(codes(first.devices).slice(0, 3)).toEqual(['D3TP-0020', 'ZTN8-0140', '6SB9-0008']);
    expect(first.devices[0]).toEqual({
      code: 'D3TP-0020',
      memberName: 'Aiko Larsen',
      memberEmail: 'aiko.larsen@acme.test',
      model: 'iPhone 16',
      platform: 'ios',
      osVersion: '18.7.2',
      enrolled: true,
      severity: 'critical',
      lastScanAt: '2026-10-31T15:45:00.000Z',
    });
  });

  it('Globex has a handful of devices, Initech a few, Newco none', async () => {
    const initech = await t.signIn(...signIn('admin@initech.test'));
    expect((await page(t, initech, {})).devices).toHaveLength(3);
    const newco = await t.signIn(...signIn('owner@newco.test'));
    expect(await page(t, newco, {})).toEqual({ devices: [], totalPages: 0, total: 0 });
    const [globex] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.orgId))
      .where(eq(organizations.slug, 'globex'));
    expect(globex?.n).toBe(6);
  });
});

const ACME_ALERTS = 60;

async function alertPage(t: TestApp, cookie: string, params: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const r = await t.call('GET', `/api/alerts?${search}`, { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as { alerts: Alert[]; totalPages: number };
}

const ids = (list: Alert[]) => list.map((a) => a.scanId);

describe('GET /alerts: the demo data', () => {
  let all: Alert[];
  beforeAll(async () => {
    all = (await alertPage(t, acme, { page: 1, pageSize: 100 })).alerts;
  });

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
    for (const email of ['admin@initech.test', 'owner@newco.test']) {
      const cookie = await t.signIn(...signIn(email));
      expect(await alertPage(t, cookie, {})).toEqual({ alerts: [], totalPages: 0 });
      expect(await alertPage(t, cookie, { status: 'open', page: 3 })).toEqual({
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

describe('GET /orgs/audit-events: the demo data', () => {
  it('Acme: its past events, then the sign-in of this test; the chains verify; the step runs once', async () => {
    const r = await t.call('GET', '/api/orgs/audit-events', { cookie: acme });
    const actions = (r.data.events as Array<{ action: string }>).map((e) => e.action);
    expect(actions).toEqual([
      'session.signed_in',
      'alert.closed',
      'session.signed_in',
      'session.sign_in_failed',
      'api_key.generated',
    ]);
    expect((await verifyAuditChains(t.db)).broken).toBeNull();
    expect(await seedDemoAudit(t.db)).toBe(false);
  });
});
