import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ApiKeyCard, NEVER_EXPIRES_HINT } from './api-key-card';

const TOKEN = 'pk_live_7d2f9c1e4b8a4e0f9a6c3b2d1e0f7a8b';
/** A fixed clock so the dates below stay in the future / past. */
const NOW = new Date('2025-03-05T12:00:00Z');

const meta = {
  title: 'Settings/ApiKeyCard',
  component: ApiKeyCard,
  tags: ['autodocs'],
  args: {
    token: TOKEN,
    expiresAt: '2026-03-05T12:00:00Z',
    now: NOW,
    onGenerate: fn(async () => {}),
    onRevoke: fn(async () => {}),
    onExpirationChange: fn(),
    copy: fn(async () => {}),
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof ApiKeyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** No key yet: 'Generate' creates one with the chosen expiry (1 year by default), no confirmation. */
export const NoKey: Story = {
  args: { token: null, expiresAt: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'API settings' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'API key' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Revoke API Access' })).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Expires' })).toHaveDisplayValue('1 year');
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(args.onGenerate).toHaveBeenCalledWith('ONE_YEAR');
    await expect(body().queryByRole('alertdialog')).toBeNull();
  },
};

/** A key: masked, revealable, copyable; 'Expires on {date}'. */
export const WithKey: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const key = canvas.getByRole('group', { name: 'API key' });
    await expect(canvasElement.innerHTML).not.toContain(TOKEN);
    await expect(key).toHaveAccessibleDescription('Expires on March 5th, 2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Show API key' }));
    await expect(key).toHaveTextContent(TOKEN);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy API key' }));
    await expect(args.copy).toHaveBeenCalledWith(TOKEN);
    await expect(canvas.getByRole('button', { name: 'Re-generate API Key' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Revoke API Access' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Generate' })).toBeNull();
    // The 'Copied' bubble goes after COPIED_TOOLTIP_MS (5 s): the light and the dark screenshots
    // both show the card at rest, whatever the time between them.
    await waitFor(() => expect(canvas.queryByText('Copied')).toBeNull(), { timeout: 8000 });
  },
};

/** With the app's reference page: an 'API reference' link next to the key, in a new tab. */
export const WithReferenceLink: Story = {
  args: { referenceHref: '/api/docs' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: /API reference/ });
    await expect(link).toHaveAttribute('href', '/api/docs');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await expect(canvas.getByRole('group', { name: 'API key' })).toBeVisible();
  },
};

/** Past its date: 'Expired on {date}' in the critical colour. */
export const Expired: Story = {
  args: { expiresAt: '2025-01-01T12:00:00Z' },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByText('Expired on January 1st, 2025');
    await expect(line).toHaveClass('text-danger-fg');
    await expect(line).toHaveAttribute('data-state', 'expired');
  },
};

export const NeverExpires: Story = {
  args: { expiresAt: null, defaultExpiration: 'NEVER' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Never expires')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'API key' })).toHaveAccessibleDescription(
      'Never expires',
    );
  },
};

/** Choosing 'Never' shows the rotation advice (also the select's description); 1 year hides it. */
export const NeverSelectedHint: Story = {
  args: { token: null, expiresAt: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Expires' });
    await expect(canvas.queryByText(NEVER_EXPIRES_HINT)).toBeNull();
    await userEvent.selectOptions(select, 'Never');
    await expect(args.onExpirationChange).toHaveBeenLastCalledWith('NEVER');
    await expect(canvas.getByText(NEVER_EXPIRES_HINT)).toBeVisible();
    await expect(select).toHaveAccessibleDescription(
      'Consider choosing 1-year token to rotate credentials periodically',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(args.onGenerate).toHaveBeenCalledWith('NEVER');
    await userEvent.selectOptions(select, '6 months');
    await expect(args.onExpirationChange).toHaveBeenLastCalledWith('SIX_MONTHS');
    await expect(canvas.queryByText(NEVER_EXPIRES_HINT)).toBeNull();
  },
};

/** Re-generate asks first: services using the current key are invalidated. Cancel does nothing. */
export const RegenerateConfirm: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Re-generate API Key' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Re-generate API Key' });
    await expect(dialog).toHaveAccessibleDescription(/current API key will be invalidated/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onGenerate).not.toHaveBeenCalled();

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Expires' }), '6 months');
    await userEvent.click(canvas.getByRole('button', { name: 'Re-generate API Key' }));
    const again = await body().findByRole('alertdialog', { name: 'Re-generate API Key' });
    await userEvent.click(within(again).getByRole('button', { name: 'Re-generate API Key' }));
    await expect(args.onGenerate).toHaveBeenCalledOnce();
    await expect(args.onGenerate).toHaveBeenCalledWith('SIX_MONTHS');
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** Revoke asks first (danger confirm): access is revoked. */
export const RevokeConfirm: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke API Access' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Revoke API Access' });
    await expect(dialog).toHaveAccessibleDescription(/API access will be revoked/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onRevoke).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Revoke API Access' }));
    const again = await body().findByRole('alertdialog', { name: 'Revoke API Access' });
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke API Access' }));
    await expect(args.onRevoke).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** A generate request runs: its button says 'Generating...', the rest is disabled. */
export const Busy: Story = {
  args: { busy: 'generate' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const regenerate = canvas.getByRole('button', { name: 'Generating...' });
    await expect(regenerate).toBeDisabled();
    await expect(regenerate).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Revoke API Access' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Expires' })).toBeDisabled();
  },
};

/** Revoking: 'Revoking...'. */
export const BusyRevoke: Story = {
  args: { busy: 'revoke' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Revoking...' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Re-generate API Key' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading API settings');
    await expect(canvas.getByRole('region', { name: 'API settings' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Error: Story = {
  args: { token: null, expiresAt: null, error: 'Failed to get API key.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to get API key.');
    await expect(canvas.getByRole('button', { name: 'Generate' })).toBeEnabled();
  },
};
