export type ScanCheckPeriod = 'THREE_DAYS' | 'SEVEN_DAYS' | 'TWO_WEEKS' | 'NEVER';
export type ScanNotificationFrequency = 'DAILY' | 'EVERY_SECOND_DAY' | 'WEEKLY';
export type ScanNotificationType = 'PUSH' | 'EMAIL';

export interface ScanNotificationPreferences {
  /** Device Scan Checks Frequency; NEVER turns the reminder off. */
  deviceIntegrityPeriod: ScanCheckPeriod;
  /** Push Notifications Frequency. */
  notificationFrequency: ScanNotificationFrequency;
  /** Notification Delivery Mechanism. */
  notificationType: ScanNotificationType;
}

export const SCAN_PERIOD_OPTIONS: { value: ScanCheckPeriod; label: string }[] = [
  { value: 'THREE_DAYS', label: '3 days' },
  { value: 'SEVEN_DAYS', label: '7 days' },
  { value: 'TWO_WEEKS', label: '2 weeks' },
  { value: 'NEVER', label: 'Never' },
];

export const SCAN_FREQUENCY_OPTIONS: { value: ScanNotificationFrequency; label: string }[] = [
  { value: 'DAILY', label: 'Daily' },
  { value: 'EVERY_SECOND_DAY', label: 'Every second day' },
  { value: 'WEEKLY', label: 'Weekly' },
];

export const SCAN_DELIVERY_OPTIONS: { value: ScanNotificationType; label: string }[] = [
  { value: 'PUSH', label: 'Push' },
  { value: 'EMAIL', label: 'Email' },
];

export const SCAN_REMINDER_DISABLED = 'Scan reminder is disabled';

const PERIOD_TEXT: Record<Exclude<ScanCheckPeriod, 'NEVER'>, string> = {
  THREE_DAYS: '3 days',
  SEVEN_DAYS: '7 days',
  TWO_WEEKS: '2 weeks',
};

const FREQUENCY_TEXT: Record<ScanNotificationFrequency, string> = {
  DAILY: 'daily',
  EVERY_SECOND_DAY: 'every second day',
  WEEKLY: 'weekly',
};

const CHANNEL_TEXT: Record<ScanNotificationType, string> = {
  PUSH: 'a push notification',
  EMAIL: 'an email',
};

/**
 * The card's summary sentence, e.g. 'Devices that have not scanned for 7 days get a push
 * notification weekly until they scan.', or 'Scan reminder is disabled' for NEVER.
 */
export function scanReminderSummary(prefs: ScanNotificationPreferences): string {
  if (prefs.deviceIntegrityPeriod === 'NEVER') return SCAN_REMINDER_DISABLED;
  const period = PERIOD_TEXT[prefs.deviceIntegrityPeriod];
  const channel = CHANNEL_TEXT[prefs.notificationType];
  const frequency = FREQUENCY_TEXT[prefs.notificationFrequency];
  return `Devices that have not scanned for ${period} get ${channel} ${frequency} until they scan.`;
}
