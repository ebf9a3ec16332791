/**
 * Export CSV of the dashboard and of the alerts console (docs/product/dashboard.md and alerts.md,
 * 'Export'): every row of the current filter, search and order, all pages, streamed. The oracle is
 * the list itself: the export must hold exactly the rows of all its pages, in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { ALERT_CSV_COLUMNS } from '@contract/alerts';
import { DEVICE_CSV_COLUMNS } from '@contract/devices';
import { alerts, members } from '../db/schema';
import { eachAlert } from '../alerts/data';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { eachDevice } from './data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let acme: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrg(t, { name: 'Acme', members: 40, devices: 140, alerts: 60 });
  other = await makeOrg(t, { name: 'Other', members: 5, devices: 12, alerts: 4 });
  // A member name a spreadsheet would run as a formula.
  await t.db
    .update(members)
    .set({ name: '=HYPERLINK("http://evil.test","x")' })
    .where(eq(members.id, acme.members[0]!.id));
  // Seven alerts of one scan time: the export's batches must split ties by id.
  const tied = (await t.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.orgId, acme.id)))
    .slice(10, 17)
    .map((a) => a.id);
  await t.db
    .update(alerts)
    .set({ scanTime: new Date('2026-10-01T12:00:00.123456Z') })
    .where(and(eq(alerts.orgId, acme.id), inArray(alerts.id, tied)));
});
afterAll(async () => {
  await t.close();
});

function csvRows(text: string): string[][] {
  // The BOM lets spreadsheet programs read UTF-8; the parser takes it off.
  return parse(text, { bom: true, relaxColumnCount: false }) as string[][];
}

async function allListed(path: string, key: 'devices' | 'alerts', query: string, org = acme) {
  const listed: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const r = await t.call('GET', `${path}?${query}${query ? '&' : ''}page=${page}&pageSize=25`, {
      cookie: org.cookie,
    });
    expect(r.status, r.text).toBe(200);
    listed.push(...r.data[key]);
    if (page >= r.data.totalPages) break;
  }
  return listed;
}

describe('Export CSV of devices', () => {
  for (const query of [
    '',
    'sort=lastScanAt&order=desc',
    'sort=memberName&order=asc',
    'severity=critical&severity=warning',
    'enrolled=false',
    'q=m',
  ]) {
    it(`holds every device of the list, in its order: ${query || 'default'}`, async () => {
      const listed = await allListed('/api/orgs', 'devices', query);
      const r = await t.call('GET', `/api/orgs/devices/export.csv${query ? `?${query}` : ''}`, {
        cookie: acme.cookie,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(r.res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="devices-acme-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = csvRows(r.text);
      expect(header).toEqual([...DEVICE_CSV_COLUMNS]);
      expect(rows.map((row) => row[DEVICE_CSV_COLUMNS.indexOf('Device Code')])).toEqual(
        listed.map((d) => d.code),
      );
      if (query === '') expect(rows.length).toBe(140);
    });
  }

  it('reads in keyset batches that meet exactly: no row lost or repeated at a boundary', async () => {
    for (const query of [{}, { sort: 'lastScanAt' as const, order: 'desc' as const }]) {
      const whole: string[] = [];
      for await (const d of eachDevice(t.db, acme.id, query, 1000)) whole.push(d.code);
      const batched: string[] = [];
      for await (const d of eachDevice(t.db, acme.id, query, 7)) batched.push(d.code);
      expect(batched).toEqual(whole);
      expect(new Set(batched).size).toBe(140);
    }
  });

  it('neutralises a cell a spreadsheet would run as a formula', async () => {
    const r = await t.call('GET', '/api/orgs/devices/export.csv?sort=memberName', {
      cookie: acme.cookie,
    });
    const rows = csvRows(r.text).slice(1);
    const names = rows.map((row) => row[0]);
    expect(names).toContain(`'=HYPERLINK("http://evil.test","x")`);
    expect(names.some((name) => name?.startsWith('='))).toBe(false);
  });

  it("answers only the caller's organization; 401 without a session; 400 for a bad filter", async () => {
    const r = await t.call('GET', '/api/orgs/devices/export.csv', { cookie: other.cookie });
    const codes = csvRows(r.text)
      .slice(1)
      .map((row) => row[DEVICE_CSV_COLUMNS.indexOf('Device Code')]);
    expect(codes.sort()).toEqual(other.devices.map((d) => d.code).sort());
    expect((await t.call('GET', '/api/orgs/devices/export.csv')).status).toBe(401);
    const bad = await t.call('GET', '/api/orgs/devices/export.csv?severity=nope', {
      cookie: acme.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe('Export CSV of alerts', () => {
  for (const query of ['', 'status=open', 'status=closed']) {
    it(`holds every alert of the console, newest first: ${query || 'all'}`, async () => {
      const listed = await allListed('/api/alerts', 'alerts', query);
      const r = await t.call('GET', `/api/alerts/export.csv${query ? `?${query}` : ''}`, {
        cookie: acme.cookie,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="alerts-acme-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = csvRows(r.text);
      expect(header).toEqual([...ALERT_CSV_COLUMNS]);
      expect(rows.map((row) => row[ALERT_CSV_COLUMNS.indexOf('Scan ID')])).toEqual(
        listed.map((a) => a.scanId),
      );
      expect(rows.map((row) => row[ALERT_CSV_COLUMNS.indexOf('Status')])).toEqual(
        listed.map((a) => a.alertStatus),
      );
    });
  }

  it('reads in keyset batches that meet exactly, alerts of one scan time included', async () => {
    const whole: string[] = [];
    for await (const a of eachAlert(t.db, acme.id, undefined, 1000)) whole.push(a.scanId);
    const batched: string[] = [];
    for await (const a of eachAlert(t.db, acme.id, undefined, 3)) batched.push(a.scanId);
    expect(batched).toEqual(whole);
    expect(new Set(batched).size).toBe(60);
  });

  it("answers only the caller's organization; 401 without a session", async () => {
    const r = await t.call('GET', '/api/alerts/export.csv', { cookie: other.cookie });
    expect(csvRows(r.text).length - 1).toBe(4);
    expect((await t.call('GET', '/api/alerts/export.csv')).status).toBe(401);
  });
});
