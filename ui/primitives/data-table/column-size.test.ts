import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { clampColumnSize, clampColumnSizing } from './column-size';

describe('clampColumnSize', () => {
  it.each<[number, number | undefined, number | undefined, number]>([
    [120, undefined, undefined, 120],
    [-40, undefined, undefined, 0],
    [0, undefined, undefined, 0],
    [Number.NaN, undefined, undefined, 0],
    [Number.NEGATIVE_INFINITY, undefined, undefined, 0],
    [10, 40, undefined, 40],
    [500, 40, 300, 300],
    [-5, -20, undefined, 0], // a negative minimum still never allows a negative width
    [50, 80, 60, 80], // max below min: min wins
  ])('clampColumnSize(%d, %s, %s) = %d', (size, min, max, expected) => {
    expect(clampColumnSize(size, min, max)).toBe(expected);
  });

  it('never returns a negative width and stays within the bounds (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (size, min, extra) => {
          const result = clampColumnSize(size, min, Math.max(min, 0) + extra);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeGreaterThanOrEqual(min);
          expect(result).toBeLessThanOrEqual(Math.max(min, 0) + extra);
          if (
            Number.isFinite(size) &&
            size >= Math.max(min, 0) &&
            size <= Math.max(min, 0) + extra
          ) {
            // `===`, not `toBe`: -0 may come back as 0, which is the same width.
            expect(result === size).toBe(true);
          }
        },
      ),
    );
  });
});

describe('clampColumnSizing', () => {
  it('clamps every column of a sizing state', () => {
    expect(clampColumnSizing({ name: -12, severity: 90, code: Number.NaN })).toEqual({
      name: 0,
      severity: 90,
      code: 0,
    });
    expect(clampColumnSizing({ name: 10 }, 24)).toEqual({ name: 24 });
    expect(clampColumnSizing({})).toEqual({});
  });
});
