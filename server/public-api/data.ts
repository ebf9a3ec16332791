/**
 * What the public API reads and writes (docs/decisions/054-public-api.md), scoped to the key's
 * organization in every statement. Lists page by keyset over the same indexes as the portal's
 * lists: devices over the dashboard's sort-key indexes (0002_devices.sql; the order expressions
 * come from ../devices/data.ts), alerts over (org_id, scan_time DESC, id), audit events by number.
 * Members page by position, as the Members page does (../members/directory.ts).
 */
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Alert } from '@contract/alerts';
import type { Device } from '@contract/devices';
import type { DirectoryMember } from '@contract/member-directory';
import type {
  ApiAlertList,
  ApiAuditEventList,
  ApiDeviceList,
  ApiListAlertsQuery,
  ApiListAuditEventsQuery,
  ApiListDevicesQuery,
  ApiListMembersQuery,
  ApiMemberList,
} from '@contract/public-api';
import { ALERT_STATUS_OF_FILTER } from '@domain/alerts';
import type { Database } from '../db';
import { alerts, devices } from '../db/schema';
import { DASHBOARD_COLUMNS, devicesAfter, filtersOf, orderingOf, toDevice } from '../devices/data';
import { alertColumns, alertsAfter, toAlert, type AlertKey } from '../alerts/data';
import { listMemberDirectory, type MemberDirectoryCache } from '../members/directory';
import { listEventPage } from '../audit/data';
import type { AuditAnchorCache } from '../audit/anchors';
import { badCursor, decodeCursor, encodeCursor } from './cursor';

/**
 * A page of devices after `cursor`, in the dashboard's order: `keys > cursor` in index order,
 * LIMIT limit + 1 (the extra row says whether there is a next page). The cursor holds the order it
 * was made for and the last row's sort keys and id; another order's cursor is refused.
 */
export async function listDevices(
  db: Database,
  orgId: number,
  query: ApiListDevicesQuery,
): Promise<ApiDeviceList> {
  const ordering = orderingOf(query.sort, query.order);
  const orderName = `${query.sort ?? ''}:${query.sort ? (query.order ?? 'asc') : ''}`;
  const conditions: SQL[] = [
    filtersOf(orgId, {
      page: 1,
      pageSize: query.limit,
      enrolled: query.enrolled,
      severity: query.severity,
      q: query.q,
    }),
  ];
  let after: string[] | null = null;
  if (query.cursor) {
    const values = decodeCursor(query.cursor, ordering.keys.length + 2);
    if (values[0] !== orderName) {
      throw badCursor('The cursor belongs to another order: pass the same sort and order.');
    }
    after = values.slice(1).map(String);
    if (!/^\d{1,10}$/.test(after[after.length - 1] as string)) throw badCursor();
  }
  let rows;
  try {
    rows = await devicesAfter(db, and(...conditions) as SQL, ordering, after, query.limit + 1);
  } catch (error) {
    // A cursor whose key text does not cast to its column's type (edited by hand).
    if (after && /invalid input|out of range|malformed/i.test(String(error))) throw badCursor();
    throw error;
  }
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const next = rows.length > query.limit && last ? encodeCursor([orderName, ...last.keys]) : null;
  return { devices: page.map((r) => r.device), next };
}

export async function findDevice(
  db: Database,
  orgId: number,
  code: string,
): Promise<Device | null> {
  const [row] = await db
    .select(DASHBOARD_COLUMNS)
    .from(devices)
    .where(and(eq(devices.orgId, orgId), eq(devices.code, code)))
    .limit(1);
  return row ? toDevice(row) : null;
}

/** Newest scan first, then id: the console's order and its index (0005_alerts.sql). */
export async function listAlerts(
  db: Database,
  orgId: number,
  query: ApiListAlertsQuery,
): Promise<ApiAlertList> {
  const conditions: SQL[] = [eq(alerts.orgId, orgId)];
  if (query.status) conditions.push(eq(alerts.status, ALERT_STATUS_OF_FILTER[query.status]));
  if (query.severity) conditions.push(inArray(alerts.severity, [...new Set(query.severity)]));
  if (query.since) conditions.push(gte(alerts.scanTime, new Date(query.since)));
  let after: AlertKey | null = null;
  if (query.cursor) {
    const [time, id] = decodeCursor(query.cursor, 2);
    if (typeof time !== 'string' || Number.isNaN(Date.parse(time)) || !Number.isSafeInteger(id)) {
      throw badCursor();
    }
    // The scan time as the database holds it (microseconds), so equal times compare equal.
    after = { scanTime: time, id: id as number };
  }
  const rows = await alertsAfter(db, and(...conditions) as SQL, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    alerts: page.map((r) => r.alert),
    next: rows.length > query.limit && last ? encodeCursor([last.key.scanTime, last.key.id]) : null,
  };
}

