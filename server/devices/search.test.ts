/**
 * GET /orgs?q=…: the dashboard search (docs/decisions/045) — devices whose member name or e-mail
 * starts with the text (any case), or whose code does; with the filters, every order and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@contract/devices';
import { createTestApp } from '../test-support';
import {
  deviceCodes as codes,
  devicePage as page,
  walkDevices as walk,
  devicesUrl as url,
} from '../test-support/device-pages';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { prefixPattern } from './data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let everything: Device[];
beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrg(t, {
    name: 'Example',
    members: [
      { name: 'Dana Lee', email: 'dana.lee@example.test' },
      { name: 'Danielle Ortiz', email: 'd.ortiz@example.test' },
      { name: 'Lee Dana', email: 'lee_dana@example.test' },
      { name: '100% Sure', email: 'sure@example.test' },
      ...Array(56).fill({}),
    ],
    devices: 120,
  });
  other = await makeOrg(t, { name: 'Initrode', members: 3, devices: 3 });
  everything = (await walk(t, org.cookie, {}, 100)).devices;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const starts = (value: string | undefined, q: string) =>
  (value ?? '').toLowerCase().startsWith(q.toLowerCase());
const expected = (q: string) =>
  everything
    .filter(
      (d) =>
        starts(d.memberName, q) || starts(d.memberEmail, q) || d.code.startsWith(q.toUpperCase()),
    )
    .map((d) => d.code)
    .sort();

describe('GET /orgs?q=', () => {
  it('matches the start of the member name or e-mail, in any case', async () => {
    for (const q of ['dana', 'DAN', 'Lee', 'd.ortiz', 'lee_d']) {
      const found = await walk(t, org.cookie, { q }, 10);
      expect(codes(found.devices).sort(), q).toEqual(expected(q));
      expect(found.devices.length, q).toBeGreaterThan(0);
    }
    // 'Lee' is the start of 'Lee Dana', not of 'Dana Lee': a prefix search.
    const lee = await walk(t, org.cookie, { q: 'lee' }, 10);
    expect(lee.devices.every((d) => d.memberName === 'Lee Dana')).toBe(true);
  });

  it('matches the start of a device code, typed in any case', async () => {
    const code = everything[17]?.code as string;
    const found = await page(t, org.cookie, { q: code.slice(0, 6).toLowerCase() });
    expect(codes(found.devices)).toContain(code);
    expect(codes(found.devices).sort()).toEqual(expected(code.slice(0, 6)));
    const exact = await page(t, org.cookie, { q: code });
    expect(codes(exact.devices)).toEqual([code]);
    expect(exact.total).toBe(1);
  });

  it('takes % _ and \\ literally (no wildcards)', async () => {
    expect(prefixPattern('a%b_c\\')).toBe('a\\%b\\_c\\\\%');
    const percent = await page(t, org.cookie, { q: '100%' });
    expect(percent.devices.every((d) => d.memberName === '100% Sure')).toBe(true);
    expect(percent.total).toBe(expected('100%').length);
    expect((await page(t, org.cookie, { q: '%' })).total).toBe(0);
    expect((await page(t, org.cookie, { q: '_' })).total).toBe(0);
  });

  it('combines with the filters, every order and paging; blank means no search', async () => {
    const found = await walk(
      t,
      org.cookie,
      { q: 'd', enrolled: true, sort: 'memberEmail', order: 'desc' },
      3,
    );
    expect(found.devices.every((d) => d.enrolled === true)).toBe(true);
    expect(codes(found.devices).sort()).toEqual(
      expected('d').filter((c) => everything.find((d) => d.code === c)?.enrolled === true),
    );
    const emails = found.devices.map((d) => (d.memberEmail ?? '').toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await page(t, org.cookie, { q: '   ' })).total).toBe(everything.length);
  });

  it("never finds another organization's devices", async () => {
    const theirs = (await walk(t, other.cookie, {}, 10)).devices[0] as Device;
    expect((await page(t, org.cookie, { q: theirs.code })).total).toBe(0);
    expect((await page(t, org.cookie, { q: theirs.memberEmail ?? '' })).devices).not.toContainEqual(
      theirs,
    );
  });

  it('refuses a search over 100 characters (400)', async () => {
    const r = await t.call('GET', url({ q: 'x'.repeat(101) }), { cookie: org.cookie });
    expect(r.status).toBe(400);
  });
});
