import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type ColumnSizingState,
  type Header,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { clampColumnSize, clampColumnSizing } from './column-size';
import { SELECTION_COLUMN_ID } from './selection-column';

export const dataTableVariants = cva('w-full border-separate border-spacing-0 text-sm text-ink', {
  variants: {
    density: {
      comfortable: '[&_td]:px-4 [&_td]:py-3 [&_th]:px-4 [&_th]:py-2.5',
      // About 40 px rows with a two-line cell (the dashboard, docs/decisions/045).
      compact: '[&_td]:px-3 [&_td]:py-1 [&_th]:px-3 [&_th]:py-1.5',
    },
  },
  defaultVariants: { density: 'comfortable' },
});

const NO_SORTING: SortingState = [];
const NO_SELECTION: RowSelectionState = {};
const NO_SIZING: ColumnSizingState = {};
/** Sub-rows are always shown (the dashboard has no collapsing). */
const ALL_EXPANDED = true as const;
/** Keyboard resize step in pixels (Shift: × 5). */
const RESIZE_STEP = 10;

export type DataTableProps<TData> = Omit<React.ComponentProps<'table'>, 'children'> &
  VariantProps<typeof dataTableVariants> & {
    // TanStack's documented type for a column list whose columns hold different value types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    columns: ColumnDef<TData, any>[];
    data: TData[];
    getRowId?: (row: TData, index: number, parent?: Row<TData>) => string;
    getSubRows?: (row: TData) => TData[] | undefined;

    /** Server-side sorting: the table only reports the wanted order. */
    sorting?: SortingState;
    defaultSorting?: SortingState;
    onSortingChange?: (sorting: SortingState) => void;

    /** Turns selection on; pair with a `selectionColumn()` in `columns`. */
    enableRowSelection?: boolean | ((row: Row<TData>) => boolean);
    /** Selecting a parent selects its sub-rows (default true). */
    enableSubRowSelection?: boolean | ((row: Row<TData>) => boolean);
    rowSelection?: RowSelectionState;
    defaultRowSelection?: RowSelectionState;
    onRowSelectionChange?: (rowSelection: RowSelectionState) => void;

    /** Drag (or arrow keys on) the handle at each header's end to resize; widths never go below 0. */
    enableColumnResizing?: boolean;
    /**
     * Column widths from the columns' `size`, fixed (CSS `table-layout: fixed`) so content that
     * changes (an expanded row, a longer value on the next page) never re-lays out the columns.
     * The table still fills its container; it scrolls sideways below the sizes' sum. Implied by
     * `enableColumnResizing`.
     */
    fixedColumnWidths?: boolean;
    columnSizing?: ColumnSizingState;
    defaultColumnSizing?: ColumnSizingState;
    onColumnSizingChange?: (columnSizing: ColumnSizingState) => void;

    /**
     * Scroll container height (CSS length or px); the header stays on top while scrolling. While
     * `loading`, the container takes this whole height (no layout shift when the rows arrive).
     */
    maxHeight?: number | string;
    /**
     * The page scrolls, not the table (instead of `maxHeight`): from `xl` (1280 px) up the
     * container does not clip, so the header sticks to the top of the window while the page
     * scrolls and every row the window can hold is visible; below `xl` the table scrolls sideways
     * in its own region (tablets, phones; docs/decisions/045). Give the columns sizes that fit the
     * page at `xl`.
     */
    pageScroll?: boolean;
    /**
     * The selection column and the first content column stick to the start edge while the table
     * scrolls sideways (below `xl`), so each row stays named on a phone (docs/decisions/045).
     */
    stickyFirstColumn?: boolean;
    /** Skeleton rows, aria-busy on the table. */
    loading?: boolean;
    loadingRowCount?: number;
    /**
     * Renders this many rows first and the rest in further batches of this size, one task each,
     * so a long page of rows never blocks the main thread (and input) for long. Rows already on
     * screen stay when the data changes; after a loading, error or empty state it starts again.
     */
    progressiveRows?: number;
    loadingLabel?: string;
    /** A message row announced with role="alert", e.g. 'Failed to get dashboard rows'. */
    error?: React.ReactNode;
    /** Shown when there are no rows and nothing is loading. */
    empty?: React.ReactNode;
    /** Visible caption; or give the table an `aria-label`. */
    caption?: React.ReactNode;
    onRowClick?: (row: TData, event: React.MouseEvent<HTMLTableRowElement>) => void;
    /**
     * Rows open a detail (docs/decisions/059): a click anywhere on the row but its controls, the
     * row's RowOpenButton (put one in the first content cell: a real button for screen readers
     * and the keyboard), or Enter on the row itself when it has focus. Selection checkboxes,
     * links and other controls keep their own meaning. `focusRowOpener` gives focus back.
     */
    onOpenRow?: (row: TData) => void;
    /** Class of the scroll container around the table. */
    containerClassName?: string;
  };

