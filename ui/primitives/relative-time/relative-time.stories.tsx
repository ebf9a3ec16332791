import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';

import { RelativeTime } from './relative-time';

const meta = {
  title: 'Primitives/Relative time',
  component: RelativeTime,
  tags: ['autodocs'],
  args: {
    dateTime: '2026-11-20T11:05:00Z',
    relative: '3 hours ago',
    exact: 'Nov 20, 2026, 11:05 AM',
  },
  decorators: [
    (Story) => (
      <p className="p-6 pb-16 text-sm text-ink">
        Last scan <Story />
      </p>
    ),
  ],
} satisfies Meta<typeof RelativeTime>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const time = canvas.getByText('3 hours ago');
    await expect(time).toHaveAttribute('datetime', '2026-11-20T11:05:00Z');
    const tip = canvas.getByRole('tooltip', { hidden: true });
    await expect(tip).not.toBeVisible();
    // A Tab reaches it and shows the exact time, which also describes it.
    await userEvent.tab();
    await expect(time).toHaveFocus();
    await expect(tip).toBeVisible();
    await expect(time).toHaveAccessibleDescription('Nov 20, 2026, 11:05 AM');
  },
};

export const ExactTimeShown: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('tooltip')).toBeVisible();
  },
};
