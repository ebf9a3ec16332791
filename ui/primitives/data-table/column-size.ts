import type { ColumnSizingState } from '@tanstack/react-table';

/**
 * A column width kept within [min, max]; never below 0, whatever the caller's bounds.
 * Non-finite input (NaN from a bad drag delta) falls back to the lower bound.
 */
export function clampColumnSize(
  size: number,
  min = 0,
  max: number = Number.POSITIVE_INFINITY,
): number {
  const lower = Math.max(0, Number.isFinite(min) ? min : 0);
  const upper = Math.max(lower, Number.isNaN(max) ? Number.POSITIVE_INFINITY : max);
  if (Number.isNaN(size)) return lower;
  return Math.min(Math.max(size, lower), upper);
}

/** Every width of a TanStack column-sizing state clamped with `clampColumnSize`. */
export function clampColumnSizing(
  sizing: ColumnSizingState,
  min = 0,
  max: number = Number.POSITIVE_INFINITY,
): ColumnSizingState {
  return Object.fromEntries(
    Object.entries(sizing).map(([id, size]) => [id, clampColumnSize(size, min, max)]),
  );
}
