/** Reading GET /orgs (the device list) in tests: one page, or every page in turn. */
import { expect } from 'vitest';
import type { Device } from '@contract/devices';
import type { createTestApp } from '.';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type DevicePageParams = Record<string, string | number | boolean | Array<string>>;

/** The list's address; an array value repeats its key (`severity=a&severity=b`). */
export function devicesUrl(params: DevicePageParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return `/api/orgs?${search}`;
}

/** One page, which must answer 200. */
export async function devicePage(t: TestApp, cookie: string, params: DevicePageParams) {
  const r = await t.call('GET', devicesUrl(params), { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as { devices: Device[]; totalPages: number; total: number };
}

/**
 * Every page in turn; checks the page sizes (full pages, then the rest), that every page tells the
 * same page count and total, and that the total is the filter's whole count (docs/decisions/044).
 */
export async function walkDevices(
  t: TestApp,
  cookie: string,
  params: DevicePageParams,
  pageSize: number,
) {
  const first = await devicePage(t, cookie, { ...params, page: 1, pageSize });
  const all = [...first.devices];
  for (let n = 2; n <= first.totalPages; n++) {
    const next = await devicePage(t, cookie, { ...params, page: n, pageSize });
    expect(next.totalPages).toBe(first.totalPages);
    expect(next.total).toBe(first.total);
    all.push(...next.devices);
  }
  expect(all.length).toBe(first.total);
  expect(all.length).toBeGreaterThan((first.totalPages - 1) * pageSize);
  expect(all.length).toBeLessThanOrEqual(first.totalPages * pageSize);
  for (let n = 1; n < first.totalPages; n++) {
    expect(all.slice((n - 1) * pageSize, n * pageSize)).toHaveLength(pageSize);
  }
  return { devices: all, totalPages: first.totalPages };
}

export const deviceCodes = (list: Device[]) => list.map((d) => d.code);
/** No device listed twice. */
export const allUnique = (list: Device[]) => new Set(deviceCodes(list)).size === list.length;
