import type { ColumnDef, Row } from '@tanstack/react-table';
import * as React from 'react';

import { cn } from '../../lib/cn';

/** Id of the column `selectionColumn()` creates; the table indents the next column for sub-rows. */
export const SELECTION_COLUMN_ID = 'select';

export type DataTableCheckboxProps = Omit<
  React.ComponentProps<'input'>,
  'type' | 'checked' | 'defaultChecked' | 'aria-checked' | 'children'
> & {
  /** Controlled state; 'indeterminate' shows a dash and is exposed as "mixed". */
  checked?: boolean | 'indeterminate';
  defaultChecked?: boolean | 'indeterminate';
  /** The new state after a click or Space: an indeterminate checkbox becomes checked. */
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * The table's checkbox: checked, unchecked or 'indeterminate', on a native
 * `<input type="checkbox">` (the indeterminate state set through its DOM property, so assistive
 * technology reports "mixed"). `className` goes to the wrapper, other props to the input.
 *
 * Four elements and no component layers below this one: a Radix checkbox mounted a hidden bubble
 * input with a ResizeObserver and re-rendered to remove it, which was much of the cost of mounting
 * 100 rows and of selecting them all. The mark stays mounted, made `invisible` while unchecked:
 * mounting marks re-laid out the whole table, toggling visibility does not (decision 011). Classes
 * are chosen at render time, not by attribute selectors (the group-/peer- rule, eslint.config.js).
 */
export function DataTableCheckbox({
  checked: checkedProp,
  defaultChecked = false,
  onCheckedChange,
  onChange,
  disabled,
  className,
  ref,
  ...props
}: DataTableCheckboxProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultChecked);
  const checked = checkedProp ?? uncontrolled;
  const state: CheckState =
    checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  const indeterminate = state === 'indeterminate';

  const inputRef = React.useRef<HTMLInputElement>(null);
  React.useLayoutEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const setRefs = React.useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );

  return (
    <span
      className={
        className
          ? cn(WRAPPER_CLASS, disabled && 'opacity-50', className)
          : disabled
            ? WRAPPER_DISABLED_CLASS
            : WRAPPER_CLASS
      }
    >
      <input
        ref={setRefs}
        type="checkbox"
        data-slot="data-table-checkbox"
        data-state={state}
        checked={state === 'checked'}
        disabled={disabled}
        onChange={(event) => {
          onChange?.(event);
          const next = event.currentTarget.checked;
          // A click clears the DOM's indeterminate flag: restore it in case the state is kept
          // (a new state re-renders, and the layout effect sets the flag from it).
          event.currentTarget.indeterminate = indeterminate;
          if (checkedProp === undefined) setUncontrolled(next);
          onCheckedChange?.(next);
        }}
        className={BOX_CLASS[state]}
        {...props}
      />
      <svg
        aria-hidden
        focusable={false}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={state === 'unchecked' ? MARK_HIDDEN_CLASS : MARK_CLASS}
      >
        {/* MinusIcon's and CheckIcon's paths (ui/icons); one <path>: a switch is an attribute. */}
        <path d={indeterminate ? 'M6 12h12' : 'm5 12.5 4.5 4.5L19 7.5'} />
      </svg>
    </span>
  );
}

type CheckState = 'checked' | 'unchecked' | 'indeterminate';

// The wrapper carries the disabled opacity so that box and mark fade together, as the Radix
// button did (fading each separately would show the box through the mark).
const WRAPPER_CLASS = 'relative inline-flex size-4 shrink-0 align-middle';
const WRAPPER_DISABLED_CLASS = `${WRAPPER_CLASS} opacity-50`;

const BOX_BASE = 'size-full appearance-none rounded-sm border disabled:cursor-not-allowed';
const BOX_CLASS: Record<CheckState, string> = {
  unchecked: `${BOX_BASE} border-surface-strong bg-surface`,
  checked: `${BOX_BASE} border-brand-600 bg-brand-600`,
  indeterminate: `${BOX_BASE} border-brand-600 bg-brand-600`,
};

// The 12px mark inset 2px: where it sat before, centred in the 16px box.
const MARK_CLASS = 'pointer-events-none absolute top-0.5 left-0.5 size-3 text-ink-inverse';
const MARK_HIDDEN_CLASS = `${MARK_CLASS} invisible`;

export type SelectionColumnOptions<TData> = {
  /** Names the row for its checkbox: 'Select row {label}'. Defaults to the row id. */
  getRowLabel?: (row: Row<TData>) => string;
  selectAllLabel?: string;
  /** Accessible name of a row checkbox given the row's label. */
  formatRowLabel?: (label: string) => string;
};

/**
 * The checkbox column: select-all in the header (indeterminate when some rows are selected), one
 * checkbox per row. A parent row's checkbox selects its sub-rows (TanStack's enableSubRowSelection)
 * and shows indeterminate while only some of them are selected. Pair with `enableRowSelection`.
 */
export function selectionColumn<TData>({
  getRowLabel = (row) => row.id,
  selectAllLabel = 'Select all rows',
  formatRowLabel = (label) => `Select row ${label}`,
}: SelectionColumnOptions<TData> = {}): ColumnDef<TData> {
  return {
    id: SELECTION_COLUMN_ID,
    size: 44,
    minSize: 44,
    enableSorting: false,
    enableResizing: false,
    header: ({ table }) => (
      <DataTableCheckbox
        aria-label={selectAllLabel}
        checked={
          table.getIsAllRowsSelected()
            ? true
            : table.getIsSomeRowsSelected()
              ? 'indeterminate'
              : false
        }
        onCheckedChange={(checked) => table.toggleAllRowsSelected(checked)}
      />
    ),
    cell: ({ row, table }) => {
      const selected = row.getIsSelected();
      const all = row.subRows.length === 0 || row.getIsAllSubRowsSelected();
      return (
        <DataTableCheckbox
          aria-label={formatRowLabel(getRowLabel(row))}
          disabled={!row.getCanSelect()}
          checked={
            selected && all ? true : selected || row.getIsSomeSelected() ? 'indeterminate' : false
          }
          onCheckedChange={() => {
            if (selected && !all) {
              // Selected parent with some sub-rows unselected: complete the selection.
              // (TanStack's toggleSelected(true) is a no-op on an already selected row.)
              const ids = [row, ...row.getLeafRows()].filter((r) => r.getCanSelect());
              table.setRowSelection((old) => ({
                ...old,
                ...Object.fromEntries(ids.map((r) => [r.id, true])),
              }));
            } else {
              row.toggleSelected(!selected);
            }
          }}
        />
      );
    },
  };
}
