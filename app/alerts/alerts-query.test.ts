import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { alertsViewKey, parseAlertsQuery, serializeAlertsQuery } from './alerts-query';

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
      alert: null,
    });
    expect(parseAlertsQuery('page=3&pageSize=20')).toEqual({
      status: null,
      page: 3,
      pageSize: 20,
      alert: null,
    });
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

  it('the open alert drawer: its id, trimmed; empty means none; not part of the view', () => {
    expect(parseAlertsQuery('alert=scan-1&status=open').alert).toBe('scan-1');
    expect(parseAlertsQuery('alert=%20%20').alert).toBeNull();
    expect(serializeAlertsQuery(parseAlertsQuery('alert=a%26b'))).toBe('?alert=a%26b');
    expect(alertsViewKey(parseAlertsQuery('status=open&alert=x'))).toBe('?status=open');
  });
});
