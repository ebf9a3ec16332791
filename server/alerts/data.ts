/**
 * Alerts of an organization: the console's list (newest scan first, then id) and the bulk status
 * change. Every query is limited to one organization.
 *
 * Pages use LIMIT/OFFSET over the list indexes of 0005_alerts.sql (`(org_id, status, scan_time
 * DESC, id)` with a status filter, `(org_id, scan_time DESC, id)` without): the ORDER BY below is
 * exactly their order, so a page is an index scan that skips `offset` entries. That is cheap at
 * the scale alerts have (an organization's open detections, thousands at most); should they reach
 * the device list's scale, the page anchors of ./page-anchors.ts apply here as well.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Alert, AlertPage, AlertStatus, ParsedListAlertsQuery } from '@contract/alerts';
import { ALERT_STATUS_OF_FILTER, type AlertStatusFilter } from '@domain/alerts';
import type { Database } from '../db';
import { alerts, type NewAlertRow } from '../db/schema';

function filtersOf(orgId: number, status: AlertStatusFilter | undefined): SQL {
  const conditions: SQL[] = [eq(alerts.orgId, orgId)];
  if (status) conditions.push(eq(alerts.status, ALERT_STATUS_OF_FILTER[status]));
  return and(...conditions) as SQL;
}

/** One page of the organization's alerts; a page beyond the end is empty, with the page count. */
export async function listAlertPage(
  db: Database,
  orgId: number,
  query: ParsedListAlertsQuery,
): Promise<AlertPage> {
  const where = filtersOf(orgId, query.status);
  const [counted] = await db.select({ n: count() }).from(alerts).where(where);
  const totalPages = Math.ceil((counted?.n ?? 0) / query.pageSize);
  if (query.page > totalPages) return { alerts: [], totalPages };

  const rows = await db
    .select(alertColumns)
    .from(alerts)
    .where(where)
    .orderBy(desc(alerts.scanTime), asc(alerts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { alerts: rows.map(toAlert), totalPages };
}

export function toAlert(row: {
  scanId: string;
  alertName: string;
  alertDescription: string;
  severity: string;
  status: AlertStatus;
  memberName: string | null;
  deviceLabel: string;
  scanTime: Date;
}): Alert {
  return {
    alertName: row.alertName,
    alertDescription: row.alertDescription,
    severity: row.severity,
    alertStatus: row.status,
    memberName: row.memberName,
    device: row.deviceLabel,
    scanTime: row.scanTime.toISOString(),
    scanId: row.scanId,
  };
}

/** What a status change changed: the alerts as the console shows them, and their devices. */
export interface ChangedAlerts {
  alerts: Alert[];
  /** The devices of the changed alerts (once each; alerts without a device add none). */
  deviceIds: number[];
}

/**
 * Sets the status of the organization's alerts with these scan ids, in one UPDATE limited to the
 * organization: ids of other organizations and unknown ids are ignored. Alerts that already have
 * the status are left as they are (no write). Returns the alerts that changed and their devices
 * (whose severity follows their open alerts: ./device-severity.ts).
 */
export async function setAlertStatus(
  db: Database,
  orgId: number,
  scanIds: readonly string[],
  status: AlertStatus,
): Promise<ChangedAlerts> {
  const changed = await db
    .update(alerts)
    .set({ status })
    .where(
      and(
        eq(alerts.orgId, orgId),
        inArray(alerts.scanId, [...new Set(scanIds)]),
        // Idempotent without rewriting rows that already have the status.
        ne(alerts.status, status),
      ),
    )
    // The changed alerts as the console shows them now (their `alert.updated` events).
    .returning({ ...alertColumns, deviceId: alerts.deviceId });
  const deviceIds = new Set<number>();
  for (const row of changed) if (row.deviceId !== null) deviceIds.add(row.deviceId);
  return { alerts: changed.map(toAlert), deviceIds: [...deviceIds] };
}

/** The columns the console shows, as `RETURNING` reads them (see {@link toAlert}). */
/** An alert row's columns the console shows (for {@link toAlert}). */
export const alertColumns = {
  scanId: alerts.scanId,
  alertName: alerts.alertName,
  alertDescription: alerts.alertDescription,
  severity: alerts.severity,
  status: alerts.status,
  memberName: alerts.memberName,
  deviceLabel: alerts.deviceLabel,
  scanTime: alerts.scanTime,
};

/**
 * Inserts alerts; a `scanId` already stored is skipped (a scan reported twice opens its alerts
 * once). The trigger of 0005_alerts.sql copies the device's label and member name onto each row
 * with a `deviceId`. Returns the inserted alerts as the console shows them. No webhook events:
 * new detections go through `openAlerts` (./open-alert.ts), which adds them; the demo seed calls
 * this directly.
 */
export async function insertAlerts(db: Database, rows: readonly NewAlertRow[]): Promise<Alert[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(alerts)
    .values([...rows])
    .onConflictDoNothing({ target: alerts.scanId })
    .returning(alertColumns);
  return inserted.map(toAlert);
}

/** Planner statistics for the alert indexes (PGlite runs no autovacuum; see housekeeping.ts). */
export async function analyzeAlerts(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE alerts`);
}

/** Where a keyset read of the console's order stands: the last row's scan time (as text) and id. */
export interface AlertKey {
  /** The scan time as the database prints it: it round-trips exactly (a Date drops microseconds). */
  scanTime: string;
  id: number;
}

/**
 * Up to `limit` alerts of `where` after `after` (null: from the newest) in the console's order,
 * newest scan first, then id: one range of the list's own index. Each row comes with its key, for
 * the next read (the exports' batches, the public API's cursors).
 */
export async function alertsAfter(
  db: Database,
  where: SQL,
  after: AlertKey | null,
  limit: number,
): Promise<Array<{ alert: Alert; key: AlertKey }>> {
  const rows = await db
    .select({ ...alertColumns, id: alerts.id, timeText: sql<string>`(${alerts.scanTime})::text` })
    .from(alerts)
    .where(
      after
        ? and(
            where,
            sql`(${alerts.scanTime} < ${after.scanTime}::timestamptz OR (${alerts.scanTime} = ${after.scanTime}::timestamptz AND ${alerts.id} > ${after.id}))`,
          )
        : where,
    )
    .orderBy(desc(alerts.scanTime), asc(alerts.id))
    .limit(limit);
  return rows.map((row) => ({ alert: toAlert(row), key: { scanTime: row.timeText, id: row.id } }));
}

/**
 * Every alert of a status filter, newest scan first (the console's Export CSV): keyset batches
 * over the list's own index order (scan time descending, then id), one index range each.
 */
export async function* eachAlert(
  db: Database,
  orgId: number,
  status: AlertStatusFilter | undefined,
  batchSize = 1000,
): AsyncGenerator<Alert> {
  const where = filtersOf(orgId, status);
  let after: AlertKey | null = null;
  for (;;) {
    const rows = await alertsAfter(db, where, after, batchSize);
    for (const { alert } of rows) yield alert;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = last.key;
  }
}
