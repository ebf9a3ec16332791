import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { PasswordField } from './password-field';

const PASSWORD_HINT =
  'At least 8 characters, one lowercase, one uppercase, one digit, one special character';

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: {
    label: 'Password',
    name: 'password',
    autoComplete: 'current-password',
    onRevealedChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden by default; the toggle's name says what pressing it does. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('maxLength', '256');
    await userEvent.type(input, 'Sup3r$ecret');

    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(args.onRevealedChange).toHaveBeenLastCalledWith(true);
    await expect(canvas.getByRole('textbox', { name: 'Password' })).toHaveValue('Sup3r$ecret');

    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
    await expect(args.onRevealedChange).toHaveBeenLastCalledWith(false);
  },
};

export const Revealed: Story = {
  args: { defaultRevealed: true, defaultValue: 'Sup3r$ecret' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Password' })).toHaveValue('Sup3r$ecret');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  },
};

export const WithHint: Story = {
  args: { label: 'Password', autoComplete: 'new-password', hint: PASSWORD_HINT, required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAccessibleDescription(PASSWORD_HINT);
  },
};

export const WithError: Story = {
  args: {
    label: 'Confirm Password',
    name: 'confirmPassword',
    autoComplete: 'new-password',
    defaultValue: 'Sup3r$ecre',
    error: 'Passwords must match',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Confirm Password', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Passwords must match');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Sup3r$ecret' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
