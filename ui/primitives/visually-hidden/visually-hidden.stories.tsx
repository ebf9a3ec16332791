import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { CloseIcon } from '../icons/icons';
import { VisuallyHidden } from './visually-hidden';

const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  tags: ['autodocs'],
  args: { children: 'Close notification' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An icon-only button named by hidden text. */
export const IconButtonName: Story = {
  render: (args) => (
    <button
      type="button"
      className="inline-flex size-9 items-center justify-center rounded-control border border-surface-strong"
    >
      <CloseIcon className="size-4" />
      <VisuallyHidden {...args} />
    </button>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Close notification' });
    const hidden = within(button).getByText('Close notification');
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
