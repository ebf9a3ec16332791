/**
 * The device list (GET /orgs) and unenrolment. How a page is found, whatever its number:
 *
 * 1. Every order is a tuple of sort keys ending with the id (unique, so pages never overlap or skip
 *    rows), and each has an index (org_id, keys…, id) in 0002_devices.sql; the expressions below
 *    are exactly those of the indexes.
 * 2. The page anchors of a list (the key of the last row of every page, and the count) come from
 *    one index-ordered pass and are cached per organization devices_version (./page-anchors.ts).
 * 3. Page N reads `keys > anchor(N-1) AND keys <= anchor(N)` in index order, LIMIT pageSize: an
 *    index range scan of one page, as fast for page 1000 as for page 1 (no OFFSET).
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Device, DevicePage } from '@contract/devices';
import type { DevicePlatform, DeviceSeverity, DeviceSortColumn, SortOrder } from '@domain/devices';
import type { Database } from '../db';
import { devices } from '../db/schema';
import type { PageAnchorCache, PageAnchors } from './page-anchors';

/** A sort key: an index expression and its type (anchors travel as text and are cast back). */
interface SortKey {
  expr: SQL;
  type: 'text' | 'smallint' | 'integer[]' | 'boolean' | 'timestamptz';
}

export interface Ordering {
  keys: SortKey[];
  descending: boolean;
}

const text = (expr: SQL): SortKey => ({ expr, type: 'text' });
/** Case-insensitive, NULL as '' (lowest), byte order: the same on every machine. */
const folded = (column: SQL | typeof devices.code): SortKey =>
  text(sql`lower(coalesce(${column}, '')) COLLATE "C"`);

const severityRank: SortKey = { expr: sql`${devices.severityRank}`, type: 'smallint' };
const memberNameKey = folded(sql`${devices.memberName}`);
const codeKey = text(sql`${devices.code} COLLATE "C"`);

/**
 * Without `sort`: severity (critical, warning, secure, none), then member name, then code.
 * `sort=severity` uses the same keys: descending is this order (most severe first), ascending the
 * same index read backwards.
 */
const DEFAULT_KEYS = [severityRank, memberNameKey, codeKey];

const SORT_KEYS: Record<Exclude<DeviceSortColumn, 'severity'>, SortKey[]> = {
  code: [codeKey],
  memberName: [memberNameKey],
  memberEmail: [folded(sql`${devices.memberEmail}`)],
  model: [folded(sql`${devices.model}`)],
  platform: [text(sql`coalesce(${devices.platform}, '') COLLATE "C"`)],
  // Numeric parts first (9 before 10), then the text.
  osVersion: [
    { expr: sql`${devices.osVersionKey}`, type: 'integer[]' },
    text(sql`coalesce(${devices.osVersion}, '') COLLATE "C"`),
  ],
  enrolled: [{ expr: sql`${devices.enrolled}`, type: 'boolean' }],
  lastScanAt: [
    { expr: sql`coalesce(${devices.lastScanAt}, '-infinity'::timestamptz)`, type: 'timestamptz' },
  ],
};

export function orderingOf(
  sort: DeviceSortColumn | undefined,
  order: SortOrder | undefined,
): Ordering {
  if (!sort) return { keys: DEFAULT_KEYS, descending: false };
  if (sort === 'severity') return { keys: DEFAULT_KEYS, descending: order !== 'desc' };
  return { keys: SORT_KEYS[sort], descending: order === 'desc' };
}

const SEVERITY_RANK: Record<DeviceSeverity, number> = { critical: 0, warning: 1, secure: 2 };

export interface DeviceListQuery {
  page: number;
  pageSize: number;
  enrolled?: boolean | undefined;
  severity?: DeviceSeverity[] | undefined;
  sort?: DeviceSortColumn | undefined;
  order?: SortOrder | undefined;
  q?: string | undefined;
}

/** A LIKE pattern matching texts that start with `text` (its own % _ \ taken literally). */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function filtersOf(orgId: number, query: DeviceListQuery): SQL {
  const conditions: SQL[] = [eq(devices.orgId, orgId)];
  if (query.enrolled !== undefined) conditions.push(eq(devices.enrolled, query.enrolled));
  if (query.severity) {
    // The rank (not the text): it leads the default index, so a severity filter is a range there.
    const ranks = [...new Set(query.severity.map((s) => SEVERITY_RANK[s]))].sort();
    conditions.push(inArray(devices.severityRank, ranks));
  }
  const q = query.q?.trim();
  if (q) {
    // Prefix matches on the expressions the name, e-mail and code orders are indexed by (the "C"
    // collation lets LIKE 'text%' be an index range), so a search reads three index ranges, not
    // the organization's devices (docs/decisions/045). Codes are upper case.
    const lower = prefixPattern(q.toLowerCase());
    conditions.push(
      or(
        sql`lower(coalesce(${devices.memberName}, '')) COLLATE "C" LIKE ${lower}`,
        sql`lower(coalesce(${devices.memberEmail}, '')) COLLATE "C" LIKE ${lower}`,
        sql`${devices.code} COLLATE "C" LIKE ${prefixPattern(q.toUpperCase())}`,
      ) as SQL,
    );
  }
  return and(...conditions) as SQL;
}

