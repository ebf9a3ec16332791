import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAlertsQuery, serializeAlertsQuery } from './alerts-query';

describe('alerts URL state', () => {
  it('status open/closed; anything else means no filter', () => {
    expect(parseAlertsQuery('status=open').status).toBe('open');
    expect(parseAlertsQuery('status=closed').status).toBe('closed');
    for (const s of ['none', 'OPEN', 'all', '', 'closed ']) {
      expect(parseAlertsQuery(`status=${s}`).status).toBeNull();
    }
  });

  it('page and page size follow the dashboard rules', () => {
    expect(parseAlertsQuery('page=007&pageSize=020')).toEqual({
      status: null,
      page: 1,
      pageSize: 50,
    });
    expect(parseAlertsQuery('page=3&pageSize=20')).toEqual({ status: null, page: 3, pageSize: 20 });
    expect(parseAlertsQuery('pageSize=101').pageSize).toBe(50);
  });

  it('round-trips and drops defaults', () => {
    expect(serializeAlertsQuery(parseAlertsQuery('status=bogus&page=1&pageSize=50'))).toBe('');
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = parseAlertsQuery(raw);
        expect(parseAlertsQuery(serializeAlertsQuery(once))).toEqual(once);
      }),
    );
  });
});
