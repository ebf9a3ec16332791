import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button } from '../button/button';
import { StatusList, type StatusListItem } from './status-list';

const onResend = fn();

const ADMINS: StatusListItem[] = [
  {
    id: 'a1',
    primary: 'Ada Lovelace',
    secondary: 'ada@example.com',
    status: { label: 'Active', tone: 'success' },
  },
  {
    id: 'a2',
    primary: 'Grace Hopper',
    secondary: 'grace@example.com',
    status: { label: 'Invite pending', tone: 'warning' },
    action: (
      <Button
        variant="link"
        size="sm"
        aria-label="Resend invite to Grace Hopper"
        onClick={() => onResend('grace@example.com')}
      >
        Resend
      </Button>
    ),
  },
  {
    id: 'a3',
    primary: 'Alan Turing',
    secondary: 'alan.turing.with.a.rather.long.address@subdomain.example.com',
    status: { label: 'Invite pending', tone: 'warning' },
    action: 'Invite was sent 2 hours ago',
  },
];

const meta = {
  title: 'UI/StatusList',
  component: StatusList,
  tags: ['autodocs'],
  args: { items: ADMINS, 'aria-label': 'Administrators' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof StatusList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Administrators: mixed statuses; 'Resend' for an old invite, the send time for a recent one. */
export const Administrators: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Administrators' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('Ada Lovelace');
    await expect(rows[0]).toHaveTextContent('Active');
    await expect(rows[2]).toHaveTextContent('Invite was sent 2 hours ago');

    onResend.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend invite to Grace Hopper' }));
    await expect(onResend).toHaveBeenCalledWith('grace@example.com');
  },
};

export const Empty: Story = {
  args: {
    items: [],
    'aria-label': 'Provisioned Users',
    emptyText: 'No users found. Use the Provision Threat Hunter form to invite users',
    maxHeight: '50vh',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('No users found. Use the Provision Threat Hunter form to invite users'),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

const USERS: StatusListItem[] = Array.from({ length: 40 }, (_, i) => ({
  id: `u${i + 1}`,
  primary: `Threat Hunter ${i + 1}`,
  secondary: `hunter${i + 1}@example.com`,
  detail: <code className="font-mono">{`TH-${String(1000 + i * 37).padStart(6, '0')}`}</code>,
  status:
    i % 3 === 0
      ? { label: 'Pending', tone: 'warning' as const }
      : { label: 'Active', tone: 'success' as const },
}));

/** Provisioned Users: height limited to half the viewport; the region scrolls by keyboard. */
export const ManyRowsScrolling: Story = {
  args: { items: USERS, 'aria-label': 'Provisioned Users', maxHeight: '50vh' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Provisioned Users' });
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await expect(region.clientHeight).toBeLessThanOrEqual(Math.ceil(window.innerHeight / 2) + 2);
    await expect(within(region).getAllByRole('listitem')).toHaveLength(40);

    // Focusable, so arrow keys and Page Down scroll it (synthetic key events cannot prove the
    // browser's default scrolling, so the story checks that the region takes focus).
    await userEvent.tab();
    await expect(region).toHaveFocus();
    await expect(region).toHaveAttribute('tabindex', '0');
  },
};

/** Rows without status or action (just names). */
export const Plain: Story = {
  args: {
    items: ADMINS.map(({ id, primary, secondary }) => ({ id, primary, secondary })),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="status-list-status"]')).toBeNull();
  },
};
