/**
 * Notification settings (docs/product/notifications.md): the e-mail preferences, the custom
 * enrolment e-mail and the device scan reminder, with the texts the settings cards show for each
 * value. Lists are in the order the spec (and the dropdowns) name them.
 */
import { NAME_MAX_LENGTH } from './limits';
import type { Period } from './periods';

/** Enrollment Emails frequency: Once, Once a week, Every second day, Never. */
export const ENROLLMENT_EMAILS_FREQUENCIES = [
  'ONCE',
  'WEEKLY',
  'EVERY_SECOND_DAY',
  'NEVER',
] as const;
export type EnrollmentEmailsFrequency = (typeof ENROLLMENT_EMAILS_FREQUENCIES)[number];
export const ENROLLMENT_EMAILS_FREQUENCY_LABELS: Readonly<
  Record<EnrollmentEmailsFrequency, string>
> = {
  ONCE: 'Once',
  WEEKLY: 'Once a week',
  EVERY_SECOND_DAY: 'Every second day',
  NEVER: 'Never',
};

/** Outdated OS Emails Frequency (beta, iOS only): Daily, Every second day, Weekly, Never. */
export const OUTDATED_OS_EMAILS_FREQUENCIES = [
  'DAILY',
  'EVERY_SECOND_DAY',
  'WEEKLY',
  'NEVER',
] as const;
export type OutdatedOsEmailsFrequency = (typeof OUTDATED_OS_EMAILS_FREQUENCIES)[number];

/** Push Notifications Frequency of the scan reminder: Daily, Every second day, Weekly. */
export const NOTIFICATION_FREQUENCIES = ['DAILY', 'EVERY_SECOND_DAY', 'WEEKLY'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

/** The texts of the two frequency lists above (they word every value alike). */
export const FREQUENCY_LABELS: Readonly<
  Record<OutdatedOsEmailsFrequency | NotificationFrequency, string>
> = {
  DAILY: 'Daily',
  EVERY_SECOND_DAY: 'Every second day',
  WEEKLY: 'Weekly',
  NEVER: 'Never',
};

/** Notification Delivery Mechanism: push (e-mail for devices with push disabled) or e-mail. */
export const NOTIFICATION_TYPES = ['PUSH', 'EMAIL'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  PUSH: 'Push',
  EMAIL: 'Email',
};

/** Device Scan Checks Frequency: the periods as the scan reminder words them. */
export const SCAN_CHECK_PERIOD_LABELS: Readonly<Record<Period, string>> = {
  THREE_DAYS: '3 days',
  SEVEN_DAYS: '7 days',
  TWO_WEEKS: '2 weeks',
  NEVER: 'Never',
};

/** Notification topics (the scan reminder, OpenAppToScan, is the only one). */
export const NOTIFICATION_TOPICS = ['OpenAppToScan'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const SCAN_REMINDER_TOPIC: NotificationTopic = 'OpenAppToScan';

/** Custom e-mail template types (the enrolment e-mail, OrgEnrollment). */
export const EMAIL_TEMPLATE_TYPES = ['OrgEnrollment'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];
/** The enrolment e-mail, the template 'Customise email' edits. */
export const ENROLLMENT_TEMPLATE_TYPE: EmailTemplateType = 'OrgEnrollment';

/** Largest custom e-mail body (docs/product/notifications.md, 'Enrolment e-mail'). */
export const EMAIL_BODY_MAX_LENGTH = 3000;
/** Our limit for the custom e-mail subject: as long as a name may be. */
export const EMAIL_SUBJECT_MAX_LENGTH = NAME_MAX_LENGTH;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often a member may get the scan reminder (Push Notifications Frequency). */
export const NOTIFICATION_FREQUENCY_MS: Readonly<Record<NotificationFrequency, number>> = {
  DAILY: DAY_MS,
  EVERY_SECOND_DAY: 2 * DAY_MS,
  WEEKLY: 7 * DAY_MS,
};

/**
 * What became of one scan reminder (docs/decisions/053-policies-and-reminders.md): an e-mail
 * queued, or a push notification recorded but not delivered while no push provider is configured.
 */
export const SCAN_REMINDER_STATUSES = ['queued', 'not_delivered'] as const;
export type ScanReminderStatus = (typeof SCAN_REMINDER_STATUSES)[number];
export const SCAN_REMINDER_STATUS_LABELS: Readonly<Record<ScanReminderStatus, string>> = {
  queued: 'Queued',
  not_delivered: 'Not delivered: no push provider configured',
};

/** The window of the scan reminders' delivery line (the Device Scan Notifications card). */
export const SCAN_REMINDER_REPORT_DAYS = 30;

/**
 * The card's line about the reminders sent lately, e.g. 'Last 30 days: 12 reminder e-mails
 * queued; 12 push notifications not delivered: no push provider configured.'; null when none was
 * sent.
 */
export function scanReminderDeliveryText(counts: {
  emails: number;
  pushNotDelivered: number;
}): string | null {
  if (counts.emails === 0 && counts.pushNotDelivered === 0) return null;
  const parts = [`${counts.emails} reminder e-mail${counts.emails === 1 ? '' : 's'} queued`];
  if (counts.pushNotDelivered > 0) {
    parts.push(
      `${counts.pushNotDelivered} push notification${counts.pushNotDelivered === 1 ? '' : 's'} ${SCAN_REMINDER_STATUS_LABELS.not_delivered.toLowerCase()}`,
    );
  }
  return `Last ${SCAN_REMINDER_REPORT_DAYS} days: ${parts.join('; ')}.`;
}
