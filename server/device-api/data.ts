/**
 * The device API's data access (docs/product/device-api.md): enrolment claims the member's pending
 * device row (the 'Not Enrolled' row every member gets with their code, docs/decisions/042), a
 * device is found by its credential's hash, and a report is recorded once per report id.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Device } from '@contract/devices';
import type { DevicePlatform, DeviceSeverity } from '@domain/devices';
import type { Database } from '../db';
import { alerts, deviceReports, devices, members } from '../db/schema';
import { DASHBOARD_COLUMNS, toDevice } from '../devices/data';
import type { OpenAlert } from './report';

/** What an enrolment code names. */
export type CodeLookup =
  | { kind: 'unknown' }
  | { kind: 'deactivated'; orgId: number; memberId: number }
  | { kind: 'used'; orgId: number; memberId: number }
  | { kind: 'pending'; orgId: number; memberId: number; deviceId: number };

/**
 * The member whose enrolment code this is, and their pending device row under it. A member whose
 * row is enrolled already, or was unenrolled (the row is gone), has used their code.
 */
export async function lookUpCode(db: Database, code: string): Promise<CodeLookup> {
  const [member] = await db
    .select({ id: members.id, orgId: members.orgId, deactivatedAt: members.deactivatedAt })
    .from(members)
    .where(eq(members.enrollmentCode, code))
    .limit(1);
  if (!member) return { kind: 'unknown' };
  const base = { orgId: member.orgId, memberId: member.id };
  if (member.deactivatedAt !== null) return { kind: 'deactivated', ...base };
  const [pending] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.code, code),
        eq(devices.orgId, member.orgId),
        eq(devices.memberId, member.id),
        eq(devices.enrolled, false),
        isNull(devices.credentialHash),
      ),
    )
    .limit(1);
  return pending ? { kind: 'pending', ...base, deviceId: pending.id } : { kind: 'used', ...base };
}

export interface EnrolledFacts {
  model: string;
  platform: DevicePlatform;
  osVersion: string;
}

/**
 * Enrols the pending row: its facts, the credential's hash, last seen now. Conditional on the row
 * still being pending, so of two enrolments racing for one code exactly one gets the row (the
 * other: null, the code is used).
 */
export async function claimPendingDevice(
  tx: Database,
  deviceId: number,
  facts: EnrolledFacts,
  credentialHash: string,
  now: Date,
): Promise<Device | null> {
  const [row] = await tx
    .update(devices)
    .set({
      enrolled: true,
      model: facts.model,
      platform: facts.platform,
      osVersion: facts.osVersion,
      credentialHash,
      enrolledAt: now,
      lastSeenAt: now,
    })
    .where(
      and(eq(devices.id, deviceId), eq(devices.enrolled, false), isNull(devices.credentialHash)),
    )
    .returning(DASHBOARD_COLUMNS);
  return row ? toDevice(row) : null;
}

/** A device as its credential authenticates it. */
export interface AuthenticatedDevice {
  id: number;
  orgId: number;
  memberId: number | null;
  code: string;
}

export async function findDeviceByCredential(
  db: Database,
  credentialHash: string,
): Promise<AuthenticatedDevice | null> {
  const [row] = await db
    .select({
      id: devices.id,
      orgId: devices.orgId,
      memberId: devices.memberId,
      code: devices.code,
    })
    .from(devices)
    .where(eq(devices.credentialHash, credentialHash))
    .limit(1);
  return row ?? null;
}

/**
 * Records the report id for the device; false when it was recorded already (the report was
 * processed: a retried upload). Two uploads of one id at once: the second waits on the first's
 * key and, once that commits, records nothing.
 */
