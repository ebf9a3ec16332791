import type { ColumnDef, RowSelectionState, SortingState } from '@tanstack/react-table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { DEVICE_SEVERITY_LABELS, type DeviceSeverity } from '@domain/devices';

import { EnrolmentStatus } from '../../portal/enrolment-status/enrolment-status';
import { SeverityBadge } from '../../portal/severity-badge/severity-badge';
import { DataTable, type DataTableProps } from './data-table';
import { selectionColumn } from './selection-column';

type Device = {
  code: string;
  member: string;
  email: string;
  severity: DeviceSeverity;
  enrolled: boolean;
  devices?: Device[];
};

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];

const makeDevices = (count: number): Device[] =>
  Array.from({ length: count }, (_, i) => {
    const name = NAMES[i % NAMES.length]!;
    return {
      code: `DEV-${String(i + 1).padStart(4, '0')}`,
      member: count > NAMES.length ? `${name} ${Math.floor(i / NAMES.length) + 1}` : name,
      email: `${name.split(' ')[0]!.toLowerCase()}${i + 1}@example.com`,
      severity: (['critical', 'warning', 'secure'] as const)[i % 3]!,
      enrolled: i % 4 !== 3,
    };
  });

const DEVICES = makeDevices(5);

const COLUMNS: ColumnDef<Device>[] = [
  { accessorKey: 'member', header: 'Member' },
  { accessorKey: 'email', header: 'Email', enableSorting: false },
  {
    accessorKey: 'severity',
    header: 'Severity',
    cell: ({ row }) => (
      <SeverityBadge severity={row.original.severity}>
        {DEVICE_SEVERITY_LABELS[row.original.severity]}
      </SeverityBadge>
    ),
  },
  {
    accessorKey: 'enrolled',
    header: 'Status',
    cell: ({ row }) => <EnrolmentStatus enrolled={row.original.enrolled} />,
  },
];

const SELECTABLE_COLUMNS: ColumnDef<Device>[] = [
  selectionColumn<Device>({ getRowLabel: (row) => row.original.member }),
  ...COLUMNS,
];

/** DataTable is generic; stories use it with devices. */
const DeviceTable = (props: DataTableProps<Device>) => <DataTable<Device> {...props} />;

const meta = {
  title: 'UI/DataTable',
  component: DeviceTable,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Devices',
    columns: COLUMNS,
    data: DEVICES,
    getRowId: (device: Device) => device.code,
    onSortingChange: fn(),
    onRowSelectionChange: fn(),
  },
} satisfies Meta<typeof DeviceTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const header = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('columnheader', { name: new RegExp(`^${name}`) });

export const Default: Story = {
  args: { caption: 'Devices', 'aria-label': undefined, onRowClick: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Devices' });
    await expect(within(table).getAllByRole('row')).toHaveLength(DEVICES.length + 1);
    await expect(header(canvasElement, 'Member')).toHaveAttribute('aria-sort', 'none');
    // Email is not sortable: no button, no aria-sort.
    await expect(header(canvasElement, 'Email')).not.toHaveAttribute('aria-sort');
    await userEvent.click(canvas.getByRole('cell', { name: 'Grace Hopper' }));
    await expect(args.onRowClick).toHaveBeenCalledWith(DEVICES[1], expect.anything());
  },
};

/** Clicking a header cycles ascending → descending → unsorted; the caller sorts on the server. */
export const SortedAscending: Story = {
  args: { defaultSorting: [{ id: 'member', desc: false }] },
  play: async ({ args, canvasElement }) => {
    const member = header(canvasElement, 'Member');
    await expect(member).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(member).getByRole('button', { name: 'Member' }));
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: 'member', desc: true }]);
    await expect(member).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(member).getByRole('button', { name: 'Member' }));
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([]);
    await expect(member).toHaveAttribute('aria-sort', 'none');
    // Sorting another column replaces the sort.
    await userEvent.click(
      within(header(canvasElement, 'Severity')).getByRole('button', { name: 'Severity' }),
    );
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: 'severity', desc: false }]);
    await expect(header(canvasElement, 'Severity')).toHaveAttribute('aria-sort', 'ascending');
  },
};