/**
 * A table on TanStack Table v8 for server-side data: sorting is reported, not performed; rows
 * come already paged. Optional row selection (with sub-rows), column resizing, sticky header.
 * Rows and cells are memoized: a cell re-renders when its row object (new `data`), its column
 * (new `columns`) or its width changes, and the selection column's also with its row's selection.
 * A cell renderer should therefore show its row's data, not other table state.
 */
export function DataTable<TData>({
  columns,
  data,
  getRowId,
  getSubRows,
  sorting: sortingProp,
  defaultSorting = NO_SORTING,
  onSortingChange,
  enableRowSelection = false,
  enableSubRowSelection = true,
  rowSelection: rowSelectionProp,
  defaultRowSelection = NO_SELECTION,
  onRowSelectionChange,
  enableColumnResizing = false,
  columnSizing: columnSizingProp,
  defaultColumnSizing = NO_SIZING,
  onColumnSizingChange,
  fixedColumnWidths = false,
  maxHeight,
  pageScroll = false,
  stickyFirstColumn = false,
  loading = false,
  loadingRowCount = 5,
  progressiveRows,
  loadingLabel = 'Loading rows',
  error,
  empty = 'No rows to show',
  caption,
  onRowClick,
  onOpenRow,
  containerClassName,
  density,
  className,
  style,
  ...props
}: DataTableProps<TData>) {
  const [sorting, setSorting] = useControllableState({
    value: sortingProp,
    defaultValue: defaultSorting,
    onChange: onSortingChange,
  });
  const [rowSelection, setRowSelection] = useControllableState({
    value: rowSelectionProp,
    defaultValue: defaultRowSelection,
    onChange: onRowSelectionChange,
  });
  const [columnSizing, setColumnSizing] = useControllableState({
    value: columnSizingProp,
    defaultValue: defaultColumnSizing,
    onChange: onColumnSizingChange,
  });

  // TanStack Table returns functions that the React Compiler must not memoize (known limitation).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    ...(getRowId ? { getRowId } : {}),
    ...(getSubRows ? { getSubRows } : {}),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    manualSorting: true,
    manualPagination: true,
    sortDescFirst: false,
    enableRowSelection,
    enableSubRowSelection,
    enableColumnResizing,
    columnResizeMode: 'onChange',
    state: { sorting, rowSelection, columnSizing, expanded: ALL_EXPANDED },
    onSortingChange: (updater) => setSorting(functionalUpdate(updater, sorting)),
    onRowSelectionChange: (updater) => setRowSelection(functionalUpdate(updater, rowSelection)),
    onColumnSizingChange: (updater) =>
      setColumnSizing(clampColumnSizing(functionalUpdate(updater, columnSizing))),
  });

  const captionId = React.useId();
  // The resize handles' one Tab stop: the last one focused, else the first resizable column's.
  const [resizeColumn, setResizeColumn] = React.useState<string | null>(null);
  const resizableIds = enableColumnResizing
    ? table
        .getVisibleLeafColumns()
        .filter((c) => c.getCanResize())
        .map((c) => c.id)
    : [];
  const resizeStop =
    resizeColumn !== null && resizableIds.includes(resizeColumn)
      ? resizeColumn
      : (resizableIds[0] ?? null);
  const columnCount = table.getVisibleLeafColumns().length;
  // The sticky columns (below xl): the selection column and the first content column, each
  // offset by the widths before it.
  const stickyStarts = new Map<string, number>();
  if (stickyFirstColumn) {
    for (const column of table.getVisibleLeafColumns()) {
      stickyStarts.set(column.id, column.getStart());
      if (column.id !== SELECTION_COLUMN_ID) break;
    }
  }
  const rows = table.getRowModel().rows;
  const showingRows = !loading && !error && rows.length > 0;
  const renderedRows = useProgressiveCount(rows.length, showingRows, progressiveRows);
  const scrollable = maxHeight !== undefined;
  const ariaLabel = props['aria-label'];

  let body: React.ReactNode;
  if (loading) {
    body = Array.from({ length: Math.max(1, loadingRowCount) }, (_, index) => (
      <tr key={`loading-${index}`} data-slot="data-table-skeleton-row">
        {table.getVisibleLeafColumns().map((column, columnIndex) => (
          <td key={column.id} className="border-b border-surface-border">
            {index === 0 && columnIndex === 0 ? (
              <span role="status" className="sr-only">
                {loadingLabel}
              </span>
            ) : null}
            <div
              aria-hidden
              className="h-4 w-3/4 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none"
            />
          </td>
        ))}
      </tr>
    ));
  } else if (error) {
    body = (
      <tr data-slot="data-table-error-row">
        <td colSpan={columnCount} className="border-b border-surface-border">
          <div role="alert" className="py-6 text-center font-medium text-danger-fg">
            {error}
          </div>
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr data-slot="data-table-empty-row">
        <td colSpan={columnCount} className="border-b border-surface-border">
          <div className="py-6 text-center text-ink-muted">{empty}</div>
        </td>
      </tr>
    );
  } else {
    // Each row and cell is memoized (DataTableRow, DataTableCell): a selection change re-renders
    // the changed rows' checkbox cells, a resize the cells of the resized columns, new data all.
    const sizing = enableColumnResizing ? columnSizing : undefined;
    body = rows
      .slice(0, renderedRows)
      .map((row) => (
        <DataTableRow
          key={row.id}
          row={row}
          cells={row.getVisibleCells()}
          selected={row.getIsSelected()}
          someSelected={row.getIsSomeSelected()}
          allSubRowsSelected={row.getIsAllSubRowsSelected()}
          canSelect={row.getCanSelect()}
          depth={row.depth}
          sizing={sizing}
          stickyStarts={stickyStarts.size ? stickyStarts : undefined}
          onRowClick={onRowClick}
          onOpenRow={onOpenRow}
        />
      ));
  }

  return (
    <div
      data-slot="data-table-container"
      className={cn(
        'relative w-full overflow-auto rounded-card border border-surface-border bg-surface',
        pageScroll && 'overflow-y-hidden xl:overflow-visible',
        containerClassName,
      )}
      // While loading, a scrolling table keeps its full height, so what follows it (the paginator)
      // does not jump when the rows arrive (layout shift).
      style={scrollable ? (loading ? { height: maxHeight, maxHeight } : { maxHeight }) : undefined}
      // A scroll container must be reachable by keyboard (axe: scrollable-region-focusable).
      {...(scrollable
        ? {
            tabIndex: 0,
            role: 'region',
            ...(caption
              ? { 'aria-labelledby': captionId }
              : { 'aria-label': ariaLabel ?? 'Table' }),
          }
        : {})}
    >
      <table
        data-slot="data-table"
        aria-busy={loading || undefined}
        className={cn(
          dataTableVariants({ density }),
          (enableColumnResizing || fixedColumnWidths) && 'table-fixed',
          className,
        )}
        style={{
          ...(enableColumnResizing
            ? { width: table.getTotalSize() }
            : fixedColumnWidths
              ? { minWidth: table.getTotalSize() }
              : {}),
          ...style,
        }}
        {...props}
      >
        {caption ? (
          <caption
            id={captionId}
            data-slot="data-table-caption"
            className="px-4 pt-3 pb-2 text-start font-semibold"
          >
            {caption}
          </caption>
        ) : null}
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <HeaderCell
                  key={header.id}
                  header={header}
                  table={table}
                  resizable={enableColumnResizing && header.column.getCanResize()}
                  fixedWidth={enableColumnResizing || fixedColumnWidths}
                  resizeTabStop={header.column.id === resizeStop}
                  stickyStart={stickyStarts.get(header.column.id)}
                  lastSticky={isLastSticky(stickyStarts, header.column.id)}
                  onResizeFocus={setResizeColumn}
                />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

type DataTableRowProps<TData> = {
  row: Row<TData>;
  /** `row.getVisibleCells()`: TanStack keeps the array while the columns and data stay. */
  cells: Cell<TData, unknown>[];
  // The row's selection state, read by the selection column's checkbox at render time.
  selected: boolean;
  someSelected: boolean;
  allSubRowsSelected: boolean;
  canSelect: boolean;
  depth: number;
  /** The column-sizing state while widths are shown (resizing on); a new object on each resize. */
  sizing: ColumnSizingState | undefined;
  /** Start offsets (px) of the columns that stick while the table scrolls sideways. */
  stickyStarts: Map<string, number> | undefined;
  onRowClick: DataTableProps<TData>['onRowClick'];
  onOpenRow: DataTableProps<TData>['onOpenRow'];
};

/**
 * One body row. TanStack's `row` and `cells` objects are stable while `data` and `columns` are, and
 * their methods read the table's state at call time, so a row re-renders only when one of its
 * props changes: its row object, its selection state, its depth, the columns or their widths.
 */
const DataTableRow = React.memo(function DataTableRow<TData>({
  row,
  cells,
  selected,
  someSelected,
  allSubRowsSelected,
  canSelect,
  depth,
  sizing,
  stickyStarts,
  onRowClick,
  onOpenRow,
}: DataTableRowProps<TData>) {
  const firstContentColumn = cells.find((cell) => cell.column.id !== SELECTION_COLUMN_ID)?.column
    .id;
  const selection = [selected, someSelected, allSubRowsSelected, canSelect].join();
  return (
    <tr
      data-slot="data-table-row"
      data-state={selected ? 'selected' : undefined}
      data-depth={depth}
      data-row-id={row.id}
      onClick={
        onRowClick || onOpenRow
          ? (event) => {
              if (isFromControl(event.target, event.currentTarget)) return;
              onRowClick?.(row.original, event);
              onOpenRow?.(row.original);
            }
          : undefined
      }
      onKeyDown={
        onOpenRow
          ? (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) {
                event.preventDefault();
                onOpenRow(row.original);
              }
            }
          : undefined
      }
      className={cn(
        'bg-surface data-[state=selected]:bg-brand-50',
        (onRowClick || onOpenRow) && 'cursor-pointer hover:bg-surface-muted',
      )}
    >
      {cells.map((cell) => (
        <DataTableCell
          key={cell.id}
          cell={cell}
          width={sizing ? cell.column.getSize() : undefined}
          indent={depth > 0 && cell.column.id === firstContentColumn ? depth : 0}
          selection={cell.column.id === SELECTION_COLUMN_ID ? selection : undefined}
          stickyStart={stickyStarts?.get(cell.column.id)}
          lastSticky={stickyStarts ? isLastSticky(stickyStarts, cell.column.id) : false}
        />
      ))}
    </tr>
  );
}) as <TData>(props: DataTableRowProps<TData>) => React.ReactNode;

