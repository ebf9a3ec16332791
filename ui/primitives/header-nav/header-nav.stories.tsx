import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';

import { Link } from '../link/link';
import { PageFrame } from '../page-frame/page-frame';
import { HeaderNav } from './header-nav';

const footer = {
  socialHref: 'https://www.linkedin.com/company/example',
  termsHref: 'https://example.com/terms',
  privacyHref: 'https://example.com/privacy',
  faqHref: 'https://example.com/faq',
  supportEmail: 'support@example.com',
};

const links = (
  <>
    <Link variant="nav" href="#dashboard" aria-current="page">
      Dashboard
    </Link>
    <Link variant="nav" href="#alerts">
      Alerts
    </Link>
    <Link variant="nav" href="#members">
      Members
    </Link>
    <Link variant="nav" href="#settings">
      Settings
    </Link>
    <span className="text-sm text-ink-muted">Avery Admin · Acme</span>
    <Link variant="nav" href="#logout">
      Sign Out
    </Link>
  </>
);

/**
 * The header's navigation. From the `md` breakpoint (768 px) the links form a row; below it a
 * 'Menu' button opens them as a panel under the header (the phone e2e suite, tests/e2e/phone.spec.ts,
 * proves every route fits 390 px). Stories render at 1024 px, so they show the row; the `Open`
 * story forces the panel open to show its look.
 */
const meta = {
  title: 'UI/HeaderNav',
  component: HeaderNav,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '20rem' } } },
  args: { label: 'Main', children: links },
  render: (args) => (
    <PageFrame footer={footer} headerEnd={<HeaderNav {...args} />}>
      <h1 className="text-xl font-semibold">Dashboard</h1>
    </PageFrame>
  ),
} satisfies Meta<typeof HeaderNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Settings' })).toBeVisible();
    // The menu button exists for phones only.
    await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
  },
};

/** Links followed from the panel close it; so does Escape, which returns focus to the button. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-state', 'open');
    await userEvent.click(within(nav).getByRole('link', { name: 'Alerts' }));
    await expect(nav).toHaveAttribute('data-state', 'closed');
  },
};
