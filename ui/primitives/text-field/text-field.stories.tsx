import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: {
    label: 'Organization Name',
    placeholder: 'my-organization-name',
    name: 'organizationName',
    onChange: fn(),
    onBlur: fn(),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Organization Name' });
    await expect(input).toHaveAttribute('placeholder', 'my-organization-name');
    await userEvent.type(input, 'acme');
    await expect(input).toHaveValue('acme');
    await expect(args.onChange).toHaveBeenCalledTimes(4);
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalledOnce();
  },
};

export const WithHint: Story = {
  args: {
    label: 'Email',
    name: 'email',
    type: 'email',
    placeholder: undefined,
    hint: 'Reset instructions are sent to this address.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('Reset instructions are sent to this address.');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Required: Story = {
  args: { label: 'Email', name: 'email', type: 'email', placeholder: undefined, required: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeRequired();
    // The asterisk is visual only: the label text stays exactly 'Email'.
    await expect(canvas.getByLabelText('Email')).toBe(input);
  },
};

/** The error is tied to the input: aria-invalid plus aria-describedby (hint first, then error). */
export const WithError: Story = {
  args: {
    label: 'Email',
    name: 'email',
    type: 'email',
    placeholder: undefined,
    defaultValue: 'admin@acme',
    hint: 'Use the address you signed up with.',
    error: 'Enter a valid Email',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Use the address you signed up with. Enter a valid Email',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'acme-corp' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Organization Name' }),
    ).toBeDisabled();
  },
};

export const LongContent: Story = {
  args: {
    label: 'Webhook URL',
    name: 'webhookUrl',
    type: 'url',
    placeholder: undefined,
    defaultValue:
      'https://hooks.example.com/security/alerts/organization/acme-corporation-international/receiver',
    error: 'Failed to save webhook settings.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Webhook URL' });
    await expect(input).toHaveAccessibleDescription('Failed to save webhook settings.');
  },
};
