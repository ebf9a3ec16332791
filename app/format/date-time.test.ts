import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDateTime, formatRelative } from './date-time';

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

describe('formatRelative', () => {
  const now = new Date('2026-11-20T14:05:00Z');
  const ago = (ms: number) => formatRelative(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  it('just now, minutes, hours, days, rounding down', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(59_999)).toBe('just now');
    expect(ago(MIN)).toBe('1 minute ago');
    expect(ago(59 * MIN + 59_000)).toBe('59 minutes ago');
    expect(ago(60 * MIN)).toBe('1 hour ago');
    expect(ago(3 * 60 * MIN + 5)).toBe('3 hours ago');
    expect(ago(24 * 60 * MIN)).toBe('1 day ago');
    expect(ago(6 * 24 * 60 * MIN)).toBe('6 days ago');
  });
  it('a week or more: the date alone', () => {
    const date = new Date(now.getTime() - 7 * 24 * 60 * MIN);
    expect(formatRelative(date, now)).toBe(formatDateTime(date).split(', ').slice(0, 2).join(', '));
    expect(formatRelative(date, now)).not.toMatch(/ago|AM|PM/);
  });
  it('ahead of now (a clock running ahead): in …', () => {
    expect(ago(-5 * MIN)).toBe('in 5 minutes');
    expect(ago(-30_000)).toBe('just now');
  });
});
