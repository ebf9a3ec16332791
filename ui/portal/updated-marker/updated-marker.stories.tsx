import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { UpdatedMarker } from './updated-marker';

const meta = {
  title: 'UI/UpdatedMarker',
  component: UpdatedMarker,
  tags: ['autodocs'],
  args: { time: 'Nov 20, 2026, 2:05 PM', dateTime: '2026-11-20T14:05:00.000Z' },
} satisfies Meta<typeof UpdatedMarker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Updated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Updated/)).toHaveTextContent('Updated Nov 20, 2026, 2:05 PM');
    await expect(canvasElement.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T14:05:00.000Z',
    );
  },
};

/** Nothing refreshed the list yet: no marker. */
export const NotYet: Story = {
  args: { time: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="updated-marker"]')).toBeNull();
  },
};
