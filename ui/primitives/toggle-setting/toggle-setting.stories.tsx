import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { CopyableField } from '../copyable-field/copyable-field';
import { MaskedSecret } from '../masked-secret/masked-secret';
import { ToggleSettingCard } from './toggle-setting';

const SCIM_URL = 'https://portal.example.com/api/scim/v2/acme';
const HEADER = 'Bearer c2NpbS1iZWFyZXItdG9rZW4tZm9yLXN0b3JpZXM';

const meta = {
  title: 'Settings/ToggleSettingCard',
  component: ToggleSettingCard,
  tags: ['autodocs'],
  args: {
    title: 'SCIM',
    enabled: true,
    loading: false,
    busy: false,
    enableLabel: 'Enable SCIM',
    disableLabel: 'Disable SCIM',
    confirmTitle: 'Disable SCIM',
    confirmMessage: 'Disconnect SCIM and manage members manually; all current members retained.',
    helpHref: 'https://docs.example.com/admin/scim',
    helpLabel: 'How to set up SCIM',
    onEnable: fn(async () => {}),
    onDisable: fn(async () => {}),
    details: (
      <div className="flex flex-col gap-4">
        <CopyableField label="SCIM URL" value={SCIM_URL} mono copy={async () => {}} />
        <MaskedSecret label="Authorization header" value={HEADER} copy={async () => {}} />
      </div>
    ),
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof ToggleSettingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** On: the details, the help link and 'Disable SCIM'. */
export const Enabled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'SCIM', level: 2 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /How to set up SCIM/ })).toHaveAttribute(
      'href',
      'https://docs.example.com/admin/scim',
    );
    await expect(canvas.getByRole('textbox', { name: 'SCIM URL' })).toHaveValue(SCIM_URL);
    await expect(canvas.getByRole('button', { name: 'Disable SCIM' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Enable SCIM' })).toBeNull();
  },
};

/** Off: only 'Enable SCIM', which calls onEnable at once (no confirmation). */
export const Disabled: Story = {
  args: { enabled: false },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'SCIM URL' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enable SCIM' }));
    await expect(args.onEnable).toHaveBeenCalledOnce();
    await expect(body().queryByRole('alertdialog')).toBeNull();
  },
};

/** Being enabled: the button says 'Enabling...' and cannot be pressed again. */
export const Enabling: Story = {
  args: { enabled: false, busy: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Enabling/ });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
  },
};

/** Fetching the setting: 'Loading…' and no action. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading…')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** 'Disable SCIM' asks first; Cancel leaves the setting on without calling onDisable. */
export const DisableCancelled: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Disable SCIM' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Disable SCIM' }));
    await expect(
      dialog.getByText(
        'Disconnect SCIM and manage members manually; all current members retained.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onDisable).not.toHaveBeenCalled();
  },
};

/** Confirmed: onDisable runs and the confirmation closes when it is done. */
export const DisableConfirmed: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Disable SCIM' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Disable SCIM' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Disable SCIM' }));
    await expect(args.onDisable).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** Being disabled: the confirmation stays open, says 'Disabling...' and cannot be cancelled. */
export const Disabling: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Disable SCIM' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Disable SCIM' }));
    await expect(dialog.getByRole('button', { name: /Disabling/ })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** The MDM tab's use: one masked token as the details. */
export const MdmToken: Story = {
  args: {
    title: 'MDM',
    enableLabel: 'Enable MDM',
    disableLabel: 'Disable MDM',
    confirmTitle: 'Disable MDM',
    confirmMessage:
      'Disconnect your MDM and manage members manually; all current members retained.',
    helpHref: 'https://docs.example.com/admin/mdm',
    helpLabel: 'How to set up MDM',
    details: (
      <MaskedSecret
        label="MDM token"
        value="bWRtLXRva2VuLWZvci1zdG9yaWVzLTAxMjM0NTY3ODk"
        copy={async () => {}}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Show MDM token' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Disable MDM' })).toBeEnabled();
  },
};
