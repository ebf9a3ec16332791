import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { DataTableCheckbox } from '../data-table/selection-column';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { Spinner } from '../spinner/spinner';
import { TextField } from '../text-field/text-field';
import { shouldLoadMore, toggleSelection } from './selection';

/** Search debounce: `onSearch` fires this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** How far before the end of the list more items are requested. */
const LOAD_MARGIN_PX = 48;

export type CheckboxListItem = { id: string; name: string };

export const checkboxListVariants = cva(
  'flex cursor-pointer items-center gap-3 rounded-control px-3 text-sm text-ink hover:bg-surface-muted',
  {
    variants: {
      density: {
        comfortable: 'py-2.5',
        compact: 'py-1.5',
      },
    },
    defaultVariants: { density: 'comfortable' },
  },
);

const EMPTY: string[] = [];

export type CheckboxListProps = Omit<React.ComponentProps<'div'>, 'defaultValue'> &
  VariantProps<typeof checkboxListVariants> & {
    /** The visible items (the current search's results, as loaded so far). */
    items: CheckboxListItem[];
    /** Selected ids; kept across searches whatever is visible. */
    selected?: string[];
    defaultSelected?: string[];
    onSelectedChange?: (selected: string[]) => void;
    /** The debounced search term (also '' when the box is emptied: restore the full list). */
    onSearch?: (term: string) => void;
    /** The search box's text, immediately (controlled), if the caller needs it. */
    search?: string;
    defaultSearch?: string;
    onSearchChange?: (term: string) => void;
    /** More items are being fetched: shows the progress indicator at the end of the list. */
    loading?: boolean;
    /** More items exist beyond the loaded ones. */
    hasMore?: boolean;
    /** The list was scrolled to its end while `hasMore && !loading`; once per arrival. */
    onLoadMore?: () => void;
    searchLabel?: string;
    searchPlaceholder?: string;
    /** Names the list of checkboxes. */
    listLabel?: string;
    emptyText?: React.ReactNode;
    loadingLabel?: string;
    /** Visible count of the selection; `null` hides it. */
    formatSelectedCount?: ((count: number) => string) | null;
    /** Height after which the list scrolls. */
    maxHeight?: number | string;
    debounceMs?: number;
  };

/**
 * A debounced search box over a scrollable list of checkboxes with infinite scroll (the SSO
 * 'Select Groups' screen). The widget never fetches: it calls `onSearch(term)` 500 ms after the
 * last keystroke and `onLoadMore()` when a sentinel at the end of the list scrolls into view.
 */
export function CheckboxList({
  items,
  selected: selectedProp,
  defaultSelected = EMPTY,
  onSelectedChange,
  onSearch,
  search: searchProp,
  defaultSearch = '',
  onSearchChange,
  loading = false,
  hasMore = false,
  onLoadMore,
  searchLabel = 'Search groups',
  searchPlaceholder,
  listLabel = 'Groups',
  emptyText = 'Nothing found',
  loadingLabel = 'Loading groups',
  formatSelectedCount = (count) => `${count} selected`,
  maxHeight = 320,
  debounceMs = SEARCH_DEBOUNCE_MS,
  density,
  className,
  ...props
}: CheckboxListProps) {
  const [selected, setSelected] = useControllableState({
    value: selectedProp,
    defaultValue: defaultSelected,
    onChange: onSelectedChange,
  });
  const [search, setSearch] = useControllableState({
    value: searchProp,
    defaultValue: defaultSearch,
    onChange: onSearchChange,
  });
  const baseId = React.useId();
  const listLabelId = `${baseId}-list`;
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const sentinelRef = React.useRef<HTMLDivElement>(null);

  // Debounce: only a term that differs from the last one sent, after `debounceMs` of quiet.
  const lastSent = React.useRef(search);
  const emitSearch = React.useEffectEvent((term: string) => {
    lastSent.current = term;
    onSearch?.(term);
  });
  React.useEffect(() => {
    if (search === lastSent.current) return;
    const timer = setTimeout(() => emitSearch(search), debounceMs);
    return () => clearTimeout(timer);
  }, [search, debounceMs]);

  // Infinite scroll: a sentinel after the last item, observed inside the scroll container.
  // `requestedFor` remembers the list we asked more for, so one arrival asks once; it is
  // cleared when the sentinel leaves the view, and a grown list may ask again. Visibility is
  // measured at check time: after a re-render the observer's last report may be stale.
  const listKey = `${items.length}:${items[0]?.id ?? ''}`;
  const requestedFor = React.useRef<string | null>(null);
  const maybeLoadMore = React.useEffectEvent(() => {
    const root = scrollRef.current;
    const sentinel = sentinelRef.current;
    if (!root || !sentinel) return;
    const visible =
      sentinel.getBoundingClientRect().top <= root.getBoundingClientRect().bottom + LOAD_MARGIN_PX;
    if (!visible) {
      requestedFor.current = null;
      return;
    }
    if (!shouldLoadMore({ visible, hasMore, loading, listKey, requestedFor: requestedFor.current }))
      return;
    requestedFor.current = listKey;
    onLoadMore?.();
  });
  React.useEffect(() => {
    const root = scrollRef.current;
    const sentinel = sentinelRef.current;
    if (!root || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(() => maybeLoadMore(), {
      root,
      rootMargin: `0px 0px ${LOAD_MARGIN_PX}px 0px`,
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, []);
  React.useEffect(() => {
    maybeLoadMore();
  }, [listKey, hasMore, loading]);

  const empty = items.length === 0 && !loading;

  return (
    <div data-slot="checkbox-list" className={cn('flex flex-col gap-3', className)} {...props}>
      <TextField
        type="search"
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        autoComplete="off"
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <div className="flex items-center justify-between gap-3">
        <span id={listLabelId} data-slot="checkbox-list-label" className="text-sm font-medium">
          {listLabel}
        </span>
        {formatSelectedCount ? (
          <span
            data-slot="checkbox-list-count"
            aria-live="polite"
            className="text-sm text-ink-muted"
          >
            {formatSelectedCount(selected.length)}
          </span>
        ) : null}
      </div>
      <div
        ref={scrollRef}
        data-slot="checkbox-list-scroll"
        aria-busy={loading || undefined}
        className="overflow-y-auto rounded-card border border-surface-border bg-surface p-1"
        style={{ maxHeight }}
      >
        {empty ? (
          <p
            role="status"
            data-slot="checkbox-list-empty"
            className="px-3 py-6 text-center text-sm text-ink-muted"
          >
            {emptyText}
          </p>
        ) : (
          <ul
            aria-labelledby={listLabelId}
            data-slot="checkbox-list-items"
            className="flex flex-col"
          >
            {items.map((item) => {
              const id = `${baseId}-item-${item.id}`;
              const checked = selected.includes(item.id);
              return (
                <li key={item.id}>
                  <label
                    htmlFor={id}
                    data-slot="checkbox-list-item"
                    data-state={checked ? 'checked' : 'unchecked'}
                    className={checkboxListVariants({ density })}
                  >
                    <DataTableCheckbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(next) =>
                        setSelected(toggleSelection(selected, item.id, next))
                      }
                    />
                    <span className="min-w-0 break-words">{item.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {loading ? (
          <div data-slot="checkbox-list-loading" className="flex justify-center py-3">
            <Spinner label={loadingLabel} />
          </div>
        ) : null}
        <div ref={sentinelRef} aria-hidden data-slot="checkbox-list-sentinel" className="h-px" />
      </div>
    </div>
  );
}
