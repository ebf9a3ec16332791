import type { ColumnDef, Row } from '@tanstack/react-table';
import { Checkbox } from 'radix-ui';
import type * as React from 'react';

import { CheckIcon, MinusIcon } from '../icons/icons';
import { cn } from '../lib/cn';

/** Id of the column `selectionColumn()` creates; the table indents the next column for sub-rows. */
export const SELECTION_COLUMN_ID = 'select';

export type DataTableCheckboxProps = React.ComponentProps<typeof Checkbox.Root>;

/** The table's checkbox: checked, unchecked or 'indeterminate' (aria-checked="mixed"). */
export function DataTableCheckbox({ className, checked, ...props }: DataTableCheckboxProps) {
  return (
    <Checkbox.Root
      data-slot="data-table-checkbox"
      checked={checked}
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-sm border border-surface-strong bg-surface align-middle',
        'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-ink-inverse',
        'data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600 data-[state=indeterminate]:text-ink-inverse',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <Checkbox.Indicator className="flex items-center justify-center">
        {checked === 'indeterminate' ? (
          <MinusIcon className="size-3" strokeWidth={3} />
        ) : (
          <CheckIcon className="size-3" strokeWidth={3} />
        )}
      </Checkbox.Indicator>
    </Checkbox.Root>
  );
}

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
        onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
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
