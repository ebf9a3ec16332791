import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { NewAlertsButton } from './new-alerts-button';

const meta = {
  title: 'UI/NewAlertsButton',
  component: NewAlertsButton,
  tags: ['autodocs'],
  args: { count: 3, onShow: fn() },
} satisfies Meta<typeof NewAlertsButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Several: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(within(region).getByRole('button', { name: '3 new alerts' }));
    await expect(args.onShow).toHaveBeenCalledOnce();
  },
};

export const One: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: '1 new alert' }),
    ).toBeInTheDocument();
  },
};

/** None waiting: the live region is there (so the next count is announced), empty. */
export const None: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** Alerts keep arriving, then the administrator shows them: the count goes back to none. */
export const Arriving: Story = {
  args: { count: 0 },
  render: function Render(args) {
    const [count, setCount] = React.useState(0);
    return (
      <div className="flex flex-col items-start gap-3">
        <button type="button" onClick={() => setCount((n) => n + 2)}>
          Two alerts arrive
        </button>
        <NewAlertsButton
          {...args}
          count={count}
          onShow={() => {
            args.onShow();
            setCount(0);
          }}
        />
      </div>
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Two alerts arrive' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Two alerts arrive' }));
    await userEvent.click(canvas.getByRole('button', { name: '4 new alerts' }));
    await expect(args.onShow).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};
