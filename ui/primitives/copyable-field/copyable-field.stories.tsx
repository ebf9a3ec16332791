import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { CopyableField } from './copyable-field';

const SCIM_URL = 'https://api.example.com/scim/v2/organizations/acme';
const SHORT_MS = 600;
/** Keeps the feedback up until the visual snapshot is taken (.storybook/test-runner.ts). */
const HOLD_MS = 60_000;

const meta = {
  title: 'UI/CopyableField',
  component: CopyableField,
  tags: ['autodocs'],
  args: {
    label: 'SCIM URL',
    value: SCIM_URL,
    copy: fn(async () => {}),
    onCopy: fn(),
    copiedDuration: SHORT_MS,
  },
  decorators: [(Story) => <div className="max-w-md pt-10">{Story()}</div>],
} satisfies Meta<typeof CopyableField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'SCIM URL' });
    await expect(input).toHaveValue(SCIM_URL);
    await expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue(SCIM_URL);
  },
};

/** Click copy: the value goes to the clipboard, 'Copied' shows, then clears. */
export const Copy: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy SCIM URL' }));
    await expect(args.copy).toHaveBeenCalledWith(SCIM_URL);
    await waitFor(() => expect(canvas.getByText('Copied')).toBeVisible());
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    await expect(args.onCopy).toHaveBeenCalledWith('copied');
    await waitFor(() => expect(canvas.queryByText('Copied')).toBeNull(), {
      timeout: SHORT_MS * 4,
    });
  },
};

/** Keyboard: Tab reaches the value, then the copy button; Space copies. */
export const KeyboardCopy: Story = {
  args: { copiedDuration: HOLD_MS },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'SCIM URL' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy SCIM URL' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.copy).toHaveBeenCalledWith(SCIM_URL);
    await waitFor(() => expect(canvas.getByText('Copied')).toBeVisible());
  },
};

export const CopyFailure: Story = {
  args: { copy: fn(() => Promise.reject(new Error('denied'))), copiedDuration: HOLD_MS },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy SCIM URL' }));
    await waitFor(() => expect(canvas.getByText('Copy failed')).toBeVisible());
    await expect(args.onCopy).toHaveBeenCalledWith('failed');
  },
};

export const WithHint: Story = {
  args: { hint: 'Paste this URL into your identity provider.', mono: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'SCIM URL' }),
    ).toHaveAccessibleDescription('Paste this URL into your identity provider.');
  },
};