/** The part of the cache key that names the list (the organization and version come apart). */
function listKey(query: DeviceListQuery): string {
  const severities = query.severity
    ? [...new Set(query.severity.map((s) => SEVERITY_RANK[s]))].sort().join(',')
    : '*';
  return [
    query.pageSize,
    query.sort ?? '',
    query.sort ? (query.order ?? 'asc') : '',
    query.enrolled ?? '*',
    severities,
    // Last, and as typed: a search may contain '|'.
    query.q?.trim() ?? '',
  ].join('|');
}

export const idExpr = sql`${devices.id}`;

export function tuple(ordering: Ordering): SQL {
  return sql`(${sql.join([...ordering.keys.map((k) => k.expr), idExpr], sql`, `)})`;
}

export function anchorTuple(ordering: Ordering, anchor: string[]): SQL {
  const values = ordering.keys.map((k, i) => sql`${anchor[i] ?? null}::${sql.raw(k.type)}`);
  values.push(sql`${anchor[ordering.keys.length] ?? null}::integer`);
  return sql`(${sql.join(values, sql`, `)})`;
}

export function orderBy(ordering: Ordering): SQL[] {
  const direction = sql.raw(ordering.descending ? 'desc' : 'asc');
  return [...ordering.keys.map((k) => k.expr), idExpr].map((e) => sql`${e} ${direction}`);
}