/** Controlled sorting, descending, as the dashboard keeps it. */
export const SortedDescending: Story = {
  render: function Render(args) {
    const [sorting, setSorting] = React.useState<SortingState>([{ id: 'severity', desc: true }]);
    return (
      <DeviceTable
        {...args}
        sorting={sorting}
        onSortingChange={(next) => {
          setSorting(next);
          args.onSortingChange?.(next);
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const severity = header(canvasElement, 'Severity');
    await expect(severity).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(severity).getByRole('button', { name: 'Severity' }));
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([]);
    await expect(severity).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(severity).getByRole('button', { name: 'Severity' }));
    await expect(severity).toHaveAttribute('aria-sort', 'ascending');
  },
};

/** Select all, then uncheck one row: the header checkbox turns indeterminate. */
export const Selection: Story = {
  args: { columns: SELECTABLE_COLUMNS, enableRowSelection: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('checkbox', { name: 'Select all rows' });
    await expect(all).not.toBeChecked();
    await expect(all).not.toBePartiallyChecked();

    await userEvent.click(all);
    await expect(all).toBeChecked();
    await expect(args.onRowSelectionChange).toHaveBeenLastCalledWith(
      Object.fromEntries(DEVICES.map((d) => [d.code, true])),
    );
    for (const device of DEVICES) {
      await expect(
        canvas.getByRole('checkbox', { name: `Select row ${device.member}` }),
      ).toBeChecked();
    }

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select row Grace Hopper' }));
    await expect(all).toBePartiallyChecked();
    await expect(
      canvas.getByRole('checkbox', { name: 'Select row Grace Hopper' }),
    ).not.toBeChecked();
    const lastCall = mockOf(args.onRowSelectionChange).mock.lastCall?.[0] as RowSelectionState;
    await expect(Object.keys(lastCall)).toHaveLength(DEVICES.length - 1);
    await expect(lastCall).not.toHaveProperty(DEVICES[1]!.code);

    // Indeterminate → all again.
    await userEvent.click(all);
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(all).not.toBeChecked();
    await expect(all).not.toBePartiallyChecked();
  },
};

const TEAMS: Device[] = [
  {
    ...DEVICES[0]!,
    code: 'TEAM-1',
    member: 'Security team',
    devices: [
      { ...DEVICES[1]!, code: 'TEAM-1-A' },
      { ...DEVICES[2]!, code: 'TEAM-1-B' },
    ],
  },
  { ...DEVICES[3]!, code: 'SOLO-1' },
];

/** Selecting a parent selects its sub-rows; unchecking one sub-row leaves the parent indeterminate. */
export const SubRows: Story = {
  args: {
    columns: SELECTABLE_COLUMNS,
    data: TEAMS,
    enableRowSelection: true,
    getSubRows: (device: Device) => device.devices,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const parent = canvas.getByRole('checkbox', { name: 'Select row Security team' });
    const childA = canvas.getByRole('checkbox', { name: 'Select row Grace Hopper' });
    const childB = canvas.getByRole('checkbox', { name: 'Select row Alan Turing' });

    await userEvent.click(parent);
    await expect(args.onRowSelectionChange).toHaveBeenLastCalledWith({
      'TEAM-1': true,
      'TEAM-1-A': true,
      'TEAM-1-B': true,
    });
    await expect(childA).toBeChecked();
    await expect(childB).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select all rows' })).toBePartiallyChecked();

    await userEvent.click(childB);
    await expect(childB).not.toBeChecked();
    await expect(parent).toBePartiallyChecked();

    // Clicking the indeterminate parent completes the selection.
    await userEvent.click(parent);
    await expect(childB).toBeChecked();
    await expect(parent).toBeChecked();

    await userEvent.click(parent);
    await expect(childA).not.toBeChecked();
    await expect(childB).not.toBeChecked();
  },
};

export const Loading: Story = {
  args: { loading: true, data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Devices' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading rows');
    await expect(
      canvasElement.querySelectorAll('[data-slot="data-table-skeleton-row"]'),
    ).toHaveLength(5);
  },
};

