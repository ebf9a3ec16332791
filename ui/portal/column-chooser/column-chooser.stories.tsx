import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ColumnChooser, type ColumnChoice } from './column-chooser';

const DEFAULT: ColumnChoice[] = [
  { id: 'memberName', label: 'Member', visible: true, required: true },
  { id: 'model', label: 'Device', visible: true, required: false },
  { id: 'osVersion', label: 'OS Version', visible: true, required: false },
  { id: 'enrolled', label: 'Enrolment', visible: true, required: false },
  { id: 'severity', label: 'Severity', visible: true, required: false },
  { id: 'lastScanAt', label: 'Last Scan', visible: true, required: false },
  { id: 'code', label: 'Device Code', visible: true, required: false },
];

const CUSTOMISED: ColumnChoice[] = [
  DEFAULT[6]!,
  DEFAULT[0]!,
  { ...DEFAULT[1]!, visible: false },
  DEFAULT[4]!,
  { ...DEFAULT[2]!, visible: false },
  DEFAULT[3]!,
  DEFAULT[5]!,
];

/** The chooser with its own state, as a screen keeps it (the app keeps it on the server). */
function Stateful(props: React.ComponentProps<typeof ColumnChooser>) {
  const [columns, setColumns] = React.useState(props.columns);
  return (
    <ColumnChooser
      {...props}
      columns={columns}
      isDefault={JSON.stringify(columns) === JSON.stringify(DEFAULT)}
      onToggle={(id, visible) => {
        props.onToggle(id, visible);
        setColumns((all) => all.map((c) => (c.id === id ? { ...c, visible } : c)));
      }}
      onMove={(id, delta) => {
        props.onMove(id, delta);
        setColumns((all) => {
          const next = [...all];
          const from = next.findIndex((c) => c.id === id);
          const [moved] = next.splice(from, 1);
          next.splice(from + delta, 0, moved!);
          return next;
        });
      }}
      onReset={() => {
        props.onReset();
        setColumns(DEFAULT);
      }}
    />
  );
}

const meta = {
  title: 'UI/ColumnChooser',
  component: ColumnChooser,
  tags: ['autodocs'],
  args: {
    columns: DEFAULT,
    tableName: 'device',
    onToggle: fn(),
    onMove: fn(),
    onReset: fn(),
  },
  render: (args) => <Stateful {...args} />,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ColumnChooser>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the trigger says how many columns show. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Columns 7/7 shown' }),
    ).toBeInTheDocument();
  },
};

/** Open on the default layout: Member cannot be hidden, Reset has nothing to do. */
export const OpenDefault: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'Device table columns' })).toBeVisible();
    await expect(body.getByRole('checkbox', { name: /Member/ })).toBeDisabled();
    await expect(body.getByRole('checkbox', { name: 'Device' })).toBeChecked();
    await expect(body.getByRole('button', { name: 'Move Member up' })).toBeDisabled();
    await expect(body.getByRole('button', { name: 'Move Device Code down' })).toBeDisabled();
    await expect(body.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  },
};

/** Open on an administrator's layout: reordered, two columns hidden. */
export const OpenCustomised: Story = {
  args: { defaultOpen: true, columns: CUSTOMISED },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Device table columns' });
    const boxes = within(dialog).getAllByRole('checkbox');
    await expect(boxes.map((b) => b.getAttribute('id') && b.closest('label')?.textContent)).toEqual(
      [
        'Device Code',
        'Member(always shown)',
        'Device',
        'Severity',
        'OS Version',
        'Enrolment',
        'Last Scan',
      ],
    );
    await expect(body.getByRole('checkbox', { name: 'Device' })).not.toBeChecked();
    await expect(body.getByRole('button', { name: 'Reset to default' })).toBeEnabled();
  },
};

/** The alerts table: the alert's name is the required column. */
export const AlertTable: Story = {
  args: {
    defaultOpen: true,
    tableName: 'alert',
    columns: [
      { id: 'alertName', label: 'Name', visible: true, required: true },
      { id: 'severity', label: 'Severity', visible: true, required: false },
      { id: 'alertStatus', label: 'Status', visible: false, required: false },
      { id: 'device', label: 'Device', visible: true, required: false },
      { id: 'scanTime', label: 'Scan Time', visible: true, required: false },
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('dialog', { name: 'Alert table columns' });
    await expect(body.getByRole('checkbox', { name: /Name/ })).toBeDisabled();
    await expect(body.getByRole('checkbox', { name: 'Status' })).not.toBeChecked();
  },
};

/** With the keyboard only: open, hide a column, move one up, reset, close with Escape. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Columns 7/7 shown' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('dialog', { name: 'Device table columns' });
    // The focus moves into the popover.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    body.getByRole('checkbox', { name: 'Device' }).focus();
    await userEvent.keyboard(' ');
    await expect(args.onToggle).toHaveBeenCalledWith('model', false);
    await expect(body.getByRole('checkbox', { name: 'Device' })).not.toBeChecked();
    // Move OS Version up twice: the focus stays on its button, the move is announced.
    const up = body.getByRole('button', { name: 'Move OS Version up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMove).toHaveBeenCalledWith('osVersion', -1);
    await waitFor(() =>
      expect(body.getByRole('button', { name: 'Move OS Version up' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(body.getByRole('button', { name: 'Move OS Version down' })).toHaveFocus(),
    );
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'OS Version moved to position 1 of 7',
    );
    await expect(canvas.getByRole('button', { name: 'Columns 6/7 shown' })).toBeInTheDocument();
    // Reset: back to the default, the focus on Done.
    body.getByRole('button', { name: 'Reset to default' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReset).toHaveBeenCalledOnce();
    await expect(body.getByRole('button', { name: 'Done' })).toHaveFocus();
    await expect(body.getByRole('checkbox', { name: 'Device' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};
