/** GET /orgs (device list) and POST /orgs/unenroll-devices, on organizations the test makes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Device, DeviceSortColumn } from '@contract/devices';
import { DEVICE_SORT_COLUMNS } from '@domain/devices';
import { devices, members } from '../db/schema';
import { createTestApp } from '../test-support';
import {
  allUnique as unique,
  deviceCodes as codes,
  devicePage as page,
  walkDevices as walk,
  devicesUrl as url,
  type DevicePageParams,
} from '../test-support/device-pages';
import { makeOrg, type TestDevice, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Params = DevicePageParams;

/** Example: 250 devices (five pages of 50) over 120 members, Dana Lee the first. */
const DEVICES = 250;
const makeExample = (t: TestApp) =>
  makeOrg(t, {
    name: 'Example',
    members: [{ name: 'Dana Lee', email: 'dana.lee@example.test' }, ...Array(119).fill({})],
    devices: DEVICES,
  });
const makeOther = (t: TestApp) => makeOrg(t, { name: 'Initrode', members: 3, devices: 3 });

/** A made device as the list answers it: no null fields, times as ISO text. */
function asListed(d: TestDevice): Device {
  const listed = {
    code: d.code,
    memberName: d.memberName,
    memberEmail: d.memberEmail,
    model: d.model,
    platform: d.platform,
    osVersion: d.osVersion,
    enrolled: d.enrolled,
    severity: d.severity,
    lastScanAt: d.lastScanAt?.toISOString() ?? null,
  };
  return Object.fromEntries(Object.entries(listed).filter(([, v]) => v !== null)) as Device;
}

// What the server's sort keys mean, in JS (text keys: lower-cased, missing = '', byte order).
const RANK = { critical: 0, warning: 1, secure: 2 } as const;
const folded = (s: string | undefined) => (s ?? '').toLowerCase();
const byteCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const versionKey = (v: string | undefined) =>
  v && /^\d{1,9}(\.\d{1,9}){0,5}$/.test(v) ? v.split('.').map(Number) : [];
function compareArrays(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  }
  return a.length - b.length;
}
const rank = (d: Device) => (d.severity ? RANK[d.severity] : 3);
const defaultCompare = (a: Device, b: Device) =>
  rank(a) - rank(b) ||
  byteCompare(folded(a.memberName), folded(b.memberName)) ||
  byteCompare(a.code, b.code);

const ascending: Record<DeviceSortColumn, (a: Device, b: Device) => number> = {
  code: (a, b) => byteCompare(a.code, b.code),
  memberName: (a, b) => byteCompare(folded(a.memberName), folded(b.memberName)),
  memberEmail: (a, b) => byteCompare(folded(a.memberEmail), folded(b.memberEmail)),
  model: (a, b) => byteCompare(folded(a.model), folded(b.model)),
  platform: (a, b) => byteCompare(a.platform ?? '', b.platform ?? ''),
  osVersion: (a, b) =>
    compareArrays(versionKey(a.osVersion), versionKey(b.osVersion)) ||
    byteCompare(a.osVersion ?? '', b.osVersion ?? ''),
  enrolled: (a, b) => Number(a.enrolled) - Number(b.enrolled),
  severity: (a, b) => defaultCompare(b, a),
  lastScanAt: (a, b) =>
    (a.lastScanAt ? Date.parse(a.lastScanAt) : -Infinity) -
      (b.lastScanAt ? Date.parse(b.lastScanAt) : -Infinity) || 0,
};

