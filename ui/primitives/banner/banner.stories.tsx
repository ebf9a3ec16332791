import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Link } from '../link/link';
import { Banner } from './banner';

const meta = {
  title: 'UI/Banner',
  component: Banner,
  tags: ['autodocs'],
  args: { kind: 'info', children: 'Invitations are being sent to 12 organization member(s)' },
  argTypes: { kind: { control: 'inline-radio', options: ['success', 'info', 'warning', 'error'] } },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: { kind: 'success', children: 'Successfully saved webhook settings.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Successfully saved webhook settings.',
    );
  },
};

export const Info: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Invitations are being sent to 12 organization member(s)',
    );
  },
};

/** The session warning: persistent, with a 'Go to Billing' action. */
export const WarningWithAction: Story = {
  args: {
    kind: 'warning',
    title: 'No payment method stored',
    children: 'Add a payment method to continue.',
    action: (
      <Link
        href="#billing"
        className="text-current"
        onClick={fn((e: React.MouseEvent) => e.preventDefault())}
      >
        Go to Billing
      </Link>
    ),
  },
  play: async ({ canvasElement }) => {
    const banner = within(within(canvasElement).getByRole('status'));
    await expect(banner.getByText('No payment method stored')).toBeInTheDocument();
    await expect(banner.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
      'href',
      '#billing',
    );
  },
};

/** Errors use role="alert" so they are announced at once. */
export const ErrorKind: Story = {
  name: 'Error',
  args: {
    kind: 'error',
    title: 'Your account is currently inactive',
    children: 'Your subscription was canceled. Reactivate your subscription to continue.',
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Your account is currently inactive');
    await expect(within(canvasElement).queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Dismissible: Story = {
  args: {
    kind: 'success',
    children: 'Subscription reactivated. Status may not immediately update.',
    onDismiss: fn(),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const LongContent: Story = {
  args: {
    kind: 'error',
    title: 'The SSO provider server is temporarily unavailable.',
    children:
      'Please try again after some time. If the problem persists, contact support. Problem deleting sso integration. Contact okta support. A request has been made, Conditional Access will be removed after processing blocked members.',
    onDismiss: fn(),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeVisible();
  },
};
