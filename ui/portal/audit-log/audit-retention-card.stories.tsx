import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AuditRetentionCard } from './audit-retention-card';

const OPTIONS = [
  { value: 'SIX_MONTHS', label: '6 months' },
  { value: 'ONE_YEAR', label: '1 year' },
  { value: 'NEVER', label: 'Never' },
];

const meta = {
  title: 'Settings/AuditRetentionCard',
  component: AuditRetentionCard,
  tags: ['autodocs'],
  args: { options: OPTIONS, value: 'ONE_YEAR', onSave: fn(), onRetry: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof AuditRetentionCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default, one year: 'Save' waits for a change. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Keep events for')).toHaveValue('ONE_YEAR');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** A longer retention saves at once. */
export const Lengthen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Keep events for'), 'NEVER');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith('NEVER');
  },
};

/** A shorter one deletes older events: it is confirmed first, and Cancel saves nothing. */
export const ShortenAsksFirst: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Keep events for'), 'SIX_MONTHS');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Shorten retention?',
    });
    await expect(dialog).toHaveTextContent('Events older than 6 months will be deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const again = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Shorten retention' }));
    await expect(args.onSave).toHaveBeenCalledWith('SIX_MONTHS');
  },
};

export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving...' })).toBeVisible();
  },
};

/** A refused save: the message, and the field back on the saved value. */
export const SaveFails: Story = {
  args: {
    onSave: fn(() => Promise.reject(new Error('refused'))),
    error: 'Failed to save the retention setting.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Keep events for'), 'NEVER');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByLabelText('Keep events for')).toHaveValue('ONE_YEAR');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to save the retention setting.',
    );
  },
};

export const Loading: Story = {
  args: { value: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading retention');
  },
};

/** The setting could not be read: the message with 'Retry'. */
export const LoadError: Story = {
  args: { value: undefined, error: 'Failed to get the retention setting.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
