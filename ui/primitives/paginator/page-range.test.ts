import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pageRange, type PageRangeItem } from './page-range';

const numbers = (items: PageRangeItem[]) => items.filter((i): i is number => i !== 'ellipsis');

/** Every property a page bar must have, for one page of one pageCount. */
function checkProperties(page: number, pageCount: number, siblingCount = 1) {
  const items = pageRange(page, pageCount, siblingCount);
  const context = `page ${page} of ${pageCount} (siblings ${siblingCount}): ${JSON.stringify(items)}`;
  if (pageCount < 1) {
    expect(items, context).toEqual([]);
    return;
  }
  const current = Math.min(Math.max(page, 1), pageCount);
  const slots = 2 * siblingCount + 5;

  expect(items[0], context).toBe(1);
  expect(items.at(-1), context).toBe(pageCount);
  expect(items.length, context).toBeLessThanOrEqual(slots);
  // Constant slot count once there are more pages than slots.
  expect(items.length, context).toBe(Math.min(pageCount, slots));

  for (let p = current - siblingCount; p <= current + siblingCount; p += 1) {
    if (p >= 1 && p <= pageCount) expect(items, context).toContain(p);
  }

  const nums = numbers(items);
  for (let i = 1; i < nums.length; i += 1) {
    expect(nums[i]!, context).toBeGreaterThan(nums[i - 1]!);
  }

  items.forEach((item, i) => {
    if (item !== 'ellipsis') {
      // Adjacent numbers are consecutive pages; a jump is always marked by an ellipsis.
      const next = items[i + 1];
      if (typeof next === 'number') expect(next, context).toBe(item + 1);
      return;
    }
    const before = items[i - 1];
    const after = items[i + 1];
    expect(typeof before, context).toBe('number');
    expect(typeof after, context).toBe('number');
    // An ellipsis hides at least two pages: never between numbers that differ by 1 or 2.
    expect((after as number) - (before as number), context).toBeGreaterThanOrEqual(3);
  });

  // docs/product/dashboard.md, 'Pages': with 6 or fewer pages every number shows (sibling count 1
  // or more; in general, whenever every page fits in the slots).
  if (pageCount <= (siblingCount >= 1 ? 6 : slots)) {
    expect(items, context).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1));
  }
}

describe('pageRange', () => {
  it('holds every property for every page of every pageCount 0..30', () => {
    for (let pageCount = 0; pageCount <= 30; pageCount += 1) {
      for (let page = 1; page <= Math.max(pageCount, 1); page += 1) {
        checkProperties(page, pageCount);
      }
    }
  });

  it.each<[number, number, PageRangeItem[]]>([
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [3, 6, [1, 2, 3, 4, 5, 6]],
    [6, 6, [1, 2, 3, 4, 5, 6]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, 3, 4, 5, 'ellipsis', 8]],
    [4, 8, [1, 2, 3, 4, 5, 'ellipsis', 8]],
    [5, 8, [1, 'ellipsis', 4, 5, 6, 7, 8]],
    [8, 8, [1, 'ellipsis', 4, 5, 6, 7, 8]],
    [1, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [6, 10, [1, 'ellipsis', 5, 6, 7, 'ellipsis', 10]],
    [7, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [15, 30, [1, 'ellipsis', 14, 15, 16, 'ellipsis', 30]],
    [29, 30, [1, 'ellipsis', 26, 27, 28, 29, 30]],
  ])('page %i of %i → %j', (page, pageCount, expected) => {
    expect(pageRange(page, pageCount)).toEqual(expected);
  });

  it('clamps an out-of-range page', () => {
    expect(pageRange(0, 10)).toEqual(pageRange(1, 10));
    expect(pageRange(-5, 10)).toEqual(pageRange(1, 10));
    expect(pageRange(11, 10)).toEqual(pageRange(10, 10));
    expect(pageRange(999, 3)).toEqual([1, 2, 3]);
    expect(pageRange(0, 0)).toEqual([]);
  });

  it('widens the window with a larger sibling count', () => {
    expect(pageRange(10, 20, 2)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(pageRange(1, 9, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageRange(5, 12, 0)).toEqual([1, 'ellipsis', 5, 'ellipsis', 12]);
  });

  it('holds every property for arbitrary pages, counts and sibling counts (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 2000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 4 }),
        (page, pageCount, siblingCount) => {
          checkProperties(page, pageCount, siblingCount);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is monotonic: moving to the next page never hides the page just left (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), (pageCount, seed) => {
        const page = (seed % (pageCount - 1)) + 1;
        expect(pageRange(page + 1, pageCount)).toContain(page);
        expect(pageRange(page, pageCount)).toContain(page + 1);
      }),
    );
  });
});
