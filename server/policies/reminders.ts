/**
 * Device scan reminders (docs/product/notifications.md, 'Device scan reminder';
 * docs/decisions/053-policies-and-reminders.md), run by the recurring `scan-reminders` job
 * (./jobs.ts). An organization's scan notification preferences drive them:
 *
 * - 'Device Scan Checks Frequency' (3 days, 7 days, 2 weeks; Never: off) is the interval: a member
 *   is reminded when an enrolled device of theirs has not scanned within it (a device that never
 *   scanned counts from when it was last heard from, its enrolment; one never heard from at all
 *   is due). Deactivated members and devices not enrolled are never reminded.
 * - 'Push Notifications Frequency' (daily, every second day, weekly) is how often: at most one
 *   reminder per member per that interval (the newest `scan_reminders` row says when).
 * - 'Notification Delivery Mechanism': Email queues the `scan-reminder` e-mail; Push records a
 *   push notification as not delivered (no push provider is configured) and, as the setting
 *   promises for devices that cannot receive push, sends the e-mail too.
 *
 * Each batch of members is one transaction: their rows and their e-mail jobs commit together.
 */
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  NOTIFICATION_FREQUENCY_MS,
  SCAN_CHECK_PERIOD_LABELS,
  SCAN_REMINDER_REPORT_DAYS,
  SCAN_REMINDER_TOPIC,
  type NotificationFrequency,
  type NotificationType,
} from '@domain/notifications';
import type { Period } from '@domain/periods';
import { PERIOD_MS } from '@domain/quarantine';
import type { Database } from '../db';
import {
  devices,
  members,
  notificationPreferences,
  organizations,
  scanReminders,
} from '../db/schema';
import { mailJob } from '../mail/jobs';
import type { JobQueue } from '../queue/queue';

/** Members handled per transaction. */
export const REMINDER_BATCH = 200;

export interface ReminderRunResult {
  organizations: number;
  emails: number;
  pushes: number;
}

interface OrgReminderSettings {
  orgId: number;
  orgName: string;
  notificationType: NotificationType;
  deviceIntegrityPeriod: Period;
  notificationFrequency: NotificationFrequency;
}

/** The organizations whose reminder is on. */
async function remindingOrgs(db: Database): Promise<OrgReminderSettings[]> {
  return db
    .select({
      orgId: notificationPreferences.orgId,
      orgName: organizations.name,
      notificationType: notificationPreferences.notificationType,
      deviceIntegrityPeriod: notificationPreferences.deviceIntegrityPeriod,
      notificationFrequency: notificationPreferences.notificationFrequency,
    })
    .from(notificationPreferences)
    .innerJoin(organizations, eq(organizations.id, notificationPreferences.orgId))
    .where(
      and(
        eq(notificationPreferences.topic, SCAN_REMINDER_TOPIC),
        ne(notificationPreferences.deviceIntegrityPeriod, 'NEVER'),
      ),
    )
    .orderBy(asc(notificationPreferences.orgId));
}

/** The device rows that make a member due: enrolled, active, no scan since `cutoff`. */
function staleDevice(cutoff: Date) {
  return and(
    eq(devices.enrolled, true),
    isNull(devices.deactivatedAt),
    sql`coalesce(${devices.lastScanAt}, ${devices.lastSeenAt}, '-infinity'::timestamptz) < ${cutoff.toISOString()}::timestamptz`,
  );
}