export async function findAlert(
  db: Database,
  orgId: number,
  scanId: string,
): Promise<Alert | null> {
  const [row] = await db
    .select(alertColumns)
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), eq(alerts.scanId, scanId)))
    .limit(1);
  return row ? toAlert(row) : null;
}

/** The alerts of these ids the organization has, with their status now. */
export async function alertStatuses(
  db: Database,
  orgId: number,
  scanIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ scanId: alerts.scanId, status: alerts.status })
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), inArray(alerts.scanId, [...new Set(scanIds)])));
  return new Map(rows.map((r) => [r.scanId, r.status]));
}

/**
 * The Members page's list by name (../members/directory.ts). The cursor holds the next page's
 * number and the page size it was made with (pages are positions in that list).
 */
export async function listMembers(
  db: Database,
  cache: MemberDirectoryCache,
  orgId: number,
  query: ApiListMembersQuery,
): Promise<ApiMemberList> {
  let page = 1;
  let pageSize = query.limit;
  if (query.cursor) {
    const [p, size] = decodeCursor(query.cursor, 2);
    if (
      typeof p !== 'number' ||
      typeof size !== 'number' ||
      p < 2 ||
      p > 1_000_000 ||
      size < 1 ||
      size > 100
    ) {
      throw badCursor();
    }
    page = p;
    pageSize = size;
  }
  const result = await listMemberDirectory(db, cache, orgId, {
    page,
    pageSize,
    q: query.q,
    status: query.status,
    source: query.source,
  });
  return {
    members: result.members,
    next: page * pageSize < result.total ? encodeCursor([page + 1, pageSize]) : null,
  };
}

/** One member as the Members page shows it (the same status rule as the list). */
export async function findMember(
  db: Database,
  orgId: number,
  id: string,
): Promise<DirectoryMember | null> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return null;
  const result = (await db.execute(sql`
    SELECT m.id, m.name, m.email, m.source,
      CASE WHEN m.deactivated_at IS NOT NULL THEN 'deactivated'
        WHEN coalesce(d.enrolled, false) THEN 'enrolled' ELSE 'invited' END AS status,
      (m.scim_id IS NOT NULL) AS scim_managed,
      coalesce(d.device_count, 0)::int AS device_count, m.invited_at, d.last_scan_at
    FROM members m
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS device_count, bool_or(dv.enrolled) AS enrolled,
        max(dv.last_scan_at) AS last_scan_at
      FROM devices dv WHERE dv.member_id = m.id AND dv.org_id = m.org_id
    ) d ON true
    WHERE m.org_id = ${orgId} AND m.id = ${Number(id)}`)) as unknown as {
    rows: Array<{
      id: number;
      name: string;
      email: string;
      source: DirectoryMember['source'];
      status: DirectoryMember['status'];
      scim_managed: boolean;
      device_count: number;
      invited_at: string | Date | null;
      last_scan_at: string | Date | null;
    }>;
  };
  const r = result.rows[0];
  if (!r) return null;
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: String(r.id),
    name: r.name,
    email: r.email,
    source: r.source,
    status: r.status,
    scimManaged: r.scim_managed,
    devices: r.device_count,
    invitedAt: iso(r.invited_at),
    lastScanAt: iso(r.last_scan_at),
  };
}

/** The Activity log, newest first, by event number (../audit/data.ts). */
export async function listAuditEvents(
  db: Database,
  cache: AuditAnchorCache,
  orgId: number,
  query: ApiListAuditEventsQuery,
): Promise<ApiAuditEventList> {
  let cursor: string | undefined;
  if (query.cursor) {
    const [seq] = decodeCursor(query.cursor, 1);
    if (typeof seq !== 'number' || seq < 1) throw badCursor();
    cursor = String(seq);
  }
  const page = await listEventPage(db, cache, orgId, {
    page: 1,
    pageSize: query.limit,
    cursor,
    actor: query.actor,
    action: query.action,
    outcome: query.outcome,
    from: query.from,
    to: query.to,
    q: query.q,
  });
  return {
    events: page.events,
    next: page.nextCursor ? encodeCursor([Number(page.nextCursor)]) : null,
  };
}
