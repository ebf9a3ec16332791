/** One slot of the page-number bar: a page number, or a gap of two or more pages. */
export type PageRangeItem = number | 'ellipsis';

/** Pages always shown at each end (the first and the last page). */
const BOUNDARY_COUNT = 1;

/**
 * The page numbers to show for `page` of `pageCount` (pages start at 1), like MUI's
 * `usePagination` with boundaryCount 1:
 *
 * - first page, last page, and `page` ± `siblingCount` always show;
 * - a gap of two or more pages becomes one `'ellipsis'`; a gap of exactly one page shows that page;
 * - the bar has a constant number of slots, `2 × siblingCount + 5` (7 with the default sibling
 *   count 1), so it does not jump as the user pages; with that many pages or fewer every number
 *   shows (with sibling count 1: 7 or fewer, so 6 or fewer always do).
 *
 * `page` outside 1…pageCount is clamped; a pageCount below 1 gives an empty range.
 */
export function pageRange(page: number, pageCount: number, siblingCount = 1): PageRangeItem[] {
  const count = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0;
  if (count === 0) return [];
  const siblings = Number.isFinite(siblingCount) ? Math.max(0, Math.floor(siblingCount)) : 1;
  const current = clamp(Number.isFinite(page) ? Math.floor(page) : 1, 1, count);
  const slots = 2 * BOUNDARY_COUNT + 2 * siblings + 3;
  if (count <= slots) return range(1, count);

  // The window of siblings is shifted (not shrunk) near the ends, keeping the slot count constant.
  const siblingsStart = Math.max(
    Math.min(current - siblings, count - BOUNDARY_COUNT - 2 * siblings - 1),
    BOUNDARY_COUNT + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(current + siblings, BOUNDARY_COUNT + 2 * siblings + 2),
    count - BOUNDARY_COUNT - 1,
  );

  return [
    ...range(1, BOUNDARY_COUNT),
    // A gap of one page shows that page; two or more become an ellipsis.
    siblingsStart > BOUNDARY_COUNT + 2 ? 'ellipsis' : BOUNDARY_COUNT + 1,
    ...range(siblingsStart, siblingsEnd),
    siblingsEnd < count - BOUNDARY_COUNT - 1 ? 'ellipsis' : count - BOUNDARY_COUNT,
    ...range(count - BOUNDARY_COUNT + 1, count),
  ];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
