/**
 * E-mail preferences, custom e-mail templates and device scan notification preferences of an
 * organization. No row: the defaults below. A null e-mail preference column is a preference the
 * organization is not offered (the portal hides its control); an update that names it offers it.
 */
import { and, eq } from 'drizzle-orm';
import type {
  EmailTemplateType,
  NotificationTopic,
  UpdateEmailPreferencesBody,
  UpdateNotificationPreferencesBody,
} from '@contract/notifications';
import type { Database } from '../db';
import { emailPreferences, emailTemplates, notificationPreferences } from '../db/schema';
import type { EnrollmentTemplate } from '../members/invitation';

/** Preferences of an organization that never saved any (Outdated OS e-mails, a beta, not offered). */
export const DEFAULT_EMAIL_PREFERENCES: UpdateEmailPreferencesBody = {
  weeklySummary: true,
  threatAlerts: true,
  enrollmentEmailsFrequency: 'ONCE',
};

/** The scan reminder is off until an administrator turns it on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: UpdateNotificationPreferencesBody = {
  notificationType: 'PUSH',
  deviceIntegrityPeriod: 'NEVER',
  notificationFrequency: 'WEEKLY',
};

const PREFERENCE_KEYS = [
  'weeklySummary',
  'threatAlerts',
  'enrollmentEmailsFrequency',
  'outdatedOsEmailsFrequency',
] as const;

/** The supplied (non-null) preferences of a row. */
function supplied(row: Record<(typeof PREFERENCE_KEYS)[number], unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) if (row[key] !== null) out[key] = row[key];
  return out as UpdateEmailPreferencesBody;
}

export async function findEmailPreferences(
  db: Database,
  orgId: number,
): Promise<UpdateEmailPreferencesBody> {
  const [row] = await db
    .select({
      weeklySummary: emailPreferences.weeklySummary,
      threatAlerts: emailPreferences.threatAlerts,
      enrollmentEmailsFrequency: emailPreferences.enrollmentEmailsFrequency,
      outdatedOsEmailsFrequency: emailPreferences.outdatedOsEmailsFrequency,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.orgId, orgId))
    .limit(1);
  return row ? supplied(row) : { ...DEFAULT_EMAIL_PREFERENCES };
}

/** A partial update: fields left out keep their value. Returns the preferences afterwards. */
export async function updateEmailPreferences(
  db: Database,
  orgId: number,
  update: UpdateEmailPreferencesBody,
  now: Date,
): Promise<UpdateEmailPreferencesBody> {
  const changes: UpdateEmailPreferencesBody = {};
  for (const key of PREFERENCE_KEYS) {
    if (update[key] !== undefined) Object.assign(changes, { [key]: update[key] });
  }
  const insert = db
    .insert(emailPreferences)
    .values({ orgId, ...DEFAULT_EMAIL_PREFERENCES, ...changes, updatedAt: now });
  await (Object.keys(changes).length === 0
    ? insert.onConflictDoNothing({ target: emailPreferences.orgId })
    : insert.onConflictDoUpdate({
        target: emailPreferences.orgId,
        set: { ...changes, updatedAt: now },
      }));
  return findEmailPreferences(db, orgId);
}

export async function findEmailTemplate(
  db: Database,
  orgId: number,
  type: EmailTemplateType,
): Promise<EnrollmentTemplate> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.orgId, orgId), eq(emailTemplates.type, type)))
    .limit(1);
  return row ?? { subject: null, body: null };
}

/** Stores subject and body as sent (null: the default text). */
export async function saveEmailTemplate(
  db: Database,
  orgId: number,
  template: { type: EmailTemplateType; subject: string | null; body: string | null },
  now: Date,
): Promise<void> {
  const values = { subject: template.subject, body: template.body, updatedAt: now };
  await db
    .insert(emailTemplates)
    .values({ orgId, type: template.type, ...values })
    .onConflictDoUpdate({ target: [emailTemplates.orgId, emailTemplates.type], set: values });
}

export async function findNotificationPreferences(
  db: Database,
  orgId: number,
  topic: NotificationTopic,
): Promise<UpdateNotificationPreferencesBody> {
  const [row] = await db
    .select({
      notificationType: notificationPreferences.notificationType,
      deviceIntegrityPeriod: notificationPreferences.deviceIntegrityPeriod,
      notificationFrequency: notificationPreferences.notificationFrequency,
    })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.orgId, orgId), eq(notificationPreferences.topic, topic)))
    .limit(1);
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export async function saveNotificationPreferences(
  db: Database,
  orgId: number,
  topic: NotificationTopic,
  preferences: UpdateNotificationPreferencesBody,
  now: Date,
): Promise<void> {
  const values = {
    notificationType: preferences.notificationType,
    deviceIntegrityPeriod: preferences.deviceIntegrityPeriod,
    notificationFrequency: preferences.notificationFrequency,
    updatedAt: now,
  };
  await db
    .insert(notificationPreferences)
    .values({ orgId, topic, ...values })
    .onConflictDoUpdate({
      target: [notificationPreferences.orgId, notificationPreferences.topic],
      set: values,
    });
}
