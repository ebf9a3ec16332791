/**
 * One device of an organization for its drawer (docs/product/dashboard.md, 'Device detail'): the
 * dashboard's row, its member (status and quarantine as the Members page shows them), its facts,
 * OS history, newest scan reports and open alerts. Every query is limited to the organization:
 * another organization's code reads as unknown.
 */
import { and, count, desc, eq, isNotNull, min, sql } from 'drizzle-orm';
import {
  DEVICE_DETAIL_ALERTS,
  DEVICE_DETAIL_OS_VERSIONS,
  DEVICE_DETAIL_SCANS,
  type DeviceDetail,
} from '@contract/devices';
import type { MemberStatus } from '@domain/members';
import { QUARANTINE_REASON_UNKNOWN } from '@domain/quarantine';
import type { Database } from '../db';
import { alerts, auditEvents, deviceReports, devices, members } from '../db/schema';
import { alertColumns, toAlert } from '../alerts/data';
import { DASHBOARD_COLUMNS, toDevice } from './data';
import { osHistory } from './os-history';

export async function findDeviceDetail(
  db: Database,
  orgId: number,
  code: string,
): Promise<DeviceDetail | null> {
  const [row] = await db
    .select({
      ...DASHBOARD_COLUMNS,
      id: devices.id,
      memberId: devices.memberId,
      screenLock: devices.screenLock,
      enrolledAt: devices.enrolledAt,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(and(eq(devices.orgId, orgId), eq(devices.code, code)))
    .limit(1);
  if (!row) return null;
  const { id, memberId, screenLock, enrolledAt, lastSeenAt, ...dashboard } = row;
  const open = and(eq(alerts.orgId, orgId), eq(alerts.deviceId, id), eq(alerts.status, 'Open'));
  const reportedAt = sql<Date>`coalesce(${deviceReports.scannedAt}, ${deviceReports.receivedAt})`;
  // Independent reads, started together (one round trip each; no read waits on another's answer).
  const [member, scans, versions, openAlerts, openCount, enrolment] = await Promise.all([
    memberId === null
      ? Promise.resolve([])
      : db
          .select({
            name: members.name,
            email: members.email,
            deactivatedAt: members.deactivatedAt,
            caBlocked: members.caBlocked,
            caReason: members.caReason,
            caBlockedAt: members.caBlockedAt,
            // As the Members page: enrolled when any of the member's devices is.
            enrolled: sql<boolean>`EXISTS (SELECT 1 FROM ${devices} d WHERE d.member_id = ${members.id} AND d.org_id = ${orgId} AND d.enrolled)`,
          })
          .from(members)
          .where(and(eq(members.orgId, orgId), eq(members.id, memberId)))
          .limit(1),
    db
      .select({
        receivedAt: deviceReports.receivedAt,
        scannedAt: deviceReports.scannedAt,
        osVersion: deviceReports.osVersion,
        findings: deviceReports.findings,
      })
      .from(deviceReports)
      .where(eq(deviceReports.deviceId, id))
      .orderBy(desc(deviceReports.receivedAt))
      .limit(DEVICE_DETAIL_SCANS),
    db
      .select({ version: deviceReports.osVersion, firstSeenAt: min(reportedAt) })
      .from(deviceReports)
      .where(and(eq(deviceReports.deviceId, id), isNotNull(deviceReports.osVersion)))
      .groupBy(deviceReports.osVersion),
    db
      .select(alertColumns)
      .from(alerts)
      .where(open)
      .orderBy(desc(alerts.scanTime), alerts.id)
      .limit(DEVICE_DETAIL_ALERTS),
    db.select({ n: count() }).from(alerts).where(open),
    // The OS and app versions the device enrolled with: its enrolment's audit event keeps what the
    // app sent (the device row keeps only the newest OS version).
    db
      .select({
        version: sql<string | null>`${auditEvents.changes} ->> 'osVersion'`,
        appVersion: sql<string | null>`${auditEvents.changes} ->> 'appVersion'`,
        at: auditEvents.occurredAt,
      })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.orgId, orgId),
          eq(auditEvents.action, 'device.enrolled'),
          eq(auditEvents.outcome, 'success'),
          eq(auditEvents.targetType, 'device'),
          eq(auditEvents.targetId, code),
        ),
      )
      .orderBy(desc(auditEvents.seq))
      .limit(1),
  ]);
  const enrolledWith = enrolment.flatMap((e) =>
    e.version ? [{ version: e.version, firstSeenAt: e.at }] : [],
  );

  const detail: DeviceDetail = {
    device: toDevice(dashboard),
    member: null,
    osHistory: osHistory(
      [
        ...enrolledWith,
        ...versions.flatMap((v) =>
          v.version !== null && v.firstSeenAt !== null
            ? [{ version: v.version, firstSeenAt: new Date(v.firstSeenAt) }]
            : [],
        ),
      ],
      { version: dashboard.osVersion, since: enrolledAt },
      DEVICE_DETAIL_OS_VERSIONS,
    ),
    scans: scans.map((s) => ({
      scannedAt: (s.scannedAt ?? s.receivedAt).toISOString(),
      ...(s.osVersion !== null ? { osVersion: s.osVersion } : {}),
      ...(s.findings !== null ? { findings: s.findings } : {}),
    })),
    openAlerts: openAlerts.map(toAlert),
    openAlertCount: openCount[0]?.n ?? 0,
  };
  const appVersion = enrolment[0]?.appVersion;
  if (appVersion) detail.appVersion = appVersion;
  if (screenLock !== null) detail.screenLock = screenLock;
  if (enrolledAt !== null) detail.enrolledAt = enrolledAt.toISOString();
  if (lastSeenAt !== null) detail.lastSeenAt = lastSeenAt.toISOString();
  const m = member[0];
  if (m) {
    const status: MemberStatus =
      m.deactivatedAt !== null ? 'deactivated' : m.enrolled ? 'enrolled' : 'invited';
    detail.member = { name: m.name, email: m.email, status };
    if (m.caBlocked) {
      detail.member.quarantine = m.caReason ?? QUARANTINE_REASON_UNKNOWN;
      detail.device.quarantine = detail.member.quarantine;
      if (m.caBlockedAt !== null) detail.member.quarantinedAt = m.caBlockedAt.toISOString();
    }
  }
  return detail;
}
