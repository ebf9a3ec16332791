import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  pageSizeOrDefault,
  parsePositiveInt,
} from './pagination';

describe('URL page numbers', () => {
  it('property: a positive integer written plainly reads as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => {
        expect(parsePositiveInt(String(n))).toBe(n);
      }),
    );
  });

  it('property: a leading zero, a sign, a fraction, an exponent or any non-digit is refused', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 99_999 }),
        fc.constantFrom('0', '-', '+', ' ', '.5', 'e3', 'x', '1.0'),
        fc.boolean(),
        (n, bad, before) => {
          const text = before ? `${bad}${n}` : `${n}${bad}`;
          if (/^[1-9][0-9]*$/.test(text)) return; // e.g. '10' from 1 + '0': a plain number
          expect(parsePositiveInt(text)).toBeNull();
        },
      ),
    );
    for (const text of ['', '0', '007', '-1', '1.5', '1e3', null]) {
      expect(parsePositiveInt(text)).toBeNull();
    }
  });

  it('a page size above the maximum, or none, falls back to the default', () => {
    expect(pageSizeOrDefault(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)).toBe(MAX_PAGE_SIZE);
    expect(pageSizeOrDefault(MAX_PAGE_SIZE + 1, DEFAULT_PAGE_SIZE)).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSizeOrDefault(null, 20)).toBe(20);
    expect(pageSizeOrDefault(7, DEFAULT_PAGE_SIZE)).toBe(7);
  });

  it('the spec’s numbers: first page 1, 50 rows by default, at most 100, both offered', () => {
    expect(DEFAULT_PAGE).toBe(1);
    expect([...PAGE_SIZE_OPTIONS]).toEqual([DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE]);
    expect([DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE]).toEqual([50, 100]);
  });
});
