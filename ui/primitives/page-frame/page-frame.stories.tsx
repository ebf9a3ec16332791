import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Banner } from '../banner/banner';
import { Link } from '../link/link';
import { PageFrame } from './page-frame';

/** Record analytics clicks without navigating the preview frame away. */
const click = () => fn((event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault());

const meta = {
  title: 'UI/PageFrame',
  component: PageFrame,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    // One skip link and one set of landmarks per frame: render each story in its own iframe on the docs page.
    docs: { story: { inline: false, height: '32rem' } },
  },
  args: {
    logoHref: '/dashboard',
    onLogoClick: click(),
    footer: {
      socialHref: 'https://www.linkedin.com/company/example',
      socialLabel: 'LinkedIn',
      termsHref: 'https://example.com/terms',
      privacyHref: 'https://example.com/privacy',
      faqHref: 'https://example.com/faq',
      supportEmail: 'support@example.com',
      onSocialClick: click(),
      onTermsClick: click(),
      onPrivacyClick: click(),
      onFaqClick: click(),
      onSupportEmailClick: click(),
    },
    children: (
      <section aria-labelledby="devices-title" className="rounded-card bg-surface p-6 shadow-card">
        <h1 id="devices-title" className="text-xl font-semibold text-ink">
          Dashboard
        </h1>
        <p className="mt-2 text-sm text-ink-muted">
          Enrolled devices of your organization members appear here.
        </p>
      </section>
    ),
  },
} satisfies Meta<typeof PageFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('banner');
    await expect(within(header).getByText('ADMIN DASHBOARD')).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toBeInTheDocument();

    const logo = within(header).getByRole('link', { name: 'Dashboard' });
    await expect(logo).toHaveAttribute('href', '/dashboard');
    await userEvent.click(logo);
    await expect(args.onLogoClick).toHaveBeenCalledOnce();

    const footer = within(canvas.getByRole('contentinfo'));
    const expected: [RegExp | string, keyof typeof args.footer][] = [
      [/^LinkedIn/, 'onSocialClick'],
      [/^Terms and Conditions/, 'onTermsClick'],
      [/^Privacy Policy/, 'onPrivacyClick'],
      [/^FAQ/, 'onFaqClick'],
      ['support@example.com', 'onSupportEmailClick'],
    ];
    for (const [name, callback] of expected) {
      await userEvent.click(footer.getByRole('link', { name }));
      await expect(args.footer[callback]).toHaveBeenCalledOnce();
    }
    await expect(footer.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    await expect(footer.getByRole('link', { name: /^Privacy Policy/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  },
};

/** The first Tab reaches 'Skip to content', which moves focus to <main>. */
export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/**
 * While the main area holds a loading placeholder (`data-page-loading`) the footer is left out
 * of the layout, so it appears below the content instead of being pushed down by it (no layout
 * shift).
 */
export const FooterHiddenWhileLoading: Story = {
  args: {
    children: (
      <div data-page-loading="" className="py-24 text-center text-ink-muted">
        Loading…
      </div>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('contentinfo')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Footer' })).toBeNull();
    await expect(canvas.getByRole('main')).toBeVisible();
  },
};

/** Signed in: a sign-out link on the right and the persistent session warning. */
export const WithWarningBanner: Story = {
  args: {
    headerEnd: (
      <Link variant="nav" href="/logout" onClick={click()}>
        Sign Out
      </Link>
    ),
    banner: (
      <Banner
        kind="warning"
        title="No payment method stored"
        action={
          <Link href="/settings?tab=billing" className="text-current" onClick={click()}>
            Go to Billing
          </Link>
        }
      >
        Add a payment method to continue.
      </Banner>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const warning = canvas.getByRole('status');
    await expect(warning).toHaveTextContent('Add a payment method to continue.');
    await expect(within(warning).getByRole('link', { name: 'Go to Billing' })).toBeInTheDocument();
    await expect(
      within(canvas.getByRole('banner')).getByRole('link', { name: 'Sign Out' }),
    ).toBeInTheDocument();
  },
};

/** The app routes client-side by rendering the logo through its own link component. */
export const CustomLogoLink: Story = {
  args: {
    renderLogoLink: ({ children, ...props }) => (
      <a {...props} data-router-link="">
        {children}
      </a>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const logo = within(canvasElement).getByRole('link', { name: 'Dashboard' });
    await expect(logo).toHaveAttribute('data-router-link');
    await userEvent.click(logo);
    await expect(args.onLogoClick).toHaveBeenCalledOnce();
  },
};
