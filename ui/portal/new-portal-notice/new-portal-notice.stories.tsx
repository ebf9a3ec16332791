import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { NewPortalNotice } from './new-portal-notice';

const meta = {
  title: 'UI/NewPortalNotice',
  component: NewPortalNotice,
  tags: ['autodocs'],
  args: {
    href: 'https://portal.example.com',
    // Keeps the test from opening a tab; the link's attributes are what is checked.
    onActionClick: fn((event: React.MouseEvent) => event.preventDefault()),
  },
} satisfies Meta<typeof NewPortalNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Our New Portal is Live!' });
    const link = within(region).getByRole('link', { name: /^Go To Portal/ });
    await expect(link).toHaveAttribute('href', 'https://portal.example.com');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await userEvent.click(link);
    await expect(args.onActionClick).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  },
};

export const WithDescription: Story = {
  args: { description: 'Manage devices, members and alerts in the redesigned portal.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/redesigned portal/)).toBeInTheDocument();
  },
};

/** Neutral tone, for pages with a coloured header. */
export const Neutral: Story = {
  args: { tone: 'neutral' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('region', { name: 'Our New Portal is Live!' }),
    ).toBeInTheDocument();
  },
};

/** Dismissible: the close button reports the dismissal; the demo hides the notice. */
export const Dismissible: Story = {
  args: { onDismiss: fn() },
  render: function Render(args) {
    const [shown, setShown] = React.useState(true);
    return shown ? (
      <NewPortalNotice
        {...args}
        onDismiss={() => {
          setShown(false);
          args.onDismiss?.();
        }}
      />
    ) : (
      <p>Notice dismissed.</p>
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};
