// @vitest-environment happy-dom
import type {
  CellContext,
  ColumnDef,
  ColumnSizingState,
  RowSelectionState,
} from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DataTable, focusRowOpener, RowOpenButton, type DataTableProps } from './data-table';
import { SELECTION_COLUMN_ID, selectionColumn } from './selection-column';

// Render counts of a DataTable: a selection change must re-render only the checkboxes (and their
// rows' <tr>), a resize only the cells of the resized column, new data everything.

type Item = { id: string; name: string; team: string; members?: Item[] };

const makeItems = (count: number, suffix = ''): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `item-${i + 1}`,
    name: `Item ${i + 1}${suffix}`,
    team: i % 2 ? 'Blue' : 'Red',
  }));

/** Calls of each column's cell renderer, by column id. */
const renders = new Map<string, number>();
const rendersOf = (columnId: string) => renders.get(columnId) ?? 0;

function counted(
  columnId: string,
  render: (context: CellContext<Item, unknown>) => React.ReactNode,
): (context: CellContext<Item, unknown>) => React.ReactNode {
  return (context) => {
    renders.set(columnId, rendersOf(columnId) + 1);
    return render(context);
  };
}

const selection = selectionColumn<Item>({ getRowLabel: (row) => row.original.name });
const renderCheckbox = selection.cell as (context: CellContext<Item, unknown>) => React.ReactNode;

const COLUMNS: ColumnDef<Item>[] = [
  { ...selection, cell: counted(SELECTION_COLUMN_ID, renderCheckbox) },
  {
    accessorKey: 'name',
    header: 'Name',
    size: 200,
    cell: counted('name', (context) => String(context.getValue())),
  },
  {
    accessorKey: 'team',
    header: 'Team',
    cell: counted('team', (context) => String(context.getValue())),
  },
];

const ITEMS = makeItems(50);

