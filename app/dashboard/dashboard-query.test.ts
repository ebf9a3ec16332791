import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_DASHBOARD_QUERY,
  listKey,
  parseDashboardQuery,
  serializeDashboardQuery,
  toListDevicesQuery,
  viewKey,
} from './dashboard-query';

describe('dashboard URL parsing', () => {
  it('defaults: page 1, 50 rows, no filter, no sort', () => {
    expect(parseDashboardQuery('')).toEqual(DEFAULT_DASHBOARD_QUERY);
  });

  it.each([
    ['page=2', 2],
    ['page=10', 10],
    ['page=007', 1],
    ['page=0', 1],
    ['page=-1', 1],
    ['page=1.5', 1],
    ['page=1e3', 1],
    ['page= 2', 1],
    ['page=', 1],
    ['page=abc', 1],
    ['page=9999999999', 1],
  ])('%s → page %i', (search, page) => {
    expect(parseDashboardQuery(search).page).toBe(page);
  });

  it.each([
    ['pageSize=100', 100],
    ['pageSize=20', 20],
    ['pageSize=101', 50],
    ['pageSize=1000', 50],
    ['pageSize=050', 50],
    ['pageSize=0', 50],
  ])('%s → %i rows', (search, pageSize) => {
    expect(parseDashboardQuery(search).pageSize).toBe(pageSize);
  });

  it('filters: enrolled true/false, repeated severities in canonical order, unknown values ignored', () => {
    expect(parseDashboardQuery('enrolled=true').enrolled).toBe(true);
    expect(parseDashboardQuery('enrolled=false').enrolled).toBe(false);
    expect(parseDashboardQuery('enrolled=yes').enrolled).toBeNull();
    expect(
      parseDashboardQuery('severity=secure&severity=bogus&severity=critical&severity=secure')
        .severity,
    ).toEqual(['secure', 'critical']);
  });

  it('sort: known columns only; order defaults to asc', () => {
    expect(parseDashboardQuery('sort=lastScanAt&order=desc')).toMatchObject({
      sort: 'lastScanAt',
      order: 'desc',
    });
    expect(parseDashboardQuery('sort=lastScanAt&order=up')).toMatchObject({ order: 'asc' });
    expect(parseDashboardQuery('sort=password&order=desc')).toMatchObject({
      sort: null,
      order: 'asc',
      q: '',
    });
  });

  it('unknown parameters are dropped when written back', () => {
    expect(serializeDashboardQuery(parseDashboardQuery('utm=x&page=3&foo=bar'))).toBe('?page=3');
  });

  it('round-trips every valid state', () => {
    const state = fc.record({
      enrolled: fc.constantFrom(null, true, false),
      severity: fc.subarray(['secure', 'warning', 'critical'] as const),
      page: fc.integer({ min: 1, max: 100000 }),
      pageSize: fc.integer({ min: 1, max: 100 }),
      sort: fc.constantFrom(null, 'code', 'memberName', 'lastScanAt', 'severity' as const),
      order: fc.constantFrom('asc', 'desc' as const),
      q: fc.string({ maxLength: 120 }).map((q) => q.slice(0, 100).trim()),
      // The open drawer's device code (empty after trimming means none).
      device: fc.string({ maxLength: 40 }).map((d) => d.trim() || null),
    });
    fc.assert(
      fc.property(state, (s) => {
        const normal = { ...s, order: s.sort ? s.order : ('asc' as const) };
        expect(parseDashboardQuery(serializeDashboardQuery(normal))).toEqual(normal);
      }),
    );
  });

  it('parsing is idempotent for any input', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = parseDashboardQuery(raw);
        expect(parseDashboardQuery(serializeDashboardQuery(once))).toEqual(once);
      }),
    );
  });

  it('the list key ignores the page; the API query carries it', () => {
    const q = parseDashboardQuery('severity=critical&page=4');
    expect(listKey(q)).toBe('?severity=critical');
    expect(toListDevicesQuery(q)).toEqual({
      page: 4,
      pageSize: 50,
      enrolled: undefined,
      severity: ['critical'],
      sort: undefined,
      order: undefined,
      q: undefined,
    });
    expect(toListDevicesQuery(q, 5).page).toBe(5);
  });

  it('search: trimmed, at most 100 characters, first in the URL, sent to the API', () => {
    const q = parseDashboardQuery('page=2&q=%20Dana%20Lee%20');
    expect(q.q).toBe('Dana Lee');
    expect(serializeDashboardQuery(q)).toBe('?q=Dana+Lee&page=2');
    expect(toListDevicesQuery(q).q).toBe('Dana Lee');
    expect(parseDashboardQuery(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
    expect(serializeDashboardQuery(parseDashboardQuery('q=%20%20'))).toBe('');
    expect(toListDevicesQuery(parseDashboardQuery('')).q).toBeUndefined();
  });

  it('the open device drawer: its code in `device`, outside the list and the view', () => {
    const q = parseDashboardQuery('device=ABCD-EF23&severity=critical&page=2');
    expect(q.device).toBe('ABCD-EF23');
    expect(serializeDashboardQuery(q)).toBe('?severity=critical&page=2&device=ABCD-EF23');
    expect(listKey(q)).toBe('?severity=critical');
    expect(viewKey(q)).toBe('?severity=critical&page=2');
    expect(parseDashboardQuery('device=').device).toBeNull();
    expect(toListDevicesQuery(q)).not.toHaveProperty('device');
  });
});