export async function recordReport(
  tx: Database,
  deviceId: number,
  reportId: string,
  now: Date,
  said: { scannedAt: Date; osVersion: string; findings: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(deviceReports)
    // What the report said is kept for the device drawer's scans and OS history (0027).
    .values({ deviceId, reportId, receivedAt: now, ...said })
    .onConflictDoNothing()
    .returning({ deviceId: deviceReports.deviceId });
  return inserted.length > 0;
}

/** The device's row as the dashboard shows it (before a report's change). */
export type DashboardRow = Parameters<typeof toDevice>[0];

/** A device locked for a report, found by its credential. */
export interface LockedDevice {
  device: AuthenticatedDevice;
  row: DashboardRow;
}

/**
 * The device whose credential hashes to `credentialHash`, its row locked for this report (reports
 * of one device are applied one at a time, so two reports cannot both open the same finding), as
 * the dashboard shows it, in one statement. Null: no such device (a wrong credential, or one
 * revoked by unenrolment).
 */
export async function lockDeviceByCredential(
  tx: Database,
  credentialHash: string,
): Promise<LockedDevice | null> {
  const [row] = await tx
    .select({
      ...DASHBOARD_COLUMNS,
      id: devices.id,
      orgId: devices.orgId,
      memberId: devices.memberId,
    })
    .from(devices)
    .where(eq(devices.credentialHash, credentialHash))
    .for('update');
  if (!row) return null;
  const { id, orgId, memberId, ...dashboard } = row;
  return { device: { id, orgId, memberId, code: dashboard.code }, row: dashboard };
}

/**
 * The device's open alerts. A statement of its own, AFTER the lock: on PostgreSQL a statement
 * that waited for the lock still reads with the snapshot it started with, so alerts a concurrent
 * report of the device opened and committed meanwhile would be missing, and opened twice.
 */
export async function openAlertsOf(tx: Database, deviceId: number): Promise<OpenAlert[]> {
  return tx
    .select({
      id: alerts.id,
      threatId: alerts.threatId,
      severity: alerts.severity,
      findingClearedAt: alerts.findingClearedAt,
    })
    .from(alerts)
    .where(and(eq(alerts.deviceId, deviceId), eq(alerts.status, 'Open')));
}

/** Records on open alerts that their finding is gone (`at`) or back (null). */
export async function recordFindingState(
  tx: Database,
  alertIds: readonly number[],
  at: Date | null,
): Promise<void> {
  if (alertIds.length === 0) return;
  await tx
    .update(alerts)
    .set({ findingClearedAt: at })
    .where(
      and(
        inArray(alerts.id, [...alertIds]),
        eq(alerts.status, 'Open'),
        at === null ? isNotNull(alerts.findingClearedAt) : isNull(alerts.findingClearedAt),
      ),
    );
}

export interface ReportedFacts {
  severity: DeviceSeverity;
  now: Date;
  /** Only from the device's newest report: an older one arriving late changes none of these. */
  newest: { osVersion: string; screenLock: boolean; scannedAt: Date } | null;
}

/**
 * The device after a report: its severity, last seen, and the newest report's facts. The report's
 * last statement before its other writes commit: a device change also bumps the organization's
 * device list version (0002_devices.sql), which holds that organization's row until the commit.
 */
export async function updateReportedDevice(
  tx: Database,
  deviceId: number,
  facts: ReportedFacts,
): Promise<void> {
  await tx
    .update(devices)
    .set({
      severity: facts.severity,
      lastSeenAt: facts.now,
      ...(facts.newest
        ? {
            osVersion: facts.newest.osVersion,
            screenLock: facts.newest.screenLock,
            lastScanAt: facts.newest.scannedAt,
          }
        : {}),
    })
    .where(eq(devices.id, deviceId));
}

/** A heartbeat: the device was heard from now. False when it is gone. */
export async function touchDevice(db: Database, deviceId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ lastSeenAt: now })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/**
 * The app unenrols its device: the row goes, as when an administrator unenrols it
 * (server/devices/data.ts), with its credential and its processed report ids. The member stays.
 */
export async function removeDevice(tx: Database, deviceId: number): Promise<Device | null> {
  const [row] = await tx
    .delete(devices)
    .where(eq(devices.id, deviceId))
    .returning(DASHBOARD_COLUMNS);
  return row ? toDevice(row) : null;
}

/** How many reports a device has had processed (tests and the bench count them). */
export async function countReports(db: Database, deviceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceReports)
    .where(eq(deviceReports.deviceId, deviceId));
  return row?.n ?? 0;
}
