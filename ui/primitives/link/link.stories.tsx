import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Link } from './link';

/** Stories must not navigate the preview frame away, so clicks are recorded and prevented. */
const recordClick = fn((event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault());

const meta = {
  title: 'UI/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/password-reset', children: 'Forgot Password?', onClick: recordClick },
  argTypes: { variant: { control: 'inline-radio', options: ['inline', 'subtle', 'nav'] } },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p className="max-w-prose text-sm text-ink">
      Please try signing in again or contact support. See the{' '}
      <Link {...args} href="/faq">
        FAQ
      </Link>{' '}
      for answers to common questions.
    </p>
  ),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'FAQ' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Subtle: Story = {
  args: { variant: 'subtle', children: 'Back to Sign In', href: '/login' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Back to Sign In' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Nav: Story = {
  render: (args) => (
    <nav aria-label="Main" className="flex gap-6">
      <Link {...args} variant="nav" href="/dashboard" aria-current="page">
        Dashboard
      </Link>
      <Link {...args} variant="nav" href="/alerts-console">
        Alerts
      </Link>
      <Link {...args} variant="nav" href="/settings">
        Settings
      </Link>
    </nav>
  ),
  play: async ({ args, canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(nav.getByRole('link', { name: 'Settings' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** Opens in a new tab with rel="noopener noreferrer" and tells screen readers so. */
export const External: Story = {
  args: {
    variant: 'inline',
    external: true,
    href: 'https://example.com/terms',
    children: 'Terms and Conditions',
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Terms and Conditions (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const TargetBlankKeepsRel: Story = {
  args: {
    target: '_blank',
    rel: 'external',
    href: 'mailto:sales@example.com',
    children: 'Email us to get started',
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Email us to get started/ });
    await expect(link).toHaveAttribute('rel', 'external noopener noreferrer');
  },
};

/** `asChild` styles the app's router link (here a plain anchor stands in for it). */
export const AsChild: Story = {
  args: { asChild: true, variant: 'subtle' },
  render: (args) => (
    <Link {...args}>
      <a href="/look-up" data-router-link="">
        Back to Sign In
      </a>
    </Link>
  ),
  play: async ({ args, canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Back to Sign In' });
    await expect(link).toHaveAttribute('data-router-link');
    await expect(link).toHaveAttribute('data-slot', 'link');
    await userEvent.click(link);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};
