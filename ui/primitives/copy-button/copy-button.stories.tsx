import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { CopyButton } from './copy-button';

const SHORT_MS = 600;
/** Keeps the feedback up until the visual snapshot is taken (.storybook/test-runner.ts). */
const HOLD_MS = 60_000;

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  tags: ['autodocs'],
  args: {
    value: 'ak_live_51H8',
    label: 'Copy API key',
    copy: fn(async () => {}),
    onCopy: fn(),
    copiedDuration: SHORT_MS,
  },
  decorators: [(Story) => <div className="flex justify-center pt-10">{Story()}</div>],
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy API key' }));
    await expect(args.copy).toHaveBeenCalledWith('ak_live_51H8');
    await waitFor(() => expect(canvas.getByText('Copied')).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('status')).toBeEmptyDOMElement(), {
      timeout: SHORT_MS * 4,
    });
  },
};

export const Small: Story = {
  args: { size: 'sm' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Copy API key' });
    await expect(button.getBoundingClientRect().width).toBe(32);
  },
};

export const Failure: Story = {
  args: { copy: fn(() => Promise.reject(new Error('denied'))), copiedDuration: HOLD_MS },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy API key' }));
    await waitFor(() => expect(canvas.getByText('Copy failed')).toBeVisible());
    await expect(args.onCopy).toHaveBeenCalledWith('failed');
  },
};