export const Empty: Story = {
  args: { data: [], empty: 'No devices match these filters.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('cell', { name: 'No devices match these filters.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('table')).not.toHaveAttribute('aria-busy');
  },
};

export const ErrorMessage: Story = {
  args: { data: [], error: 'Failed to get dashboard rows' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Failed to get dashboard rows',
    );
  },
};

/** 60 rows in a 20rem container: the header stays on top while the body scrolls. */
export const StickyHeader: Story = {
  args: { data: makeDevices(60), maxHeight: '20rem' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Devices' });
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    const member = header(canvasElement, 'Member');
    const before = member.getBoundingClientRect().top;
    region.scrollTop = 400;
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(0));
    await expect(Math.round(member.getBoundingClientRect().top)).toBe(Math.round(before));
    await expect(canvas.getAllByRole('row')).toHaveLength(61);
  },
};

/** Loading in a 20rem scroll container: it keeps its full height, so nothing below it jumps. */
export const LoadingInScrollContainer: Story = {
  args: { loading: true, data: [], maxHeight: '20rem' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Devices' });
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    await expect(Math.round(region.getBoundingClientRect().height)).toBe(Math.round(20 * rem));
    await expect(canvas.getByRole('table', { name: 'Devices' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/**
 * 100 rows rendered 10 at a time (`progressiveRows`): the first screenful at once, the rest in
 * later tasks, so a long page never blocks input for long. All rows end up in the table.
 */
export const ProgressiveRows: Story = {
  args: { data: makeDevices(100), maxHeight: '20rem', progressiveRows: 10 },
  parameters: {
    visual: {
      disable: true,
      reason:
        'The auto-sized columns settle 1 px apart depending on which batch of rows was laid out last (seen in CI and locally); the play function checks every row arrives, and the Default story holds the picture.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(101));
    await expect(canvas.getByRole('cell', { name: 'barbara100@example.com' })).toBeInTheDocument();
  },
};

/** Drag or use the arrow keys on a header's handle; widths never go below 0. */
export const Resize: Story = {
  args: {
    enableColumnResizing: true,
    columns: COLUMNS.map((c) => ({ ...c, size: 180 })),
    onColumnSizingChange: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const handle = canvas.getByRole('separator', { name: 'Resize Member column' });
    const member = header(canvasElement, 'Member');
    const width = member.getBoundingClientRect().width;
    await expect(handle).toHaveAttribute('aria-valuenow', '180');

    handle.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(handle).toHaveAttribute('aria-valuenow', '190');
    await expect(args.onColumnSizingChange).toHaveBeenLastCalledWith({ member: 190 });
    await expect(member.getBoundingClientRect().width).toBeGreaterThan(width);

    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}');
    await expect(handle).toHaveAttribute('aria-valuenow', '90');

    // Drag with the mouse: the width follows the pointer.
    const rect = handle.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: handle, coords: { clientX: x, clientY: y } },
      { coords: { clientX: x + 60, clientY: y } },
      { keys: '[/MouseLeft]', coords: { clientX: x + 60, clientY: y } },
    ]);
    await waitFor(() => expect(handle).toHaveAttribute('aria-valuenow', '150'));

    // Dragging far left stops at the column's minimum, never below 0.
    const after = handle.getBoundingClientRect();
    const x2 = after.left + after.width / 2;
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: handle, coords: { clientX: x2, clientY: y } },
      { coords: { clientX: x2 - 1000, clientY: y } },
      { keys: '[/MouseLeft]', coords: { clientX: x2 - 1000, clientY: y } },
    ]);
    await waitFor(() =>
      expect(Number(handle.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0),
    );
    await expect(member.getBoundingClientRect().width).toBeGreaterThanOrEqual(0);
  },
};

/** Narrow a Vitest mock type (fn() args are typed as plain functions in meta args). */
function mockOf(f: unknown) {
  return f as { mock: { lastCall?: unknown[] } };
}
