import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import {
  PUSH_FALLBACK_NOTE,
  ScanNotificationsCard,
  type ScanNotificationPreferences,
  type ScanNotificationsCardProps,
} from './scan-notifications-card';

const PUSH: ScanNotificationPreferences = {
  deviceIntegrityPeriod: 'SEVEN_DAYS',
  notificationFrequency: 'WEEKLY',
  notificationType: 'PUSH',
};

/** Applies each change like the app does after a successful save. */
function Stateful(args: ScanNotificationsCardProps) {
  const [preferences, setPreferences] = React.useState(args.preferences);
  return (
    <ScanNotificationsCard
      {...args}
      preferences={preferences}
      onChange={(next) => {
        setPreferences(next);
        return args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Settings/ScanNotificationsCard',
  component: ScanNotificationsCard,
  tags: ['autodocs'],
  args: { preferences: PUSH, onChange: fn() },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof ScanNotificationsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (root: HTMLElement) =>
  within(within(root).getByRole('region', { name: 'Device scan notifications Beta' }));
const summary = (root: HTMLElement) =>
  root.querySelector<HTMLElement>('[data-slot="scan-summary"]')!;

/** Push: the fallback note and the summary; each change reports all three preferences. */
export const Push: Story = {
  play: async ({ args, canvasElement }) => {
    const c = region(canvasElement);
    await expect(
      within(c.getByRole('combobox', { name: 'Device scan checks frequency' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['3 days', '7 days', '2 weeks', 'Never']);
    const delivery = c.getByRole('combobox', { name: 'Notification delivery mechanism' });
    await expect(delivery).toHaveDisplayValue('Push');
    await expect(delivery).toHaveAccessibleDescription(PUSH_FALLBACK_NOTE);
    await expect(summary(canvasElement)).toHaveTextContent(
      'Devices that have not scanned for 7 days get a push notification weekly until they scan.',
    );
    await expect(summary(canvasElement)).toHaveAttribute('aria-live', 'polite');

    const frequency = c.getByRole('combobox', { name: 'Push notifications frequency' });
    await expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily', 'Every second day', 'Weekly']);
    await userEvent.selectOptions(frequency, 'Daily');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...PUSH,
      notificationFrequency: 'DAILY',
    });
    await expect(summary(canvasElement)).toHaveTextContent(
      'Devices that have not scanned for 7 days get a push notification daily until they scan.',
    );
    await userEvent.selectOptions(delivery, 'Email');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...PUSH,
      notificationFrequency: 'DAILY',
      notificationType: 'EMAIL',
    });
    await expect(c.queryByText(PUSH_FALLBACK_NOTE)).toBeNull();
  },
};

/** Email delivery: no push note. */
export const Email: Story = {
  args: {
    preferences: {
      deviceIntegrityPeriod: 'THREE_DAYS',
      notificationFrequency: 'EVERY_SECOND_DAY',
      notificationType: 'EMAIL',
    },
  },
  play: async ({ canvasElement }) => {
    const c = region(canvasElement);
    await expect(
      c.getByRole('combobox', { name: 'Notification delivery mechanism' }),
    ).toHaveDisplayValue('Email');
    await expect(c.queryByText(PUSH_FALLBACK_NOTE)).toBeNull();
    await expect(summary(canvasElement)).toHaveTextContent(
      'Devices that have not scanned for 3 days get an email every second day until they scan.',
    );
  },
};

/** Never: only the first dropdown and 'Scan reminder is disabled'; choosing a period brings the rest back. */
export const Disabled: Story = {
  args: { preferences: { ...PUSH, deviceIntegrityPeriod: 'NEVER' } },
  play: async ({ args, canvasElement }) => {
    const c = region(canvasElement);
    await expect(summary(canvasElement)).toHaveTextContent(/^Scan reminder is disabled$/);
    await expect(c.queryByRole('combobox', { name: 'Push notifications frequency' })).toBeNull();
    await expect(c.queryByRole('combobox', { name: 'Notification delivery mechanism' })).toBeNull();
    await userEvent.selectOptions(
      c.getByRole('combobox', { name: 'Device scan checks frequency' }),
      '2 weeks',
    );
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...PUSH,
      deviceIntegrityPeriod: 'TWO_WEEKS',
    });
    await expect(c.getByRole('combobox', { name: 'Push notifications frequency' })).toBeVisible();
    await expect(summary(canvasElement)).toHaveTextContent(
      'Devices that have not scanned for 2 weeks get a push notification weekly until they scan.',
    );
  },
};

/** Saving: 'Saving...' announced; the dropdowns keep focus. */
/**
 * Reminders went out lately: the e-mails, and the push notifications that could not be delivered
 * (no push provider is configured).
 */
export const RemindersSent: Story = {
  args: { reminders: { emails: 12, pushNotDelivered: 12 } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Last 30 days: 12 reminder e-mails queued; 12 push notifications not delivered: no push provider configured.',
      ),
    ).toBeVisible();
  },
};

/** The reminder is off: past reminders are not summed up. */
export const RemindersSentThenDisabled: Story = {
  args: {
    preferences: { ...PUSH, deviceIntegrityPeriod: 'NEVER' },
    reminders: { emails: 1, pushNotDelivered: 0 },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/Last 30 days/)).toBeNull();
  },
};

export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const c = region(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Saving...');
    await expect(
      within(canvasElement).getByRole('region', { name: 'Device scan notifications Beta' }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(c.getByRole('combobox', { name: 'Device scan checks frequency' })).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { loading: true, preferences: undefined },
  play: async ({ canvasElement }) => {
    const c = region(canvasElement);
    await expect(c.getByText('Loading device scan notifications')).toBeInTheDocument();
    await expect(c.queryByRole('combobox')).toBeNull();
  },
};

export const Error: Story = {
  args: { preferences: undefined, error: 'Failed to get notification preferences.' },
  play: async ({ canvasElement }) => {
    const c = region(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('Failed to get notification preferences.');
    await expect(c.queryByRole('combobox')).toBeNull();
  },
};
