import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import {
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  type ConditionalAccessConfig,
  type ConditionalAccessPolicy,
} from '@domain/conditional-access';

import { ConditionalAccessCard, type ConditionalAccessCardProps } from './conditional-access-card';

const EMPTY: ConditionalAccessConfig = DEFAULT_CONDITIONAL_ACCESS_CONFIG;

const AZURE: ConditionalAccessConfig = {
  tenant: 'contoso.onmicrosoft.com',
  clientId: '8f14e45f-ceea-467f-a9b0-6c1e5d7f0a11',
  clientSecret: 's3cr3t-value-for-azure',
  userExtension: 'extension_quarantine',
  groupId: '4b1f7e0c-quarantine',
  provider: 'azure',
  active: false,
};

const ACTIVE: ConditionalAccessConfig = { ...AZURE, active: true };

const POLICY: ConditionalAccessPolicy = {
  alertSeverity: 'CRITICAL_ONLY',
  outdatedOSPeriod: 'SEVEN_DAYS',
  deviceIntegrityPeriod: 'TWO_WEEKS',
  screenLockEnabled: true,
};

/** Owns the draft like the app does (the draft starts as the saved config). */
function Stateful(args: ConditionalAccessCardProps) {
  const [draft, setDraft] = React.useState(args.draft ?? args.config);
  return (
    <ConditionalAccessCard
      {...args}
      draft={draft}
      onDraftChange={(next) => {
        setDraft(next);
        args.onDraftChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Settings/ConditionalAccessCard',
  component: ConditionalAccessCard,
  tags: ['autodocs'],
  args: {
    config: EMPTY,
    policy: POLICY,
    onDraftChange: fn(),
    onSave: fn(),
    onToggle: fn(),
    onRemove: fn(async () => {}),
    onPolicyChange: fn(),
  },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof ConditionalAccessCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const card = (root: HTMLElement) =>
  within(within(root).getByRole('region', { name: 'Conditional access Beta' }));

/** Nothing set up: toggle off, Save disabled, Remove disabled, no policy. */
export const NotConfigured: Story = {
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByRole('heading', { name: 'Conditional access Beta' })).toBeVisible();
    await expect(c.getByRole('combobox', { name: 'Identity provider' })).toHaveDisplayValue(
      'Select option',
    );
    await expect(c.getByRole('switch', { name: 'Enable conditional access' })).not.toBeChecked();
    await expect(c.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Remove Conditional Access' })).toBeDisabled();
    await expect(c.queryByRole('heading', { name: 'Policy' })).toBeNull();
    // Turning on asks nothing: onToggle(true) (the app saves only with a provider).
    await userEvent.click(c.getByRole('switch', { name: 'Enable conditional access' }));
    await expect(args.onToggle).toHaveBeenCalledWith(true);
  },
};

/** Filling every field for Azure enables Save; the secret is masked unless focused. */
export const AzureDraft: Story = {
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    const save = c.getByRole('button', { name: 'Save' });
    await userEvent.selectOptions(
      c.getByRole('combobox', { name: 'Identity provider' }),
      'Microsoft Entra ID',
    );
    await userEvent.type(c.getByRole('textbox', { name: 'Tenant' }), AZURE.tenant!);
    await userEvent.type(c.getByRole('textbox', { name: 'Group ID' }), AZURE.groupId!);
    await userEvent.type(c.getByRole('textbox', { name: 'Client ID' }), AZURE.clientId!);
    await expect(save).toBeDisabled();

    const secret = c.getByLabelText('Client Secret');
    await expect(secret).toHaveAttribute('type', 'password');
    await userEvent.type(secret, AZURE.clientSecret!);
    await expect(secret).toHaveAttribute('type', 'text');
    await userEvent.type(c.getByRole('textbox', { name: 'User Extension' }), '   ');
    // Blank counts as empty.
    await expect(save).toBeDisabled();
    await userEvent.clear(c.getByRole('textbox', { name: 'User Extension' }));
    await userEvent.type(c.getByRole('textbox', { name: 'User Extension' }), AZURE.userExtension!);
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(args.onDraftChange).toHaveBeenLastCalledWith({ ...AZURE });

    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({ ...AZURE });
  },
};

/** Okta renames two fields: 'Tenant (Okta Domain)' and 'Application Private Key (JSON)'. */
export const OktaLabels: Story = {
  args: { draft: { ...EMPTY, provider: 'okta' } },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByRole('textbox', { name: 'Tenant (Okta Domain)' })).toBeVisible();
    await expect(c.getByLabelText('Application Private Key (JSON)')).toHaveAttribute(
      'type',
      'password',
    );
    await expect(c.queryByRole('textbox', { name: 'Tenant' })).toBeNull();
    await expect(c.queryByLabelText('Client Secret')).toBeNull();
    await userEvent.selectOptions(
      c.getByRole('combobox', { name: 'Identity provider' }),
      'Microsoft Entra ID',
    );
    await expect(c.getByRole('textbox', { name: 'Tenant' })).toBeVisible();
    await expect(c.getByLabelText('Client Secret')).toBeVisible();
  },
};