/** Selection held by the caller, as on the dashboard; column sizing left to the table. */
function ControlledTable(props: Partial<DataTableProps<Item>>) {
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  return (
    <DataTable<Item>
      aria-label="Items"
      columns={COLUMNS}
      data={ITEMS}
      getRowId={(item) => item.id}
      getSubRows={(item) => item.members}
      enableRowSelection
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
      enableColumnResizing
      {...props}
    />
  );
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
/** The state assistive technology reads: the native checkbox's `checked` and `indeterminate`. */
const stateOf = (input: HTMLInputElement) =>
  input.indeterminate ? 'mixed' : input.checked ? 'checked' : 'unchecked';
const resizeHandle = (name: string) => screen.getByRole('separator', { name });
/** The rows of the table body (the second row group; the first is the header's). */
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');

afterEach(() => {
  cleanup();
  renders.clear();
});

describe('DataTable rendering', () => {
  it('re-renders only the changed checkboxes when rows are selected one by one or all at once', () => {
    render(<ControlledTable />);
    expect(bodyRows()).toHaveLength(50);
    expect(rendersOf('name')).toBe(50);
    renders.clear();

    fireEvent.click(checkbox('Select row Item 3'));
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(1);
    expect(rendersOf('name')).toBe(0);
    expect(rendersOf('team')).toBe(0);
    expect(stateOf(checkbox('Select row Item 3'))).toBe('checked');
    expect(bodyRows()[2]!.getAttribute('data-state')).toBe('selected');
    expect(stateOf(checkbox('Select all rows'))).toBe('mixed');

    renders.clear();
    fireEvent.click(checkbox('Select all rows'));
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(49);
    expect(rendersOf('name')).toBe(0);
    expect(rendersOf('team')).toBe(0);
    expect(stateOf(checkbox('Select all rows'))).toBe('checked');
    expect(bodyRows().every((row) => row.getAttribute('data-state') === 'selected')).toBe(true);

    renders.clear();
    fireEvent.click(checkbox('Select all rows'));
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(50);
    expect(rendersOf('name')).toBe(0);
    expect(stateOf(checkbox('Select all rows'))).toBe('unchecked');
    expect(bodyRows().some((row) => row.hasAttribute('data-state'))).toBe(false);
  });

  it('re-renders every cell when the data changes', () => {
    const { rerender } = render(<ControlledTable />);
    fireEvent.click(checkbox('Select row Item 1'));
    renders.clear();

    rerender(<ControlledTable data={makeItems(50, ' (new)')} />);
    expect(rendersOf('name')).toBe(50);
    expect(rendersOf('team')).toBe(50);
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(50);
    expect(cellsOf(bodyRows()[0]!)[1]!.textContent).toBe('Item 1 (new)');
  });

  it('re-renders the cells of a resized column, with their new width', () => {
    const onColumnSizingChange = vi.fn<(sizing: ColumnSizingState) => void>();
    render(<ControlledTable onColumnSizingChange={onColumnSizingChange} />);
    expect(cellsOf(bodyRows()[0]!).map((cell) => cell.style.width)).toEqual([
      '44px',
      '200px',
      '150px',
    ]);
    renders.clear();

    fireEvent.keyDown(resizeHandle('Resize Name column'), { key: 'ArrowRight' });
    expect(onColumnSizingChange).toHaveBeenLastCalledWith({ name: 210 });
    expect(resizeHandle('Resize Name column').getAttribute('aria-valuenow')).toBe('210');
    expect(rendersOf('name')).toBe(50);
    expect(rendersOf('team')).toBe(0);
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(0);
    expect(bodyRows().every((row) => cellsOf(row)[1]!.style.width === '210px')).toBe(true);
    expect(cellsOf(bodyRows()[49]!)[2]!.style.width).toBe('150px');
  });

  it('the resize handles are one Tab stop; ArrowUp / ArrowDown move between them', () => {
    render(<ControlledTable />);
    const handles = screen.getAllByRole('separator');
    expect(handles.length).toBeGreaterThan(1);
    expect(handles.map((h) => h.tabIndex)).toEqual([0, ...handles.slice(1).map(() => -1)]);
    handles[0]!.focus();
    fireEvent.keyDown(handles[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(handles[1]);
    // The handle last used keeps the Tab stop.
    expect(screen.getAllByRole('separator').map((h) => h.tabIndex)).toEqual([
      -1,
      0,
      ...handles.slice(2).map(() => -1),
    ]);
    fireEvent.keyDown(handles[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(handles[0]);
  });

  it('shows a parent indeterminate while only some of its sub-rows are selected', () => {
    const team: Item = {
      id: 'team',
      name: 'Team',
      team: 'Red',
      members: makeItems(3).map((item) => ({ ...item, id: `team-${item.id}` })),
    };
    render(<ControlledTable data={[team, ...makeItems(5)]} />);
    const member = bodyRows()[1]!;
    expect(member.getAttribute('data-depth')).toBe('1');
    expect(cellsOf(member)[1]!.style.paddingInlineStart).toBe('calc(1rem + 1.5rem)');
    renders.clear();

    // The member is named 'Item 1' like a top-level row: find its checkbox within its row.
    fireEvent.click(within(member).getByRole('checkbox'));
    expect(member.getAttribute('data-state')).toBe('selected');
    expect(stateOf(checkbox('Select row Team'))).toBe('mixed');
    // The member's checkbox and its parent's, which shows the mixed state.
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(2);
    expect(rendersOf('name')).toBe(0);

    renders.clear();
    fireEvent.click(checkbox('Select row Team'));
    expect(stateOf(checkbox('Select row Team'))).toBe('checked');
    expect(rendersOf(SELECTION_COLUMN_ID)).toBe(3);
    expect(rendersOf('name')).toBe(0);
  });

  it('reports row clicks but not clicks on the checkbox', () => {
    const onRowClick = vi.fn();
    render(<ControlledTable data={makeItems(3)} onRowClick={onRowClick} />);

    fireEvent.click(cellsOf(bodyRows()[1]!)[1]!);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect((onRowClick.mock.calls[0]![0] as Item).id).toBe('item-2');

    fireEvent.click(checkbox('Select row Item 2'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('opens a row by a click (not on its controls), by its open button and by Enter on the row; focus comes back to the opener', () => {
    const onOpenRow = vi.fn();
    const columns: ColumnDef<Item>[] = [
      selection,
      {
        accessorKey: 'name',
        header: 'Name',
        cell: (context) => (
          <span>
            <RowOpenButton>{String(context.getValue())}</RowOpenButton> <a href="#docs">docs</a>
          </span>
        ),
      },
      { accessorKey: 'team', header: 'Team' },
    ];
    const { container } = render(
      <ControlledTable data={makeItems(3)} columns={columns} onOpenRow={onOpenRow} />,
    );
    fireEvent.click(cellsOf(bodyRows()[1]!)[2]!);
    expect(onOpenRow).toHaveBeenCalledTimes(1);
    expect((onOpenRow.mock.calls[0]![0] as Item).id).toBe('item-2');
    // The checkbox selects, the link follows: neither opens.
    fireEvent.click(checkbox('Select row Item 2'));
    fireEvent.click(screen.getAllByRole('link', { name: 'docs' })[0]!);
    expect(onOpenRow).toHaveBeenCalledTimes(1);
    // The open button (what Enter and Space on it do) opens its row.
    const opener = screen.getByRole('button', { name: 'Item 3' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener);
    expect((onOpenRow.mock.calls[1]![0] as Item).id).toBe('item-3');
    // Enter on a focused row opens it; Enter inside a control of the row does not.
    const row = bodyRows()[0]!;
    fireEvent.keyDown(row, { key: 'Enter' });
    expect((onOpenRow.mock.calls[2]![0] as Item).id).toBe('item-1');
    fireEvent.keyDown(checkbox('Select row Item 1'), { key: 'Enter' });
    expect(onOpenRow).toHaveBeenCalledTimes(3);
    // Focus back on the row's open button; an unknown row: false.
    expect(focusRowOpener(container, 'item-3')).toBe(true);
    expect(document.activeElement).toBe(opener);
    expect(focusRowOpener(container, 'item-9')).toBe(false);
  });
});