function expectOrdered(list: Device[], compare: (a: Device, b: Device) => number) {
  for (let i = 1; i < list.length; i++) {
    const [prev, cur] = [list[i - 1] as Device, list[i] as Device];
    if (compare(prev, cur) > 0) {
      throw new Error(`out of order at ${i}: ${JSON.stringify(prev)} then ${JSON.stringify(cur)}`);
    }
  }
}

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let acme: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await makeExample(t);
  other = await makeOther(t);
  acme = org.cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("GET /orgs: the organization's devices", () => {
  it('every device once, over the members, every enrolment and severity, both platforms', async () => {
    const { devices: all, totalPages } = await walk(t, acme, {}, 100);
    expect(totalPages).toBe(Math.ceil(DEVICES / 100));
    expect(all).toHaveLength(DEVICES);
    expect(unique(all)).toBe(true);
    expect(codes(all).toSorted()).toEqual(org.devices.map((d) => d.code).toSorted());
    expect(new Set(all.map((d) => d.enrolled))).toEqual(new Set([true, false]));
    expect(new Set(all.map((d) => d.severity))).toEqual(
      new Set(['critical', 'warning', 'secure', undefined]),
    );
    expect(new Set(all.map((d) => d.platform))).toEqual(new Set(['ios', 'android', undefined]));
    expect(all.some((d) => d.memberName === undefined && d.memberEmail === undefined)).toBe(true);
    expect(all.some((d) => d.enrolled && d.lastScanAt === undefined)).toBe(true);
    expect(all.some((d) => !d.enrolled && d.severity !== undefined)).toBe(true);
    expect(all.find((d) => d.memberName === 'Dana Lee')?.memberEmail).toBe('dana.lee@example.test');
  });

  it('answers each device as it is stored (byte-order text keys: the same page on every machine)', async () => {
    const first = await page(t, acme, { page: 1, pageSize: 50 });
    expect(first.totalPages).toBe(Math.ceil(DEVICES / 50));
    expect(first.total).toBe(DEVICES);
    const expected = org.devices.map(asListed).toSorted(defaultCompare).slice(0, 50);
    expect(first.devices).toEqual(expected);
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

  it("lists only the caller organization's devices; one without devices lists none", async () => {
    const own = (await page(t, other.cookie, {})).devices;
    expect(codes(own).toSorted()).toEqual(other.devices.map((d) => d.code).toSorted());
    const empty = await makeOrg(t, { name: 'Empty' });
    expect(await page(t, empty.cookie, {})).toEqual({ devices: [], totalPages: 0, total: 0 });
  });
});

describe('GET /orgs: order and paging', () => {
  it('default order: critical, warning, secure, no result; then member name, then code', async () => {
    const { devices: all } = await walk(t, acme, {}, 50);
    expect(all).toHaveLength(DEVICES);
    expectOrdered(all, defaultCompare);
    expect(all[0]?.severity).toBe('critical');
    expect(all.at(-1)?.severity).toBeUndefined();
  });

  for (const column of DEVICE_SORT_COLUMNS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sort=${column}&order=${order}: every device exactly once, in order`, async () => {
        const { devices: all } = await walk(t, acme, { sort: column, order }, 37);
        expect(all).toHaveLength(DEVICES);
        expect(unique(all)).toBe(true);
        const compare = ascending[column];
        expectOrdered(all, order === 'asc' ? compare : (a, b) => compare(b, a));
      });
    }
  }

  it('sort without order is ascending', async () => {
    const a = await page(t, acme, { sort: 'lastScanAt', pageSize: 20 });
    const b = await page(t, acme, { sort: 'lastScanAt', order: 'asc', pageSize: 20 });
    expect(a).toEqual(b);
    // A missing value sorts as the lowest: devices without a scan come first.
    expect(a.devices[0]?.lastScanAt).toBeUndefined();
  });

  it('sorts OS versions by their numbers (9 before 10), not as text', async () => {
    const { devices: all } = await walk(t, acme, { sort: 'osVersion' }, 100);
    const versions = all.map((d) => d.osVersion).filter((v): v is string => v !== undefined);
    expect(versions).toEqual(expect.arrayContaining(['9.3.6', '10', '16.7.12', '17.7.10']));
    expect(versions.indexOf('10')).toBeGreaterThan(versions.lastIndexOf('9.3.6'));
    expect(versions.indexOf('17.7.10')).toBeGreaterThan(versions.lastIndexOf('16.7.12'));
  });

  it('a page beyond the end answers no devices and the page count', async () => {
    expect(await page(t, acme, { page: 6, pageSize: 50 })).toEqual({
      devices: [],
      totalPages: 5,
      total: DEVICES,
    });
    expect(await page(t, acme, { page: 999, severity: 'critical' })).toMatchObject({
      devices: [],
    });
  });

  it('refuses a page size over 100 and other invalid query values (400)', async () => {
    for (const bad of [
      { pageSize: 101 },
      { pageSize: 0 },
      { page: 0 },
      { page: 'x' },
      { severity: 'high' },
      { enrolled: 'yes' },
      { sort: 'id' },
      { sort: 'code', order: 'up' },
    ] as Params[]) {
      const r = await t.call('GET', url(bad), { cookie: acme });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.data.error).toBe('Invalid query');
    }
    expect((await page(t, acme, { pageSize: 100 })).devices).toHaveLength(100);
  });
});

describe('GET /orgs: filters', () => {
  it('enrolled=true and enrolled=false split the devices', async () => {
    const on = await walk(t, acme, { enrolled: true }, 50);
    const off = await walk(t, acme, { enrolled: false }, 50);
    expect(on.devices.every((d) => d.enrolled === true)).toBe(true);
    expect(off.devices.every((d) => d.enrolled === false)).toBe(true);
    expect(on.devices.length + off.devices.length).toBe(DEVICES);
    expectOrdered(on.devices, defaultCompare);
  });

  it('severity repeats (any of the values); devices without a result match none', async () => {
    const one = await walk(t, acme, { severity: 'critical' }, 10);
    expect(one.devices.length).toBeGreaterThan(10);
    expect(one.devices.every((d) => d.severity === 'critical')).toBe(true);
    const two = await walk(t, acme, { severity: ['warning', 'critical'] }, 10);
    expect(new Set(two.devices.map((d) => d.severity))).toEqual(new Set(['warning', 'critical']));
    expectOrdered(two.devices, defaultCompare);
    const all = await walk(t, acme, { severity: ['secure', 'warning', 'critical'] }, 100);
    expect(all.devices.every((d) => d.severity !== undefined)).toBe(true);
    expect(all.devices.length).toBeLessThan(DEVICES);
  });

  it('filters combine, with any sort', async () => {
    const r = await walk(
      t,
      acme,
      { enrolled: true, severity: ['secure', 'warning'], sort: 'model', order: 'desc' },
      7,
    );
    expect(unique(r.devices)).toBe(true);
    expect(
      r.devices.every((d) => d.enrolled && (d.severity === 'secure' || d.severity === 'warning')),
    ).toBe(true);
    expectOrdered(r.devices, (a, b) => ascending.model(b, a));
  });
});

describe('POST /orgs/unenroll-devices', () => {
  it('removes the devices: gone from every list, pages re-cut (cached anchors invalidated)', async () => {
    const app = await createTestApp();
    try {
      const { cookie } = await makeExample(app);
      const before = await walk(app, cookie, { sort: 'memberName' }, 50);
      await walk(app, cookie, {}, 50);
      // Two devices of page 2 of the member-name order.
      const gone = codes(before.devices.slice(60, 62));
      const r = await app.call('POST', '/api/orgs/unenroll-devices', {
        cookie,
        json: { codes: gone },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.data).toEqual({});
      for (const params of [{ sort: 'memberName' }, {}] as Params[]) {
        const after = await walk(app, cookie, params, 50);
        expect(after.devices).toHaveLength(DEVICES - 2);
        expect(unique(after.devices)).toBe(true);
        expect(codes(after.devices)).not.toContain(gone[0]);
        expect(codes(after.devices)).not.toContain(gone[1]);
      }
      // Again (already gone) and unknown codes: nothing happens, still 200.
      const again = await app.call('POST', '/api/orgs/unenroll-devices', {
        cookie,
        json: { codes: [...gone, 'NOPE-0000'] },
      });
      expect(again.status).toBe(200);
      expect((await walk(app, cookie, {}, 50)).devices).toHaveLength(DEVICES - 2);
    } finally {
      await app.close();
    }
  });

  it('is scoped to the caller organization: an Initrode session cannot see or unenroll Example codes', async () => {
    const app = await createTestApp();
    try {
      const acmeCookie = (await makeExample(app)).cookie;
      const acmeCodes = codes((await page(app, acmeCookie, { pageSize: 5 })).devices);
      const initech = (await makeOther(app)).cookie;
      const own = (await page(app, initech, {})).devices;
      expect(own).toHaveLength(3);
      expect(codes(own).some((c) => acmeCodes.includes(c))).toBe(false);
      expect(own.every((d) => !d.memberEmail || d.memberEmail.endsWith('@initrode.test'))).toBe(
        true,
      );

      const r = await app.call('POST', '/api/orgs/unenroll-devices', {
        cookie: initech,
        json: { codes: acmeCodes },
      });
      expect(r.status).toBe(200);
      expect(codes((await page(app, acmeCookie, { pageSize: 5 })).devices)).toEqual(acmeCodes);
      expect((await walk(app, acmeCookie, {}, 100)).devices).toHaveLength(DEVICES);
      expect((await page(app, initech, {})).devices).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it('validates the body (400) and needs a session (401), as does the list', async () => {
    for (const json of [
      {},
      { codes: [] },
      { codes: 'ABCD-0001' },
      { codes: [''] },
      { codes: [1] },
    ]) {
      const r = await t.call('POST', '/api/orgs/unenroll-devices', { cookie: acme, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.data.error).toBe('Invalid request body');
    }
    const tooMany = Array.from({ length: 1001 }, (_, i) => `CODE-${i}`);
    expect(
      (
        await t.call('POST', '/api/orgs/unenroll-devices', {
          cookie: acme,
          json: { codes: tooMany },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/orgs/unenroll-devices', {
          json: { codes: [org.devices[0]!.code] },
        })
      ).status,
    ).toBe(401);
    expect((await t.call('GET', '/api/orgs?page=1')).status).toBe(401);
    expect((await walk(t, acme, {}, 100)).devices.map((d) => d.code)).toContain(
      org.devices[0]!.code,
    );
  });
});

describe('devices table: triggers keep copies and the version right', () => {
  it('a new device, a renamed member and a deleted member all show in the next list', async () => {
    const app = await createTestApp();
    try {
      const example = await makeExample(app);
      const { cookie } = example;
      await walk(app, cookie, {}, 50);
      const dana = example.members[0]!;
      await app.db.insert(devices).values({
        orgId: example.id,
        memberId: dana.id,
        code: 'AAAA-9999',
        enrolled: true,
        severity: 'critical',
      });
      let list = await walk(app, cookie, {}, 50);
      expect(list.devices).toHaveLength(DEVICES + 1);
      expect(list.devices.find((d) => d.code === 'AAAA-9999')?.memberName).toBe('Dana Lee');

      await app.db.update(members).set({ name: 'Aaa Aardvark' }).where(eq(members.id, dana.id));
      list = await walk(app, cookie, { sort: 'memberName' }, 50);
      // Devices without a member come first (a missing value sorts lowest).
      expect(list.devices.find((d) => d.memberName)?.memberName).toBe('Aaa Aardvark');
      expectOrdered(list.devices, ascending.memberName);

      await app.db.delete(members).where(eq(members.id, dana.id));
      list = await walk(app, cookie, {}, 50);
      const orphan = list.devices.find((d) => d.code === 'AAAA-9999');
      expect(orphan).toEqual({ code: 'AAAA-9999', enrolled: true, severity: 'critical' });
      expectOrdered(list.devices, defaultCompare);
    } finally {
      await app.close();
    }
  });

  it('refuses a device of one organization assigned to a member of another', async () => {
    const dana = org.members[0]!;
    await expect(
      t.db.insert(devices).values({ orgId: other.id, memberId: dana.id, code: 'XORG-0001' }),
    ).rejects.toThrow();
  });
});
