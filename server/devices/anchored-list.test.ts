import { describe, expect, it } from 'vitest';
import { AnchoredList, compareKey, type ListChange } from './anchored-list';

describe('compareKey: PostgreSQL order of the keys as text', () => {
  it('text in code point order (COLLATE "C"), also beyond the BMP', () => {
    expect(compareKey('text', 'a', 'b')).toBeLessThan(0);
    expect(compareKey('text', 'Z', 'a')).toBeLessThan(0);
    expect(compareKey('text', '', 'a')).toBeLessThan(0);
    expect(compareKey('text', 'ab', 'a')).toBeGreaterThan(0);
    // U+FF21 (one UTF-16 unit, 0xFF21) sorts before U+1F600 (a surrogate pair, 0xD83D…) in UTF-8.
    expect(compareKey('text', '\uff21', '\u{1f600}')).toBeLessThan(0);
  });
  it('numbers, OS version arrays, booleans and timestamps', () => {
    expect(compareKey('smallint', '9', '10')).toBeLessThan(0);
    expect(compareKey('integer[]', '{9}', '{10}')).toBeLessThan(0);
    expect(compareKey('integer[]', '{17}', '{17,0}')).toBeLessThan(0);
    expect(compareKey('integer[]', '{}', '{1}')).toBeLessThan(0);
    expect(compareKey('boolean', 'false', 'true')).toBeLessThan(0);
    expect(compareKey('timestamptz', '-infinity', '2026-01-01T00:00:00.000000Z')).toBeLessThan(0);
    expect(
      compareKey('timestamptz', '2026-01-01T00:00:00.000001Z', '2026-01-01T00:00:00.000000Z'),
    ).toBeGreaterThan(0);
    expect(compareKey('timestamptz', '-infinity', '-infinity')).toBe(0);
  });
});

/** A list of the numbers 1…n (one integer key and the id), pages of `size`. */
function numbers(n: number, size: number, descending = false) {
  const rows = Array.from({ length: n }, (_, i) => i + 1);
  if (descending) rows.reverse();
  const anchors = rows.filter((_, i) => (i + 1) % size === 0).map((v) => [String(v), String(v)]);
  return new AnchoredList(
    { version: 1, total: n, anchors },
    { types: ['smallint', 'integer'], descending, pageSize: size, now: 0 },
  );
}
const row = (v: number) => [String(v), String(v)];
const move = (version: number, before: number | null, after: number | null): ListChange => ({
  version,
  reset: false,
  before: before === null ? null : row(before),
  after: after === null ? null : row(after),
});

describe('AnchoredList', () => {
  it('plans pages straight from the anchors before any change', () => {
    const list = numbers(100, 10);
    expect(list.plan(1)).toEqual({ anchor: null, back: 0, backSkip: 0, skip: 0, forward: 10 });
    expect(list.plan(4)).toEqual({ anchor: row(30), back: 0, backSkip: 0, skip: 0, forward: 10 });
    expect(list.totalPages).toBe(10);
  });

  it('a row leaving before an anchor moves the page start one row back; one entering, forward', () => {
    const list = numbers(100, 10);
    expect(list.apply([move(2, 5, null)], 2)).toBe(true);
    expect(list.total).toBe(99);
    // Page 4 now starts at the row after 31 (30 rows before it: 1…4, 6…31).
    expect(list.plan(4)).toEqual({ anchor: row(30), back: 0, backSkip: 0, skip: 1, forward: 10 });
    list.apply([move(3, null, 5), move(3, 70, 2)], 3);
    // 31 rows are at or before 30 now: page 4 starts with 30 itself.
    expect(list.plan(4)).toEqual({ anchor: row(30), back: 1, backSkip: 0, skip: 0, forward: 9 });
    // 70 moved to the front: anchors from 20 to 60 are one row further, 70 and beyond are not.
    expect(list.shift(1)).toBe(1);
    expect(list.shift(5)).toBe(1);
    expect(list.shift(6)).toBe(0);
    expect(list.shift(8)).toBe(0);
    expect(list.total).toBe(100);
  });

  it('skips changes it already has, and refuses a "recompute" change', () => {
    const list = numbers(100, 10);
    list.apply([move(2, 5, null)], 2);
    list.apply([move(2, 5, null), move(3, 6, null)], 3);
    expect(list.total).toBe(98);
    expect(list.applied).toBe(2);
    expect(list.apply([{ version: 4, reset: true, before: null, after: null }], 4)).toBe(false);
    expect(list.version).toBe(3);
  });

  it('many rows entering before an anchor: the whole page lies before it', () => {
    const list = numbers(100, 10);
    list.apply(
      Array.from({ length: 25 }, () => move(2, null, 1)),
      2,
    );
    // 55 rows at or before 30; page 4 is rows 31…40, i.e. 25…16 rows back from it.
    expect(list.plan(4)).toEqual({ anchor: row(30), back: 10, backSkip: 15, skip: 0, forward: 0 });
  });

  it('descending lists compare the other way round; pages beyond the anchors skip from the last', () => {
    const list = numbers(25, 10, true);
    // Anchors 16 and 6; 30 enters at the very start.
    list.apply([move(2, null, 30)], 2);
    expect(list.plan(2)).toEqual({ anchor: row(16), back: 1, backSkip: 0, skip: 0, forward: 9 });
    expect(list.plan(3)).toEqual({ anchor: row(6), back: 1, backSkip: 0, skip: 0, forward: 9 });
    list.apply([move(3, null, 0), ...Array.from({ length: 10 }, () => move(3, null, -1))], 3);
    expect(list.total).toBe(37);
    expect(list.plan(4)).toEqual({ anchor: row(6), back: 0, backSkip: 0, skip: 9, forward: 10 });
  });
});
