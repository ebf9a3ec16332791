import { describe, expect, it } from 'vitest';

import {
  changeRows,
  factRows,
  formatChangeValue,
  formatExactTime,
  formatRelativeTime,
  isBeforeAfter,
} from './audit-format';

const NOW = new Date('2026-11-20T14:05:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-20T14:04:40Z', 'just now'],
    ['2026-11-20T14:05:20Z', 'just now'],
    ['2026-11-20T14:00:00Z', '5 minutes ago'],
    ['2026-11-20T12:05:00Z', '2 hours ago'],
    ['2026-11-19T14:05:00Z', 'yesterday'],
    ['2026-11-10T14:05:00Z', 'last week'],
    ['2025-11-20T14:05:00Z', 'last year'],
  ])('%s reads %s', (iso, text) => {
    expect(formatRelativeTime(iso, NOW)).toBe(text);
  });

  it('shows an unreadable time as it came', () => {
    expect(formatRelativeTime('not a time', NOW)).toBe('not a time');
  });
});

describe('formatExactTime', () => {
  it('is UTC, whatever the machine', () => {
    expect(formatExactTime('2026-11-20T14:05:00Z')).toBe('Nov 20, 2026, 2:05:00 PM UTC');
  });
});

describe('changeRows', () => {
  it('puts changed fields first and keeps unchanged ones for context', () => {
    const rows = changeRows({
      before: { enabled: false, url: 'https://a.test', headers: { auth: '[redacted]' } },
      after: { enabled: true, url: 'https://a.test', headers: { auth: '[redacted]' } },
    });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['enabled', true],
      ['url', false],
      ['headers.auth', false],
    ]);
  });

  it('shows a creation with an empty before column and a deletion with an empty after', () => {
    expect(changeRows({ before: null, after: { name: 'Ada' } })).toEqual([
      { field: 'name', before: undefined, after: 'Ada', changed: true },
    ]);
    expect(changeRows({ before: { name: 'Ada' } })).toEqual([
      { field: 'name', before: 'Ada', after: undefined, changed: true },
    ]);
  });

  it('compares arrays as values and adds fields only one side has', () => {
    const rows = changeRows({
      before: { platforms: ['ios'] },
      after: { platforms: ['ios', 'android'], minOs: '17' },
    });
    expect(rows).toEqual([
      { field: 'platforms', before: ['ios'], after: ['ios', 'android'], changed: true },
      { field: 'minOs', before: undefined, after: '17', changed: true },
    ]);
  });

  it('has no rows without changes', () => {
    expect(changeRows(null)).toEqual([]);
    expect(changeRows({})).toEqual([]);
  });

  it('keeps a scalar whole value as one unnamed field', () => {
    expect(changeRows({ before: 'ONE_YEAR', after: 'NEVER' })).toEqual([
      { field: '', before: 'ONE_YEAR', after: 'NEVER', changed: true },
    ]);
  });
});

describe('formatChangeValue', () => {
  it.each([
    [undefined, '—'],
    ['[redacted]', '[redacted]'],
    ['', '""'],
    [null, 'null'],
    [true, 'true'],
    [['a', 'b'], '["a","b"]'],
  ])('%j reads %s', (value, text) => {
    expect(formatChangeValue(value)).toBe(text);
  });
});

describe('facts or a diff', () => {
  it('reads before/after as a diff and anything else as facts', () => {
    expect(isBeforeAfter({ before: { a: 1 }, after: { a: 2 } })).toBe(true);
    expect(isBeforeAfter({ after: { a: 2 } })).toBe(true);
    expect(isBeforeAfter({ codes: ['A1'] })).toBe(false);
    expect(isBeforeAfter({ before: 1, codes: ['A1'] })).toBe(false);
    expect(isBeforeAfter({})).toBe(false);
    expect(isBeforeAfter(null)).toBe(false);
  });

  it('lists facts with dotted fields', () => {
    expect(factRows({ codes: ['A1', 'B2'], sso: { provider: 'okta' } })).toEqual([
      { field: 'codes', value: ['A1', 'B2'] },
      { field: 'sso.provider', value: 'okta' },
    ]);
    expect(factRows(null)).toEqual([]);
  });
});