/** Runs one organization's reminders; answers how many e-mails and pushes it recorded. */
export async function remindOrganization(
  db: Database,
  queue: JobQueue,
  settings: OrgReminderSettings,
  now: Date,
): Promise<{ emails: number; pushes: number }> {
  const period = PERIOD_MS[settings.deviceIntegrityPeriod];
  if (period === null) return { emails: 0, pushes: 0 };
  const cutoff = new Date(now.getTime() - period);
  const lastAllowed = new Date(
    now.getTime() - NOTIFICATION_FREQUENCY_MS[settings.notificationFrequency],
  );
  const { orgId } = settings;
  let after = 0;
  let emails = 0;
  let pushes = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: members.id, name: members.name, email: members.email })
        .from(members)
        .where(
          and(
            eq(members.orgId, orgId),
            isNull(members.deactivatedAt),
            gt(members.id, after),
            sql`EXISTS (SELECT 1 FROM ${devices} WHERE ${devices.memberId} = ${members.id} AND ${devices.orgId} = ${orgId} AND ${staleDevice(cutoff)})`,
            sql`NOT EXISTS (SELECT 1 FROM ${scanReminders} WHERE ${scanReminders.memberId} = ${members.id} AND ${scanReminders.sentAt} > ${lastAllowed.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(asc(members.id))
        .limit(REMINDER_BATCH)
        .for('no key update', { skipLocked: true });
      if (due.length === 0) return null;
      const stale = await tx
        .select({ memberId: devices.memberId, code: devices.code, model: devices.model })
        .from(devices)
        .where(
          and(
            eq(devices.orgId, orgId),
            inArray(
              devices.memberId,
              due.map((m) => m.id),
            ),
            staleDevice(cutoff),
          ),
        )
        .orderBy(asc(devices.id));
      const push = settings.notificationType === 'PUSH';
      const rows: Array<typeof scanReminders.$inferInsert> = [];
      for (const m of due) {
        const labels = stale
          .filter((d) => d.memberId === m.id)
          .map((d) => d.model?.trim() || d.code);
        await queue.enqueue(
          tx,
          mailJob(
            'scan-reminder',
            m.email,
            {
              orgName: settings.orgName,
              name: m.name,
              devices: labels,
              interval: SCAN_CHECK_PERIOD_LABELS[settings.deviceIntegrityPeriod],
            },
            orgId,
          ),
        );
        if (push) {
          rows.push({
            orgId,
            memberId: m.id,
            channel: 'PUSH',
            status: 'not_delivered',
            sentAt: now,
          });
        }
        rows.push({ orgId, memberId: m.id, channel: 'EMAIL', status: 'queued', sentAt: now });
      }
      await tx.insert(scanReminders).values(rows);
      return { last: due[due.length - 1]!.id, count: due.length, push };
    });
    if (!batch) break;
    emails += batch.count;
    if (batch.push) pushes += batch.count;
    after = batch.last;
    if (batch.count < REMINDER_BATCH) break;
  }
  return { emails, pushes };
}

/** One run over every organization whose reminder is on. */
export async function runScanReminders(
  db: Database,
  queue: JobQueue,
  now: Date,
): Promise<ReminderRunResult> {
  const orgs = await remindingOrgs(db);
  const result: ReminderRunResult = { organizations: orgs.length, emails: 0, pushes: 0 };
  for (const settings of orgs) {
    const done = await remindOrganization(db, queue, settings, now);
    result.emails += done.emails;
    result.pushes += done.pushes;
  }
  return result;
}

/**
 * The organization's reminders of the last SCAN_REMINDER_REPORT_DAYS days, for the Device Scan
 * Notifications card (scan_reminders_org_idx).
 */
export async function recentReminderCounts(
  db: Database,
  orgId: number,
  now: Date,
): Promise<{ emails: number; pushNotDelivered: number }> {
  const since = new Date(now.getTime() - SCAN_REMINDER_REPORT_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      channel: scanReminders.channel,
      status: scanReminders.status,
      n: sql<number>`count(*)::int`,
    })
    .from(scanReminders)
    .where(and(eq(scanReminders.orgId, orgId), gt(scanReminders.sentAt, since)))
    .groupBy(scanReminders.channel, scanReminders.status);
  let emails = 0;
  let pushNotDelivered = 0;
  for (const r of rows) {
    if (r.channel === 'EMAIL') emails += Number(r.n);
    else if (r.status === 'not_delivered') pushNotDelivered += Number(r.n);
  }
  return { emails, pushNotDelivered };
}
