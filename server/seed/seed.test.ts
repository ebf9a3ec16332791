/**
 * The demo data is what server/seed/README.md says (the only server tests that read it: every
 * other test makes its own organizations with server/test-support/factories.ts). Change the demo
 * data freely, and these tests and the README with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Device } from '@contract/devices';
import { devices, members, organizations } from '../db/schema';
import { createTestApp } from '../test-support';
import { DEMO_SIGN_INS } from './seed';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const ACME_DEVICES = 250;

/** A demo sign-in's e-mail and password, by e-mail (from the list main.ts prints). */
function signIn(email: string): [string, string] {
  const demo = DEMO_SIGN_INS.find((d) => d.email === email);
  if (!demo?.password) throw new Error(`no demo password sign-in ${email}`);
  return [demo.email, demo.password];
}

async function page(t: TestApp, cookie: string, params: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const r = await t.call('GET', `/api/orgs?${search}`, { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as { devices: Device[]; totalPages: number };
}

/** Every page in turn. */
async function walk(t: TestApp, cookie: string, params: Record<string, string>, pageSize: number) {
  const first = await page(t, cookie, { ...params, page: 1, pageSize });
  const all = [...first.devices];
  for (let n = 2; n <= first.totalPages; n++) {
    all.push(...(await page(t, cookie, { ...params, page: n, pageSize })).devices);
  }
  return { devices: all, totalPages: first.totalPages };
}

const codes = (list: Device[]) => list.map((d) => d.code);
const unique = (list: Device[]) => new Set(codes(list)).size === list.length;

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

  it('drops null-valued fields instead of sending null', async () => {
    const { devices: all } = await walk(t, acme, {}, 100);
    for (const d of all) expect(Object.values(d)).not.toContain(null);
    const pending = all.find((d) => !d.enrolled && d.model === undefined);
    expect(pending && Object.keys(pending).sort()).toEqual(
      pending?.memberName
        ? ['code', 'enrolled', 'memberEmail', 'memberName']
        : ['code', 'enrolled'],
    );
  });

  it('Globex has a handful of devices, Initech a few, Newco none', async () => {
    const initech = await t.signIn(...signIn('admin@initech.test'));
    expect((await page(t, initech, {})).devices).toHaveLength(3);
    const newco = await t.signIn(...signIn('owner@newco.test'));
    expect(await page(t, newco, {})).toEqual({ devices: [], totalPages: 0 });
    const [globex] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.orgId))
      .where(eq(organizations.slug, 'globex'));
    expect(globex?.n).toBe(6);
  });
});