/** One index-ordered pass: the key of every pageSize-th row, and the count. */
async function computeAnchors(
  db: Database,
  where: SQL,
  ordering: Ordering,
  pageSize: number,
): Promise<PageAnchors> {
  const keyColumns = Object.fromEntries(
    ordering.keys.map((k, i) => [`k${i}`, sql<string>`(${k.expr})::text`.as(`k${i}`)]),
  );
  const ranked = db
    .select({
      ...keyColumns,
      id: sql<string>`(${devices.id})::text`.as('id'),
      rn: sql<number>`row_number() over (order by ${sql.join(orderBy(ordering), sql`, `)})`.as(
        'rn',
      ),
      n: sql<number>`count(*) over ()`.as('n'),
    })
    .from(devices)
    .where(where)
    .as('ranked');
  const rows = (await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rn} % ${pageSize} = 0 or ${ranked.rn} = ${ranked.n}`)
    .orderBy(ranked.rn)) as Array<Record<string, string | number>>;
  const total = rows.length > 0 ? Number(rows[rows.length - 1]?.n) : 0;
  const anchors: string[][] = [];
  for (const row of rows) {
    if (Number(row.rn) % pageSize !== 0) continue;
    anchors.push([...ordering.keys.map((_, i) => String(row[`k${i}`])), String(row.id)]);
  }
  return { total, anchors };
}

/**
 * A page of the organization's devices. `version` is the organization's devices_version as read
 * at the start of the request (the session lookup reads it with the organization).
 */
export async function listDevicePage(
  db: Database,
  cache: PageAnchorCache,
  org: { id: number; devicesVersion: number },
  query: DeviceListQuery,
): Promise<DevicePage> {
  const ordering = orderingOf(query.sort, query.order);
  const where = filtersOf(org.id, query);
  const { total, anchors } = await cache.get(org.id, org.devicesVersion, listKey(query), () =>
    computeAnchors(db, where, ordering, query.pageSize),
  );
  const totalPages = Math.ceil(total / query.pageSize);
  if (query.page > totalPages) return { devices: [], totalPages, total };

  const conditions = [where];
  const after = anchors[query.page - 2];
  const last = anchors[query.page - 1];
  const [gt, le] = ordering.descending ? ['<', '>='] : ['>', '<='];
  if (after)
    conditions.push(sql`${tuple(ordering)} ${sql.raw(gt)} ${anchorTuple(ordering, after)}`);
  if (last) conditions.push(sql`${tuple(ordering)} ${sql.raw(le)} ${anchorTuple(ordering, last)}`);
  const rows = await db
    .select({
      code: devices.code,
      memberName: devices.memberName,
      memberEmail: devices.memberEmail,
      model: devices.model,
      platform: devices.platform,
      osVersion: devices.osVersion,
      enrolled: devices.enrolled,
      severity: devices.severity,
      lastScanAt: devices.lastScanAt,
    })
    .from(devices)
    .where(and(...conditions))
    .orderBy(...orderBy(ordering))
    .limit(query.pageSize);
  return { devices: rows.map(toDevice), totalPages, total };
}

/** Null-valued fields are dropped (the contract's optional fields, contract/devices.ts). */
export function toDevice(row: {
  code: string;
  memberName: string | null;
  memberEmail: string | null;
  model: string | null;
  platform: DevicePlatform | null;
  osVersion: string | null;
  enrolled: boolean;
  severity: DeviceSeverity | null;
  lastScanAt: Date | null;
}): Device {
  const device: Device = { code: row.code };
  if (row.memberName !== null) device.memberName = row.memberName;
  if (row.memberEmail !== null) device.memberEmail = row.memberEmail;
  if (row.model !== null) device.model = row.model;
  if (row.platform !== null) device.platform = row.platform;
  if (row.osVersion !== null) device.osVersion = row.osVersion;
  device.enrolled = row.enrolled;
  if (row.severity !== null) device.severity = row.severity;
  if (row.lastScanAt !== null) device.lastScanAt = row.lastScanAt.toISOString();
  return device;
}

/** A device row's columns the dashboard shows (for {@link toDevice}). */
export const DASHBOARD_COLUMNS = {
  code: devices.code,
  memberName: devices.memberName,
  memberEmail: devices.memberEmail,
  model: devices.model,
  platform: devices.platform,
  osVersion: devices.osVersion,
  enrolled: devices.enrolled,
  severity: devices.severity,
  lastScanAt: devices.lastScanAt,
};

/**
 * Unenrolment removes the devices (their codes and device API credentials die with them; the
 * members stay): one DELETE,
 * limited to the organization, so another organization's code is ignored. The version trigger
 * bumps devices_version in the same statement. Returns the devices removed.
 */
export async function unenrollDevices(
  db: Database,
  orgId: number,
  codes: readonly string[],
): Promise<Device[]> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.orgId, orgId), inArray(devices.code, [...new Set(codes)])))
    // The removed devices as the dashboard showed them (their `device.unenrolled` events).
    .returning(DASHBOARD_COLUMNS);
  return removed.map(toDevice);
}

/**
 * Planner statistics for the device indexes. PGlite runs no autovacuum, so housekeeping calls this
 * at start-up and hourly (cheap: ANALYZE samples at most 30,000 rows).
 */
export async function analyzeDevices(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE devices`);
}

/**
 * Every device of a list, in its order (the dashboard's Export CSV): keyset batches, each one
 * index range that starts after the previous batch's last row, so the export of 100,000 devices
 * holds one batch in memory and never counts or offsets.
 */
export async function* eachDevice(
  db: Database,
  orgId: number,
  query: Omit<DeviceListQuery, 'page' | 'pageSize'>,
  batchSize = 1000,
): AsyncGenerator<Device> {
  const ordering = orderingOf(query.sort, query.order);
  const where = filtersOf(orgId, { ...query, page: 1, pageSize: batchSize });
  const keyColumns = Object.fromEntries(
    ordering.keys.map((k, i) => [`k${i}`, sql<string>`(${k.expr})::text`]),
  );
  const gt = ordering.descending ? '<' : '>';
  let after: string[] | null = null;
  for (;;) {
    const rows: Array<Record<string, unknown>> = await db
      .select({
        ...keyColumns,
        id: sql<string>`(${devices.id})::text`,
        code: devices.code,
        memberName: devices.memberName,
        memberEmail: devices.memberEmail,
        model: devices.model,
        platform: devices.platform,
        osVersion: devices.osVersion,
        enrolled: devices.enrolled,
        severity: devices.severity,
        lastScanAt: devices.lastScanAt,
      })
      .from(devices)
      .where(
        after
          ? and(where, sql`${tuple(ordering)} ${sql.raw(gt)} ${anchorTuple(ordering, after)}`)
          : where,
      )
      .orderBy(...orderBy(ordering))
      .limit(batchSize);
    for (const row of rows) yield toDevice(row as Parameters<typeof toDevice>[0]);
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = [...ordering.keys.map((_, i) => String(last[`k${i}`])), String(last.id)];
  }
}
