/**
 * The device API's data access (docs/product/device-api.md): enrolment claims the member's pending
 * device row (the 'Not Enrolled' row every member gets with their code, docs/decisions/042), a
 * device is found by its credential's hash, and a report is recorded once per report id.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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

/** A report's id to record for its device (see {@link recordReports}). */
export interface ReportKey {
  deviceId: number;
  reportId: string;
}

/** What a report said, kept with its id (the device drawer's scans and OS history). */
export interface ReportSaid {
  scannedAt: Date;
  osVersion: string;
  findings: number;
}

const keyOf = (k: ReportKey) => `${k.deviceId}:${k.reportId}`;

/**
 * Records the reports' ids, one statement for a whole batch; answers the keys (`deviceId:reportId`)
 * recorded now. A key missing from the answer was recorded already: that report was processed (a
 * retried upload) and changes nothing. Two uploads of one id at once: the second waits on the
 * first's key and, once that commits, records nothing.
 */
export async function recordReports(
  tx: Database,
  keys: readonly (ReportKey & { said: ReportSaid })[],
  now: Date,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const inserted = await tx
    .insert(deviceReports)
    // What each report said is kept for the device drawer's scans and OS history (0026).
    .values(
      keys.map((k) => ({ deviceId: k.deviceId, reportId: k.reportId, receivedAt: now, ...k.said })),
    )
    .onConflictDoNothing()
    .returning({ deviceId: deviceReports.deviceId, reportId: deviceReports.reportId });
  return new Set(inserted.map(keyOf));
}

/** The key {@link recordReports} answers for a report. */
export const reportKey = keyOf;

/** The device's row as the dashboard shows it (before a report's change). */
export type DashboardRow = Parameters<typeof toDevice>[0];

/** A device locked for a report, found by its credential. */
export interface LockedDevice {
  device: AuthenticatedDevice;
  row: DashboardRow;
}

/**
 * The devices whose credentials hash to `credentialHashes`, their rows locked for this batch of
 * reports (reports of one device are applied one at a time, so two reports cannot both open the
 * same finding), as the dashboard shows them, in one statement; locked in id order, so two
 * batches never wait for each other in a circle. A hash missing from the answer: no such device
 * (a wrong credential, or one revoked by unenrolment).
 */
export async function lockDevicesByCredential(
  tx: Database,
  credentialHashes: readonly string[],
): Promise<Map<string, LockedDevice>> {
  const found = new Map<string, LockedDevice>();
  if (credentialHashes.length === 0) return found;
  const rows = await tx
    .select({
      ...DASHBOARD_COLUMNS,
      id: devices.id,
      orgId: devices.orgId,
      memberId: devices.memberId,
      credentialHash: devices.credentialHash,
    })
    .from(devices)
    .where(inArray(devices.credentialHash, [...credentialHashes]))
    .orderBy(devices.id)
    .for('no key update');
  for (const { id, orgId, memberId, credentialHash, ...dashboard } of rows) {
    if (credentialHash === null) continue;
    found.set(credentialHash, {
      device: { id, orgId, memberId, code: dashboard.code },
      row: dashboard,
    });
  }
  return found;
}

/**
 * The devices' open alerts, by device. A statement of its own, AFTER the lock: on PostgreSQL a
 * statement that waited for the lock still reads with the snapshot it started with, so alerts a
 * concurrent report of the device opened and committed meanwhile would be missing, and opened
 * twice.
 */
export async function openAlertsOfDevices(
  tx: Database,
  deviceIds: readonly number[],
): Promise<Map<number, OpenAlert[]>> {
  const byDevice = new Map<number, OpenAlert[]>(deviceIds.map((id) => [id, []]));
  if (deviceIds.length === 0) return byDevice;
  const rows = await tx
    .select({
      deviceId: alerts.deviceId,
      id: alerts.id,
      threatId: alerts.threatId,
      severity: alerts.severity,
      findingClearedAt: alerts.findingClearedAt,
    })
    .from(alerts)
    .where(and(inArray(alerts.deviceId, [...deviceIds]), eq(alerts.status, 'Open')))
    .orderBy(alerts.id);
  for (const { deviceId, ...alert } of rows) {
    if (deviceId !== null) byDevice.get(deviceId)?.push(alert);
  }
  return byDevice;
}

