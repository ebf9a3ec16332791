import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { PAGE_SIZE_OPTIONS } from '@domain/pagination';

import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { pageRange } from './page-range';

/** Page sizes the dashboard offers. */
export const DEFAULT_PAGE_SIZE_OPTIONS = PAGE_SIZE_OPTIONS;

export const paginatorVariants = cva(
  'flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-ink',
  {
    variants: {
      align: {
        between: 'justify-between',
        end: 'justify-end',
        start: 'justify-start',
      },
    },
    defaultVariants: { align: 'between' },
  },
);

const pageButtonClass = cn(
  'inline-flex h-9 min-w-9 items-center justify-center rounded-control px-2 font-medium',
  'text-ink transition-colors hover:bg-surface-sunken',
  'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent',
  'aria-[current=page]:bg-brand-600 aria-[current=page]:text-ink-inverse aria-[current=page]:hover:bg-brand-700',
);

export type PaginatorProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof paginatorVariants> & {
    /** Current page, starting at 1. */
    page: number;
    /** Number of pages; 0 when there is nothing to show. */
    pageCount: number;
    pageSize: number;
    /** Choices of the 'Rows per page:' selector (default 50, 100). */
    pageSizeOptions?: readonly number[];
    onPageChange: (page: number) => void;
    /** Omit to hide the 'Rows per page:' selector. */
    onPageSizeChange?: (pageSize: number) => void;
    /** Pages shown each side of the current one (default 1). */
    siblingCount?: number;
    /** Visible label of the page-size selector. */
    pageSizeLabel?: string;
    /** Accessible name of the page-number navigation. */
    navLabel?: string;
    previousLabel?: string;
    nextLabel?: string;
    /** Accessible name of a page button, e.g. 'Page 3'. */
    getPageLabel?: (page: number) => string;
  };

/**
 * Pagination bar: previous / next arrows, page numbers with ellipses (`pageRange`), and a
 * 'Rows per page:' selector. Stateless: the caller owns `page` and `pageSize` (usually in the URL).
 */
export function Paginator({
  page,
  pageCount,
  pageSize,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  onPageChange,
  onPageSizeChange,
  siblingCount = 1,
  pageSizeLabel = 'Rows per page:',
  navLabel = 'Pagination',
  previousLabel = 'Previous page',
  nextLabel = 'Next page',
  getPageLabel = (n) => `Page ${n}`,
  align,
  className,
  ...props
}: PaginatorProps) {
  const selectId = React.useId();
  const current = pageCount < 1 ? 0 : Math.min(Math.max(page, 1), pageCount);
  const items = pageRange(current, pageCount, siblingCount);
  // A size the options do not list (e.g. from the URL) is still shown as selected.
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  return (
    <div data-slot="paginator" className={cn(paginatorVariants({ align }), className)} {...props}>
      {onPageSizeChange ? (
        <div data-slot="paginator-page-size" className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-ink-muted">
            {pageSizeLabel}
          </label>
          <div className="relative">
            <select
              id={selectId}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="h-9 appearance-none rounded-control border border-surface-strong bg-surface ps-3 pe-8 text-sm text-ink hover:bg-surface-muted"
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute end-2 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
          </div>
        </div>
      ) : null}
      <nav aria-label={navLabel} data-slot="paginator-nav">
        <ul className="flex items-center gap-1">
          <li>
            <button
              type="button"
              data-slot="paginator-previous"
              aria-label={previousLabel}
              disabled={current <= 1}
              onClick={() => onPageChange(current - 1)}
              className={pageButtonClass}
            >
              <ChevronLeftIcon className="size-5" />
            </button>
          </li>
          {items.map((item, index) =>
            item === 'ellipsis' ? (
              <li
                // Two ellipses at most: before and after the current window.
                key={index < items.length / 2 ? 'ellipsis-start' : 'ellipsis-end'}
                data-slot="paginator-ellipsis"
                aria-hidden
                className="inline-flex h-9 min-w-9 items-center justify-center text-ink-muted select-none"
              >
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  data-slot="paginator-page"
                  aria-label={getPageLabel(item)}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => {
                    if (item !== current) onPageChange(item);
                  }}
                  className={pageButtonClass}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              data-slot="paginator-next"
              aria-label={nextLabel}
              disabled={current >= pageCount}
              onClick={() => onPageChange(current + 1)}
              className={pageButtonClass}
            >
              <ChevronRightIcon className="size-5" />
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
