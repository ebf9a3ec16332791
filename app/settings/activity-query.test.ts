import { describe, expect, it } from 'vitest';
import { ListAuditEventsQuery } from '@contract/audit';
import {
  DEFAULT_ACTIVITY_QUERY,
  isFiltered,
  parseActivityQuery,
  parseDay,
  serializeActivityQuery,
  toAuditFilterQuery,
  toListAuditEventsQuery,
} from './activity-query';

describe('the Activity tab’s address', () => {
  it('defaults to the whole log, first page of 50', () => {
    expect(parseActivityQuery('?tab=activity')).toEqual(DEFAULT_ACTIVITY_QUERY);
    expect(serializeActivityQuery(DEFAULT_ACTIVITY_QUERY)).toBe('?tab=activity');
    expect(isFiltered(DEFAULT_ACTIVITY_QUERY)).toBe(false);
  });

  it('reads every filter and writes it back the same', () => {
    const search =
      '?tab=activity&actor=user%3A12&action=alert.closed&action=alert.reopened&outcome=failure&from=2026-11-01&to=2026-11-20&q=Pixel+8&page=3&pageSize=100';
    const query = parseActivityQuery(search);
    expect(query).toEqual({
      actor: 'user:12',
      actions: ['alert.closed', 'alert.reopened'],
      outcome: 'failure',
      from: '2026-11-01',
      to: '2026-11-20',
      q: 'Pixel 8',
      page: 3,
      pageSize: 100,
    });
    expect(serializeActivityQuery(query)).toBe(search);
    expect(isFiltered(query)).toBe(true);
  });

  it('drops what is not a valid value instead of failing', () => {
    expect(
      parseActivityQuery(
        'actor=nobody&action=alert.deleted&action=alert.closed&action=alert.closed&outcome=maybe&from=2026-02-30&to=yesterday&page=0&pageSize=500',
      ),
    ).toEqual({ ...DEFAULT_ACTIVITY_QUERY, actions: ['alert.closed'] });
  });

  it('keeps the catalogue’s order of actions whatever the address says', () => {
    expect(parseActivityQuery('action=alert.reopened&action=session.signed_in').actions).toEqual([
      'session.signed_in',
      'alert.reopened',
    ]);
  });

  it('trims and bounds the search', () => {
    expect(parseActivityQuery(`q=${encodeURIComponent('  pixel  ')}`).q).toBe('pixel');
    expect(parseActivityQuery(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });
});

describe('parseDay', () => {
  it.each([
    ['2026-11-20', '2026-11-20'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['20261120', null],
    [null, null],
  ])('%s → %s', (value, day) => {
    expect(parseDay(value)).toBe(day);
  });
});

describe('the calls of a state', () => {
  const query = parseActivityQuery(
    'actor=user:12&action=alert.closed&outcome=success&from=2026-11-01&to=2026-11-30&q=pixel&page=2',
  );

  it('turns the days into the API’s times: from inclusive, to the next midnight (exclusive)', () => {
    expect(toAuditFilterQuery(query)).toEqual({
      actor: 'user:12',
      action: ['alert.closed'],
      outcome: 'success',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      q: 'pixel',
    });
  });

  it('the list call adds the page and is what the contract accepts', () => {
    const list = toListAuditEventsQuery(query);
    expect(list).toMatchObject({ page: 2, pageSize: 50 });
    expect(ListAuditEventsQuery.safeParse(list).success).toBe(true);
    expect(toAuditFilterQuery(DEFAULT_ACTIVITY_QUERY)).toEqual({});
  });
});