/** Records on open alerts that their finding is back (it was recorded as gone). */
export async function recordFindingsBack(tx: Database, alertIds: readonly number[]): Promise<void> {
  if (alertIds.length === 0) return;
  await tx
    .update(alerts)
    .set({ findingClearedAt: null })
    .where(
      and(
        inArray(alerts.id, [...alertIds]),
        eq(alerts.status, 'Open'),
        isNotNull(alerts.findingClearedAt),
      ),
    );
}

/**
 * Records on open alerts that their finding is gone, each at its own report's scan time, in one
 * statement.
 */
export async function recordFindingsGone(
  tx: Database,
  gone: ReadonlyArray<{ alertId: number; at: Date }>,
): Promise<void> {
  if (gone.length === 0) return;
  const values = sql.join(
    gone.map((g) => sql`(${g.alertId}::integer, ${g.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${alerts} SET finding_cleared_at = v.at
    FROM (VALUES ${values}) AS v (id, at)
    WHERE ${alerts.id} = v.id AND ${alerts.status} = 'Open' AND ${alerts.findingClearedAt} IS NULL`);
}

export interface ReportedFacts {
  deviceId: number;
  severity: DeviceSeverity;
  now: Date;
  /** Only from the device's newest report: an older one arriving late changes none of these. */
  newest: { osVersion: string; screenLock: boolean; scannedAt: Date } | null;
}

/**
 * The devices after their reports (one report per device): severity, last seen, and the newest
 * report's facts, in ONE statement, so the device list's triggers (0002, 0023: the organization's
 * devices_version and its device_list_changes rows) run once for the whole batch. The batch's last
 * write before the policy hook: the version bump holds the organization's row until the commit.
 */
export async function updateReportedDevices(
  tx: Database,
  facts: readonly ReportedFacts[],
): Promise<void> {
  if (facts.length === 0) return;
  const values = sql.join(
    facts.map(
      (f) =>
        sql`(${f.deviceId}::integer, ${f.severity}::text, ${f.now.toISOString()}::timestamptz, ${
          f.newest !== null
        }::boolean, ${f.newest?.osVersion ?? null}::text, ${f.newest?.screenLock ?? null}::boolean, ${
          f.newest?.scannedAt.toISOString() ?? null
        }::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${devices} SET
      severity = v.severity,
      last_seen_at = v.seen,
      os_version = CASE WHEN v.newest THEN v.os_version ELSE ${devices.osVersion} END,
      screen_lock = CASE WHEN v.newest THEN v.screen_lock ELSE ${devices.screenLock} END,
      last_scan_at = CASE WHEN v.newest THEN v.scanned_at ELSE ${devices.lastScanAt} END
    FROM (VALUES ${values}) AS v (id, severity, seen, newest, os_version, screen_lock, scanned_at)
    WHERE ${devices.id} = v.id`);
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

/**
 * How long a processed report's id is kept (docs/decisions/056-scan-ingestion-throughput.md,
 * 'Report ids'): an app retries an upload within hours, at most days (a phone offline over a long
 * weekend); a week covers that with room, and keeps the table at a week of reports.
 */
export const REPORT_IDS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Report ids deleted per statement: housekeeping never holds a long transaction. */
export const REPORT_IDS_DELETE_BATCH = 5000;

/**
 * Housekeeping: deletes the report ids received before `now - REPORT_IDS_KEPT_MS`, oldest first, a
 * batch per statement; answers how many. A retry after that is processed as a new report: as a
 * late one (older than the device's newest), it changes no facts and clears nothing, and opens
 * only findings that have no open alert (docs/decisions/056-scan-ingestion-throughput.md).
 */
export async function deleteOldReportIds(
  db: Database,
  now: Date,
  batch = REPORT_IDS_DELETE_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - REPORT_IDS_KEPT_MS);
  let deleted = 0;
  for (;;) {
    const oldest = db
      .select({ deviceId: deviceReports.deviceId, reportId: deviceReports.reportId })
      .from(deviceReports)
      .where(lt(deviceReports.receivedAt, before))
      .orderBy(deviceReports.receivedAt)
      .limit(batch);
    const gone = await db
      .delete(deviceReports)
      .where(sql`(${deviceReports.deviceId}, ${deviceReports.reportId}) IN ${oldest}`)
      .returning({ deviceId: deviceReports.deviceId });
    deleted += gone.length;
    if (gone.length < batch) return deleted;
  }
}

/** How many reports a device has had processed (tests and the bench count them). */
export async function countReports(db: Database, deviceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceReports)
    .where(eq(deviceReports.deviceId, deviceId));
  return row?.n ?? 0;
}