type DataTableCellProps<TData> = {
  cell: Cell<TData, unknown>;
  /** Width in px while resizing is on. */
  width: number | undefined;
  /** Sub-row depth to indent by (the first content column of a sub-row), else 0. */
  indent: number;
  /** The selection column's cell only: its row's selection state, so that it re-renders with it. */
  selection: string | undefined;
  /** Start offset (px) when this column sticks while the table scrolls sideways. */
  stickyStart: number | undefined;
  /** The last sticky column draws the edge the other columns scroll under. */
  lastSticky: boolean;
};

/**
 * One body cell; re-renders only when its cell object (row or column), width, indent or, for the
 * selection column, its row's selection state changes. A cell renderer of another column that
 * shows table state other than its row's value (selection, sizing) would not be updated.
 */
const DataTableCell = React.memo(function DataTableCell<TData>({
  cell,
  width,
  indent,
  stickyStart,
  lastSticky,
}: DataTableCellProps<TData>) {
  return (
    <td
      data-slot="data-table-cell"
      className={cn(
        'border-b border-surface-border align-middle',
        stickyStart !== undefined && STICKY_CELL,
        lastSticky && STICKY_EDGE,
      )}
      style={{
        ...(width !== undefined ? { width } : {}),
        ...(stickyStart !== undefined ? { insetInlineStart: stickyStart } : {}),
        ...(indent > 0 ? { paddingInlineStart: `calc(1rem + ${indent * 1.5}rem)` } : {}),
      }}
    >
      {flexRender(cell.column.columnDef.cell, cell.getContext())}
    </td>
  );
}) as <TData>(props: DataTableCellProps<TData>) => React.ReactNode;

