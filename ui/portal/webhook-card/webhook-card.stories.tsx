import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { WebhookCard, type WebhookCardProps } from './webhook-card';

const SECRET = 'whsec_3k2j1h0g9f8e7d6c5b4a';
const HOOK_URL = 'https://hooks.example.com/acme/security';

/** Owns `enabled` and `url` like the app does, so toggling and typing behave for real. */
function Stateful(args: WebhookCardProps) {
  const [enabled, setEnabled] = React.useState(args.enabled);
  const [url, setUrl] = React.useState(args.url);
  return (
    <WebhookCard
      {...args}
      enabled={enabled}
      url={url}
      onUrlChange={(next) => {
        setUrl(next);
        args.onUrlChange(next);
      }}
      onEnable={() => {
        setEnabled(true);
        args.onEnable();
      }}
      onDeactivate={async () => {
        await args.onDeactivate();
        setEnabled(false);
        setUrl('');
      }}
    />
  );
}

const meta = {
  title: 'Settings/WebhookCard',
  component: WebhookCard,
  tags: ['autodocs'],
  args: {
    enabled: true,
    hasSavedUrl: false,
    secret: SECRET,
    url: '',
    onUrlChange: fn(),
    onSave: fn(),
    onEnable: fn(),
    onDeactivate: fn(async () => {}),
    copy: fn(async () => {}),
  },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof WebhookCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Off: only the toggle. Turning it on calls onEnable (the app fetches the secret). */
export const Off: Story = {
  args: { enabled: false, secret: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Webhook settings' })).toBeVisible();
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).not.toBeChecked();
    await expect(canvas.queryByRole('textbox', { name: 'Webhook URL' })).toBeNull();
    await userEvent.click(toggle);
    await expect(args.onEnable).toHaveBeenCalledOnce();
    await expect(toggle).toBeChecked();
  },
};

/** Just turned on: the secret is being fetched (toggle busy, spinner). */
export const OnFetchingSecret: Story = {
  args: { secret: null, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading webhook secret');
    await expect(canvas.queryByRole('textbox', { name: 'Webhook URL' })).toBeNull();
  },
};

/** On, no URL yet: the secret (masked) and an empty URL; Save is disabled, also for spaces only. */
export const OnEmpty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Webhook secret' })).toBeVisible();
    await expect(canvasElement.innerHTML).not.toContain(SECRET);
    await userEvent.click(canvas.getByRole('button', { name: 'Show Webhook secret' }));
    await expect(canvas.getByRole('group', { name: 'Webhook secret' })).toHaveTextContent(SECRET);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Webhook secret' }));
    await expect(args.copy).toHaveBeenCalledWith(SECRET);

    const input = canvas.getByRole('textbox', { name: 'Webhook URL' });
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.type(input, '   ');
    await expect(save).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, HOOK_URL);
    await expect(args.onUrlChange).toHaveBeenLastCalledWith(HOOK_URL);
    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledOnce();
    // The 'Copied' bubble goes after COPIED_TOOLTIP_MS (5 s): the light and the dark screenshots
    // both show the card at rest, whatever the time between them.
    await waitFor(() => expect(canvas.queryByText('Copied')).toBeNull(), { timeout: 8000 });
  },
};

/** On with a saved HOOK_URL; Enter in the input saves too. */
export const OnWithUrl: Story = {
  args: { url: HOOK_URL, hasSavedUrl: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Webhook URL' });
    await expect(input).toHaveValue(HOOK_URL);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.type(input, '{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
  },
};

/** Saving: 'Verifying...', disabled; the toggle cannot be flipped meanwhile. */
export const Saving: Story = {
  args: { url: HOOK_URL, saving: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Verifying...' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onDeactivate).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Webhook URL' }), '{Enter}');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The server refused the HOOK_URL: the error line under the input, aria-invalid. */
export const UrlError: Story = {
  args: {
    url: 'https://unreachable.example.com/hook',
    error: 'The HOOK_URL did not answer with 200 OK.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Webhook URL' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('The HOOK_URL did not answer with 200 OK.');
  },
};

/** Turning off with a saved HOOK_URL asks 'Deactivate Webhooks'; Cancel keeps webhooks on. */
export const DeactivateConfirm: Story = {
  args: { url: HOOK_URL, hasSavedUrl: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await userEvent.click(toggle);
    const dialog = await body().findByRole('alertdialog', { name: 'Deactivate Webhooks' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onDeactivate).not.toHaveBeenCalled();
    await expect(toggle).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(HOOK_URL);
  },
};

/** Confirming calls onDeactivate; the dialog shows 'Deactivating...' until it resolves. */
export const Deactivate: Story = {
  args: {
    url: HOOK_URL,
    hasSavedUrl: true,
    onDeactivate: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 300))),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await userEvent.click(toggle);
    const dialog = await body().findByRole('alertdialog', { name: 'Deactivate Webhooks' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expect(
      await within(dialog).findByRole('button', { name: 'Deactivating...' }),
    ).toBeDisabled();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onDeactivate).toHaveBeenCalledOnce();
    await expect(toggle).not.toBeChecked();
  },
};

/** Without a saved HOOK_URL, turning off needs no confirmation. */
export const DeactivateWithoutUrl: Story = {
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable webhooks' });
    await userEvent.click(toggle);
    await expect(body().queryByRole('alertdialog')).toBeNull();
    await expect(args.onDeactivate).toHaveBeenCalledOnce();
    await waitFor(() => expect(toggle).not.toBeChecked());
  },
};
