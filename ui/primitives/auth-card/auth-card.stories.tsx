import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button } from '../button/button';
import { Link } from '../link/link';
import { PasswordField } from '../password-field/password-field';
import { TextField } from '../text-field/text-field';
import { AuthCard } from './auth-card';

const PASSWORD_HINT =
  'At least 8 characters, one lowercase, one uppercase, one digit, one special character';
const noNavigate = () => fn((event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault());

const meta = {
  title: 'UI/AuthCard',
  component: AuthCard,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { title: 'Organization Lookup' },
} satisfies Meta<typeof AuthCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Lookup: Story = {
  args: {
    title: 'Organization Lookup',
    description: 'Enter your organization name to sign in.',
    children: (
      <form
        aria-label="Organization Lookup"
        className="flex flex-col gap-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="Organization Name"
          name="organizationName"
          placeholder="my-organization-name"
        />
        <Button type="submit" size="lg">
          Lookup
        </Button>
      </form>
    ),
    footer: (
      <Link variant="inline" href="mailto:sales@example.com" onClick={noNavigate()}>
        Email us to get started
      </Link>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Organization Lookup' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Organization Lookup' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Organization Name' }), 'acme');
    await expect(canvas.getByRole('link', { name: 'Email us to get started' })).toHaveAttribute(
      'href',
      'mailto:sales@example.com',
    );
  },
};

export const LookupBusy: Story = {
  args: {
    ...Lookup.args,
    children: (
      <div className="flex flex-col gap-4">
        <TextField label="Organization Name" name="organizationName" defaultValue="acme" readOnly />
        <Button size="lg" busy busyLabel="Loading...">
          Lookup
        </Button>
      </div>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Loading...' })).toBeDisabled();
  },
};

export const SignIn: Story = {
  args: {
    title: 'Account Sign In',
    children: (
      <div className="flex flex-col gap-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" />
        <PasswordField label="Password" name="password" autoComplete="current-password" />
        <Button size="lg">Sign In</Button>
      </div>
    ),
    footer: (
      <Link variant="subtle" href="/password-reset" onClick={noNavigate()}>
        Forgot Password?
      </Link>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Account Sign In' }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Forgot Password?' })).toBeInTheDocument();
  },
};

/** After a reset request the card shows the fixed confirmation. */
export const RecoverySent: Story = {
  args: {
    title: 'Password Recovery',
    children: (
      <p className="text-sm text-ink">
        If this email address is associated with an account, we have sent instructions to reset your
        password. If you do not receive an email within ten minutes, please check the address you
        entered.
      </p>
    ),
    footer: (
      <Link variant="subtle" href="/login" onClick={noNavigate()}>
        Back to Sign In
      </Link>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/within ten minutes/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to Sign In' })).toBeInTheDocument();
  },
};

export const PasswordUpdate: Story = {
  args: {
    title: 'Password Update',
    description: 'Choose a new password for your account.',
    children: (
      <div className="flex flex-col gap-4">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          defaultValue="Sup3r$ecret"
          error="Passwords must match"
        />
        <Button size="lg" disabled>
          Update Password
        </Button>
      </div>
    ),
    footer: (
      <Link variant="subtle" href="/login" onClick={noNavigate()}>
        Back to Sign In
      </Link>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByLabelText('Confirm Password', { selector: 'input' }),
    ).toHaveAccessibleDescription('Passwords must match');
    await expect(canvas.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  },
};