/**
 * How many of `total` rows to render: all, or `batch` at first and `batch` more per task (each
 * batch a transition: its render yields, its commit and layout are one small task).
 */
function useProgressiveCount(total: number, showing: boolean, batch: number | undefined): number {
  const [count, setCount] = React.useState(batch ?? Infinity);
  // Rows replaced by a skeleton, an error or nothing: the next rows start again with one batch.
  if (!showing && batch !== undefined && count !== batch) setCount(batch);
  React.useEffect(() => {
    if (!showing || batch === undefined || count >= total) return;
    const id = setTimeout(() => React.startTransition(() => setCount((n) => n + batch)), 0);
    return () => clearTimeout(id);
  }, [batch, count, showing, total]);
  return batch === undefined ? total : count;
}

/**
 * Clicks on a checkbox, button, link, field or disclosure inside the row are not row clicks; the
 * row's own open button (RowOpenButton) is the row's click, for the keyboard and screen readers.
 */
function isFromControl(target: EventTarget, row: HTMLElement): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(
    'button, a, input, select, textarea, label, summary, [role="checkbox"]',
  );
  if (control?.matches(`[data-slot="${ROW_OPEN_SLOT}"]`)) return false;
  return control !== null && row.contains(control);
}

const ROW_OPEN_SLOT = 'data-table-open-row';

