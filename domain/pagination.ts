/**
 * Pagination (docs/product/dashboard.md, 'Pages', 'The address'): the first page is 1; 50 is the
 * default page size and 100 the maximum; the page numbers of a URL are read by one rule.
 */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The dashboard's 'Rows per page:' choices. */
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE] as const;

/** A positive integer without a leading zero ('1', '20'; not '007', '0', '-1', '1.5', '1e3'). */
const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;

/** A URL's page or page size is a positive integer without a leading zero, else null. */
export function parsePositiveInt(value: string | null): number | null {
  return value !== null && POSITIVE_INT.test(value) ? Number(value) : null;
}

/** A page size above the maximum (or none at all) falls back to the default. */
export function pageSizeOrDefault(size: number | null, fallback: number): number {
  return size !== null && size <= MAX_PAGE_SIZE ? size : fallback;
}