/** Active: the policy section with its four dropdowns; each change reports the whole policy. */
export const ActiveWithPolicy: Story = {
  args: { config: ACTIVE },
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByRole('switch', { name: 'Enable conditional access' })).toBeChecked();
    await expect(c.getByRole('heading', { name: 'Policy', level: 3 })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Remove Conditional Access' })).toBeEnabled();

    const severity = c.getByRole('combobox', { name: 'Quarantine on alert severity' });
    await expect(severity).toHaveDisplayValue('Critical only');
    await userEvent.selectOptions(severity, 'High and Critical');
    await expect(args.onPolicyChange).toHaveBeenLastCalledWith({
      ...POLICY,
      alertSeverity: 'HIGH_AND_CRITICAL',
    });
    await userEvent.selectOptions(
      c.getByRole('combobox', { name: 'Quarantine when OS is outdated for' }),
      'Three days',
    );
    await expect(args.onPolicyChange).toHaveBeenLastCalledWith({
      ...POLICY,
      outdatedOSPeriod: 'THREE_DAYS',
    });
    await userEvent.selectOptions(
      c.getByRole('combobox', { name: 'Quarantine when no scans reported for' }),
      'Never',
    );
    await expect(args.onPolicyChange).toHaveBeenLastCalledWith({
      ...POLICY,
      deviceIntegrityPeriod: 'NEVER',
    });
    const lock = c.getByRole('combobox', { name: 'Quarantine when no screen lock' });
    await expect(lock).toHaveDisplayValue('Enabled');
    await userEvent.selectOptions(lock, 'Disabled');
    await expect(args.onPolicyChange).toHaveBeenLastCalledWith({
      ...POLICY,
      screenLockEnabled: false,
    });
  },
};

/** Active while the policy loads. */
export const PolicyLoading: Story = {
  args: { config: ACTIVE, policy: undefined },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText('Loading policy')).toBeInTheDocument();
  },
};

/** The draft equals the saved config: Save disabled; one change enables it, undoing disables it again. */
export const SaveDisabledUnchanged: Story = {
  args: { config: AZURE },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const save = c.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const group = c.getByRole('textbox', { name: 'Group ID' });
    await userEvent.type(group, 'x');
    await expect(save).toBeEnabled();
    await userEvent.type(group, '{Backspace}');
    await expect(save).toBeDisabled();
  },
};

/** Saving: 'Saving...', toggle disabled, fields read-only. */
export const Saving: Story = {
  args: { config: EMPTY, draft: AZURE, saving: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const save = c.getByRole('button', { name: 'Saving...' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(c.getByRole('switch', { name: 'Enable conditional access' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(c.getByRole('textbox', { name: 'Tenant' })).toHaveAttribute('readonly');
  },
};

/** The server refused the config: 'Error: {text}' inline. */
export const InlineError: Story = {
  args: {
    config: EMPTY,
    draft: { ...AZURE, provider: 'okta', clientSecret: 'not json' },
    error: 'The application private key is not valid JSON.',
  },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(
      'Error: The application private key is not valid JSON.',
    );
    await expect(c.getByText(/^Error: /)).toBeVisible();
  },
};

/** The policy update failed: 'Error: {text}' in the policy section. */
export const PolicyError: Story = {
  args: { config: ACTIVE, policyError: 'Policy could not be applied to the group.' },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const policy = within(c.getByRole('region', { name: 'Policy' }));
    await expect(policy.getByRole('alert')).toHaveTextContent(
      'Error: Policy could not be applied to the group.',
    );
  },
};

/** Policy saving: 'Saving...' by the heading; the dropdowns stay usable (focus is kept). */
export const PolicySaving: Story = {
  args: { config: ACTIVE, policySaving: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    const policy = within(c.getByRole('region', { name: 'Policy' }));
    await expect(policy.getByRole('status')).toHaveTextContent('Saving...');
    await expect(c.getByRole('region', { name: 'Policy' })).toHaveAttribute('aria-busy', 'true');
    await expect(c.getByRole('combobox', { name: 'Quarantine on alert severity' })).toBeEnabled();
  },
};

/** Remove asks first (blocked users unblocked, settings removed); Cancel does nothing. */
export const RemoveConfirm: Story = {
  args: { config: ACTIVE },
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Remove Conditional Access' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Remove Conditional Access' });
    await expect(dialog).toHaveAccessibleDescription(/unblocked.*settings will be removed/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onRemove).not.toHaveBeenCalled();

    await userEvent.click(c.getByRole('button', { name: 'Remove Conditional Access' }));
    const again = await body().findByRole('alertdialog', { name: 'Remove Conditional Access' });
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** Turning off while active and complete asks first; Cancel keeps it on, confirm calls onToggle(false). */
export const DeactivateConfirm: Story = {
  args: { config: ACTIVE, onToggle: fn(async () => {}) },
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    const toggle = c.getByRole('switch', { name: 'Enable conditional access' });
    await userEvent.click(toggle);
    const dialog = await body().findByRole('alertdialog', {
      name: 'Deactivate Conditional Access',
    });
    await expect(dialog).toHaveAccessibleDescription(/blocked users will be unblocked/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onToggle).not.toHaveBeenCalled();
    await expect(toggle).toBeChecked();

    await userEvent.click(toggle);
    const again = await body().findByRole('alertdialog', {
      name: 'Deactivate Conditional Access',
    });
    await userEvent.click(within(again).getByRole('button', { name: 'Deactivate' }));
    await expect(args.onToggle).toHaveBeenCalledOnce();
    await expect(args.onToggle).toHaveBeenCalledWith(false);
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** Turning off a draft that is not complete needs no confirmation. */
export const DeactivateIncomplete: Story = {
  args: { config: { ...EMPTY, provider: 'azure', active: true } },
  play: async ({ args, canvasElement }) => {
    const c = card(canvasElement);
    await userEvent.click(c.getByRole('switch', { name: 'Enable conditional access' }));
    await expect(body().queryByRole('alertdialog')).toBeNull();
    await expect(args.onToggle).toHaveBeenCalledWith(false);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Loading conditional access settings');
    await expect(c.queryByRole('switch')).toBeNull();
  },
};
