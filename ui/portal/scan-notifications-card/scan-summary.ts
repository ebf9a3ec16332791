import { labelled } from '@domain/labels';
import {
  FREQUENCY_LABELS,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  SCAN_CHECK_PERIOD_LABELS,
  type NotificationFrequency,
  type NotificationType,
} from '@domain/notifications';
import { PERIODS, type Period } from '@domain/periods';

export type ScanCheckPeriod = Period;
export type ScanNotificationFrequency = NotificationFrequency;
export type ScanNotificationType = NotificationType;

export interface ScanNotificationPreferences {
  /** Device Scan Checks Frequency; NEVER turns the reminder off. */
  deviceIntegrityPeriod: ScanCheckPeriod;
  /** Push Notifications Frequency. */
  notificationFrequency: ScanNotificationFrequency;
  /** Notification Delivery Mechanism. */
  notificationType: ScanNotificationType;
}

export const SCAN_PERIOD_OPTIONS = labelled(PERIODS, SCAN_CHECK_PERIOD_LABELS);

export const SCAN_FREQUENCY_OPTIONS = labelled(NOTIFICATION_FREQUENCIES, FREQUENCY_LABELS);

export const SCAN_DELIVERY_OPTIONS = labelled(NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS);

export const SCAN_REMINDER_DISABLED = 'Scan reminder is disabled';

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
  const period = SCAN_CHECK_PERIOD_LABELS[prefs.deviceIntegrityPeriod];
  const channel = CHANNEL_TEXT[prefs.notificationType];
  // Mid-sentence: 'weekly', 'every second day'.
  const frequency = FREQUENCY_LABELS[prefs.notificationFrequency].toLowerCase();
  return `Devices that have not scanned for ${period} get ${channel} ${frequency} until they scan.`;
}
