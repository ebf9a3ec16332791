import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import {
  EmailSettingsCard,
  type EmailPreferencesValue,
  type EmailSettingsCardProps,
} from './email-settings-card';

const ALL: EmailPreferencesValue = {
  enrollmentEmailsFrequency: 'ONCE',
  threatAlerts: true,
  outdatedOsEmailsFrequency: 'WEEKLY',
};

/** Applies each change like the app does after a successful save. */
function Stateful(args: EmailSettingsCardProps) {
  const [preferences, setPreferences] = React.useState(args.preferences);
  return (
    <EmailSettingsCard
      {...args}
      preferences={preferences}
      onChange={(partial) => {
        setPreferences((current) => ({ ...current, ...partial }));
        return args.onChange(partial);
      }}
    />
  );
}

const meta = {
  title: 'Settings/EmailSettingsCard',
  component: EmailSettingsCard,
  tags: ['autodocs'],
  args: { preferences: ALL, onChange: fn(), onCustomiseEmail: fn() },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof EmailSettingsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every control; each change reports just its own preference. */
export const All: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(within(canvasElement).getByRole('region', { name: 'Email settings' }));
    const enrollment = canvas.getByRole('combobox', { name: 'Enrollment emails' });
    await expect(enrollment).toHaveDisplayValue('Once');
    await expect(
      within(enrollment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Once', 'Once a week', 'Every second day', 'Never']);
    await userEvent.selectOptions(enrollment, 'Once a week');
    await expect(args.onChange).toHaveBeenLastCalledWith({ enrollmentEmailsFrequency: 'WEEKLY' });

    await userEvent.click(canvas.getByRole('button', { name: 'Customise email' }));
    await expect(args.onCustomiseEmail).toHaveBeenCalledOnce();

    const threats = canvas.getByRole('combobox', { name: 'Threat alert emails' });
    await expect(threats).toHaveDisplayValue('Enabled');
    await userEvent.selectOptions(threats, 'Disabled');
    await expect(args.onChange).toHaveBeenLastCalledWith({ threatAlerts: false });

    const outdated = canvas.getByRole('combobox', { name: /^Outdated OS emails frequency/ });
    await expect(outdated).toHaveAccessibleName('Outdated OS emails frequency Beta');
    await expect(outdated).toHaveAccessibleDescription('iOS only');
    await expect(
      within(outdated)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily', 'Every second day', 'Weekly', 'Never']);
    await userEvent.selectOptions(outdated, 'Daily');
    await expect(args.onChange).toHaveBeenLastCalledWith({ outdatedOsEmailsFrequency: 'DAILY' });
  },
};

/** The server sent no outdated-OS preference: that control is not shown. */
export const OnlySome: Story = {
  args: { preferences: { enrollmentEmailsFrequency: 'NEVER', threatAlerts: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Enrollment emails' })).toHaveDisplayValue(
      'Never',
    );
    await expect(canvas.getByRole('combobox', { name: 'Threat alert emails' })).toHaveDisplayValue(
      'Disabled',
    );
    await expect(canvas.queryByRole('combobox', { name: /Outdated OS/ })).toBeNull();
    await expect(canvas.queryByText('iOS only')).toBeNull();
  },
};

/** A change is saved: 'Saving...' is announced; the controls keep focus and stay usable. */
export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving...');
    await expect(canvas.getByRole('region', { name: 'Email settings' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const threats = canvas.getByRole('combobox', { name: 'Threat alert emails' });
    threats.focus();
    await expect(threats).toHaveFocus();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading email settings')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

export const Error: Story = {
  args: { preferences: {}, error: 'Failed to get email preferences.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to get email preferences.');
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};
