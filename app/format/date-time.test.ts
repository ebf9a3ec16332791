import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDateTime } from './date-time';

const intl = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

describe('formatDateTime', () => {
  it('writes what Intl en-US writes, for any instant (years 1000 to 9999)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatDateTime(date)).toBe(intl.format(date));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('handles midnight, noon and single-digit minutes', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 0, 7))).toBe('Jan 5, 2026, 12:07 AM');
    expect(formatDateTime(new Date(2026, 10, 20, 12, 0))).toBe('Nov 20, 2026, 12:00 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('Dec 31, 2026, 11:59 PM');
  });

  it('formats ISO strings and refuses what is not a date', () => {
    const iso = '2026-11-20T14:05:00Z';
    expect(formatIsoDateTime(iso)).toBe(intl.format(new Date(iso)));
    expect(formatIsoDateTime('not a date')).toBeNull();
    expect(formatIsoDateTime(undefined)).toBeNull();
    expect(formatIsoDateTime('')).toBeNull();
  });
});
