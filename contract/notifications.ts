import * as z from 'zod/mini';
import {
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_SUBJECT_MAX_LENGTH,
  EMAIL_TEMPLATE_TYPES,
  ENROLLMENT_EMAILS_FREQUENCIES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TOPICS,
  NOTIFICATION_TYPES,
  OUTDATED_OS_EMAILS_FREQUENCIES,
} from '@domain/notifications';
import { Period } from './conditional-access';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
/** Enrollment e-mails: Once, Once a week, Every second day, Never. */
export const EnrollmentEmailsFrequency = z.enum(ENROLLMENT_EMAILS_FREQUENCIES);
export type EnrollmentEmailsFrequency = z.infer<typeof EnrollmentEmailsFrequency>;

/** Outdated OS e-mails (beta, iOS only): Daily, Every second day, Weekly, Never. */
export const OutdatedOsEmailsFrequency = z.enum(OUTDATED_OS_EMAILS_FREQUENCIES);
export type OutdatedOsEmailsFrequency = z.infer<typeof OutdatedOsEmailsFrequency>;

/**
 * E-mail preferences. Every preference is optional: a control shows only when the server
 * supplied its value (docs/product/notifications.md, 'Email settings').
 */
const emailPreferencesShape = {
  weeklySummary: z.optional(z.boolean()),
  /** Threat Alert Emails: Enabled / Disabled. */
  threatAlerts: z.optional(z.boolean()),
  enrollmentEmailsFrequency: z.optional(EnrollmentEmailsFrequency),
  outdatedOsEmailsFrequency: z.optional(OutdatedOsEmailsFrequency),
};

export const EmailPreferences = z.looseObject({
  ...messageFields,
  orgId: z.number(),
  ...emailPreferencesShape,
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** A partial update: fields left out keep their value; `orgId` comes from the session. */
export const UpdateEmailPreferencesBody = z.object(emailPreferencesShape);
export type UpdateEmailPreferencesBody = z.infer<typeof UpdateEmailPreferencesBody>;

export const getEmailPreferences = defineEndpoint({
  method: 'GET',
  path: '/orgs/email-preferences',
  response: EmailPreferences,
});

export const updateEmailPreferences = defineEndpoint({
  method: 'PUT',
  path: '/orgs/email-preferences',
  body: UpdateEmailPreferencesBody,
  response: EmailPreferences,
});

/** Template types (the enrolment e-mail). */
export const EmailTemplateType = z.enum(EMAIL_TEMPLATE_TYPES);
export type EmailTemplateType = z.infer<typeof EmailTemplateType>;

export const EmailTemplateQuery = z.object({ type: EmailTemplateType });
export type EmailTemplateQuery = z.infer<typeof EmailTemplateQuery>;

/**
 * The e-mail template (docs/product/notifications.md, 'Enrolment e-mail'): null means the default
 * text.
 */
export const EmailTemplate = z.looseObject({
  ...messageFields,
  subject: z.nullable(z.string()),
  body: z.nullable(z.string()),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const getEmailTemplate = defineEndpoint({
  method: 'GET',
  path: '/orgs/email-template',
  query: EmailTemplateQuery,
  response: EmailTemplate,
});

/**
 * The app trims and sanitises subject and body and sends an empty result as null, so a
 * present text must be non-empty after trimming.
 */
export const SaveEmailTemplateBody = z.object({
  type: EmailTemplateType,
  subject: z.nullable(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(EMAIL_SUBJECT_MAX_LENGTH)),
  ),
  body: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(EMAIL_BODY_MAX_LENGTH))),
});
export type SaveEmailTemplateBody = z.infer<typeof SaveEmailTemplateBody>;

export const saveEmailTemplate = defineEndpoint({
  method: 'PUT',
  path: '/orgs/email-template',
  body: SaveEmailTemplateBody,
  response: MessageBody,
});

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** The scan reminder's topic (docs/product/notifications.md, 'Device scan notifications'). */
export const NotificationTopic = z.enum(NOTIFICATION_TOPICS);
export type NotificationTopic = z.infer<typeof NotificationTopic>;

export const NotificationFrequency = z.enum(NOTIFICATION_FREQUENCIES);
export type NotificationFrequency = z.infer<typeof NotificationFrequency>;

export const NotificationPreferencesQuery = z.object({ topic: NotificationTopic });
export type NotificationPreferencesQuery = z.infer<typeof NotificationPreferencesQuery>;

const notificationPreferencesShape = {
  /** Delivery: push (e-mail for devices with push disabled) or e-mail. */
  notificationType: NotificationType,
  /** Device Scan Checks Frequency; NEVER disables the reminder. */
  deviceIntegrityPeriod: Period,
  /** Push Notifications Frequency. */
  notificationFrequency: NotificationFrequency,
};

/**
 * The reminders sent in the last SCAN_REMINDER_REPORT_DAYS days (our addition,
 * docs/decisions/053-policies-and-reminders.md): e-mails queued, push notifications recorded as not
 * delivered (no push provider is configured).
 */
export const ScanReminderCounts = z.object({
  emails: z.number().check(z.int(), z.minimum(0)),
  pushNotDelivered: z.number().check(z.int(), z.minimum(0)),
});
export type ScanReminderCounts = z.infer<typeof ScanReminderCounts>;

/** Notification preferences (Device Scan Notifications card). */
export const NotificationPreferences = z.looseObject({
  ...messageFields,
  topic: NotificationTopic,
  ...notificationPreferencesShape,
  reminders: z.optional(ScanReminderCounts),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** The topic travels in the query; a `topic` key in the body is stripped. */
export const UpdateNotificationPreferencesBody = z.object(notificationPreferencesShape);
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>;

export const getNotificationPreferences = defineEndpoint({
  method: 'GET',
  path: '/orgs/notifications-preferences',
  query: NotificationPreferencesQuery,
  response: NotificationPreferences,
});

export const updateNotificationPreferences = defineEndpoint({
  method: 'PUT',
  path: '/orgs/notifications-preferences',
  query: NotificationPreferencesQuery,
  body: UpdateNotificationPreferencesBody,
  response: NotificationPreferences,
});