/**
 * The row's open button: the first content cell's name of the row as a real button, so a screen
 * reader and the keyboard (Tab, then Enter or Space) open the row's detail as a click does. Its
 * click is the row's (onOpenRow); it needs no handler of its own.
 */
export function RowOpenButton({ className, ...props }: React.ComponentProps<'button'>) {
  return (
    <button
      type="button"
      data-slot={ROW_OPEN_SLOT}
      aria-haspopup="dialog"
      className={cn(
        'max-w-full min-w-0 truncate rounded-sm text-start font-medium text-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Gives focus back to the row `rowId` of the table inside `within` (after its detail closes): its
 * open button, else the row. False when the row is not shown (another page, removed).
 */
export function focusRowOpener(within: ParentNode, rowId: string): boolean {
  const row = [...within.querySelectorAll<HTMLElement>('[data-slot="data-table-row"]')].find(
    (r) => r.dataset.rowId === rowId,
  );
  if (!row) return false;
  const target = row.querySelector<HTMLElement>(`[data-slot="${ROW_OPEN_SLOT}"]`) ?? row;
  if (target === row && !row.hasAttribute('tabindex')) row.tabIndex = -1;
  target.focus();
  return true;
}

/** Below xl a sticky cell keeps its row's background (selected, hovered) over what scrolls under it. */
const STICKY_CELL = 'max-xl:sticky max-xl:z-[1] max-xl:bg-inherit';
const STICKY_EDGE = 'max-xl:border-e';

function isLastSticky(starts: Map<string, number>, columnId: string): boolean {
  return starts.size > 0 && [...starts.keys()].at(-1) === columnId;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<TData>({
  header,
  table,
  resizable,
  fixedWidth,
  resizeTabStop = false,
  onResizeFocus,
  stickyStart,
  lastSticky = false,
}: {
  header: Header<TData, unknown>;
  table: Table<TData>;
  resizable: boolean;
  fixedWidth: boolean;
  /** This column's handle is the table's one Tab stop among the resize handles. */
  resizeTabStop?: boolean;
  onResizeFocus?: (columnId: string) => void;
  stickyStart?: number;
  lastSticky?: boolean;
}) {
  const { column } = header;
  const sortable = column.getCanSort();
  const direction = column.getIsSorted();
  const content = header.isPlaceholder
    ? null
    : flexRender(column.columnDef.header, header.getContext());
  const name = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
  const SortIcon =
    direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;

  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      data-slot="data-table-head"
      aria-sort={sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
      className={cn(
        'sticky top-0 z-10 border-b border-surface-border bg-surface-muted text-start align-middle text-xs font-semibold tracking-wide text-ink-muted uppercase',
        resizable && 'pe-4',
        stickyStart !== undefined && 'max-xl:z-20',
        lastSticky && STICKY_EDGE,
      )}
      style={{
        ...(fixedWidth ? { width: header.getSize() } : {}),
        ...(stickyStart !== undefined ? { insetInlineStart: stickyStart } : {}),
      }}
    >
      {sortable ? (
        <button
          type="button"
          data-slot="data-table-sort"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded-control px-1 py-0.5 uppercase hover:bg-surface-sunken hover:text-ink"
        >
          {content}
          <SortIcon className={cn('size-3.5', !direction && 'opacity-60')} />
        </button>
      ) : (
        content
      )}
      {resizable ? (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${name} column`}
          aria-valuenow={Math.round(column.getSize())}
          aria-valuemin={clampColumnSize(column.columnDef.minSize ?? 0)}
          // One Tab stop for all handles (roving): ArrowUp / ArrowDown move to the previous /
          // next column's handle, ArrowLeft / ArrowRight resize (docs/decisions/044).
          tabIndex={resizeTabStop ? 0 : -1}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
          data-column-id={column.id}
          onFocus={() => onResizeFocus?.(column.id)}
          data-slot="data-table-resize-handle"
          data-state={column.getIsResizing() ? 'resizing' : undefined}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              const handles = [
                ...(event.currentTarget
                  .closest('tr')
                  ?.querySelectorAll<HTMLElement>('[data-slot="data-table-resize-handle"]') ?? []),
              ];
              const at = handles.indexOf(event.currentTarget);
              handles[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
              return;
            }
            const step = event.shiftKey ? RESIZE_STEP * 5 : RESIZE_STEP;
            const delta =
              event.key === 'ArrowRight' ? step : event.key === 'ArrowLeft' ? -step : null;
            if (delta === null) return;
            event.preventDefault();
            const next = clampColumnSize(
              column.getSize() + delta,
              column.columnDef.minSize ?? 0,
              column.columnDef.maxSize,
            );
            table.setColumnSizing((old) => ({ ...old, [column.id]: next }));
          }}
          className={cn(
            'absolute inset-y-0 end-0 w-3 cursor-col-resize touch-none select-none',
            'after:absolute after:inset-y-2 after:end-1 after:w-0.5 after:rounded-full after:bg-surface-border',
            'hover:after:bg-brand-500 focus-visible:after:bg-brand-600 data-[state=resizing]:after:bg-brand-600',
          )}
        />
      ) : null}
    </th>
  );
}
