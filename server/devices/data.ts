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
import { deviceListChanges, devices, organizations } from '../db/schema';
import { AnchoredList, type KeyType, type ListChange, type PagePlan } from './anchored-list';
import { PageAnchorCache } from './page-anchors';

/** A sort key: an index expression and its type (anchors travel as text and are cast back). */
interface SortKey {
  expr: SQL;
  type: Exclude<KeyType, 'integer'>;
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

const idExpr = sql`${devices.id}`;

function tuple(ordering: Ordering): SQL {
  return sql`(${sql.join([...ordering.keys.map((k) => k.expr), idExpr], sql`, `)})`;
}

function anchorTuple(ordering: Ordering, anchor: readonly string[]): SQL {
  const values = ordering.keys.map((k, i) => sql`${anchor[i] ?? null}::${sql.raw(k.type)}`);
  values.push(sql`${anchor[ordering.keys.length] ?? null}::integer`);
  return sql`(${sql.join(values, sql`, `)})`;
}

function orderBy(ordering: Ordering, reverse = false): SQL[] {
  const direction = sql.raw(ordering.descending !== reverse ? 'desc' : 'asc');
  return [...ordering.keys.map((k) => k.expr), idExpr].map((e) => sql`${e} ${direction}`);
}

/**
 * A key as text, the same for anchors and logged changes: what is cast back into the anchor
 * tuples, and what AnchoredList compares (timestamps as fixed-width UTC ISO, so that text order is
 * time order whatever the session's time zone).
 */
function keyText(key: SortKey): SQL {
  if (key.type !== 'timestamptz') return sql`(${key.expr})::text`;
  return sql`CASE WHEN isfinite(${key.expr})
    THEN to_char((${key.expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    ELSE (${key.expr})::text END`;
}

function keyTypes(ordering: Ordering): KeyType[] {
  return [...ordering.keys.map((k) => k.type), 'integer'];
}

/** One index-ordered pass: the key of every pageSize-th row, and the count. */
async function computeAnchors(
  db: Database,
  where: SQL,
  ordering: Ordering,
  pageSize: number,
): Promise<{ total: number; anchors: string[][] }> {
  const keyColumns = Object.fromEntries(
    ordering.keys.map((k, i) => [`k${i}`, sql<string>`${keyText(k)}`.as(`k${i}`)]),
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

/** The organization's devices_version in the transaction's snapshot. */
async function versionIn(tx: Database, orgId: number): Promise<number> {
  const [row] = await tx
    .select({ version: organizations.devicesVersion })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.version ?? 0;
}

/**
 * A snapshot of the list (one REPEATABLE READ transaction, so the anchors, the count and the
 * version agree on PostgreSQL as they do on PGlite's one connection).
 */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

async function computeList(
  db: Database,
  orgId: number,
  where: SQL,
  ordering: Ordering,
  pageSize: number,
  now: number,
): Promise<AnchoredList> {
  return db.transaction(async (tx) => {
    const version = await versionIn(tx, orgId);
    const base = await computeAnchors(tx, where, ordering, pageSize);
    return new AnchoredList(
      { version, ...base },
      { types: keyTypes(ordering), descending: ordering.descending, pageSize, now },
    );
  }, SNAPSHOT);
}

/**
 * The logged changes of the organization's devices after `version` (0023_lists_under_change.sql)
 * as this list sees them: each side's key tuple when that side is in the list (exists and passes
 * the filters). The logged rows are turned back into `devices` rows, so the filter and key
 * expressions are the very ones of the list. At most `limit` + 1 rows.
 */
async function changesSince(
  tx: Database,
  orgId: number,
  version: number,
  where: SQL,
  ordering: Ordering,
  limit: number,
): Promise<ListChange[]> {
  const keys = sql.join([...ordering.keys.map(keyText), sql`(${idExpr})::text`], sql`, `);
  // The log grows and shrinks by hundreds of rows a second and PGlite never re-analyzes it on its
  // own: planned from stale statistics ("empty"), this read becomes a scan of the whole log. It
  // is always a short range of device_list_changes_org_version_idx.
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  const side = (column: SQL) => sql`(
    SELECT ARRAY[${keys}] FROM jsonb_populate_record(NULL::devices, ${column}) AS devices
    WHERE ${column} IS NOT NULL AND coalesce(${where}, false))`;
  const result = await tx.execute(sql`
    SELECT c.version, c.old_row IS NULL AND c.new_row IS NULL AS reset,
           ${side(sql`c.old_row`)} AS before, ${side(sql`c.new_row`)} AS after
    FROM ${deviceListChanges} c
    WHERE c.org_id = ${orgId} AND c.version > ${version}
    ORDER BY c.version, c.id
    LIMIT ${limit + 1}`);
  await tx.execute(sql`SET LOCAL enable_seqscan = on`);
  const rows = (
    result as unknown as {
      rows: Array<{
        version: string | number;
        reset: boolean;
        before: string[] | null;
        after: string[] | null;
      }>;
    }
  ).rows;
  return rows.map((r) => ({
    version: Number(r.version),
    reset: r.reset,
    before: r.before,
    after: r.after,
  }));
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

/** Reads a page as planned by AnchoredList.plan: rows at or before the anchor, then after it. */
async function readPage(
  tx: Database,
  where: SQL,
  ordering: Ordering,
  plan: PagePlan,
): Promise<Array<Parameters<typeof toDevice>[0]>> {
  const [gt, le] = ordering.descending ? ['<', '>='] : ['>', '<='];
  const rows: Array<Parameters<typeof toDevice>[0]> = [];
  if (plan.back > 0 && plan.anchor) {
    const back = await tx
      .select(DASHBOARD_COLUMNS)
      .from(devices)
      .where(
        and(where, sql`${tuple(ordering)} ${sql.raw(le)} ${anchorTuple(ordering, plan.anchor)}`),
      )
      .orderBy(...orderBy(ordering, true))
      .limit(plan.back)
      .offset(plan.backSkip);
    rows.push(...back.reverse());
  }
  if (plan.forward > 0) {
    const after = plan.anchor
      ? and(where, sql`${tuple(ordering)} ${sql.raw(gt)} ${anchorTuple(ordering, plan.anchor)}`)
      : where;
    const forward = await tx
      .select(DASHBOARD_COLUMNS)
      .from(devices)
      .where(after)
      .orderBy(...orderBy(ordering))
      .limit(plan.forward)
      .offset(plan.skip);
    rows.push(...forward);
  }
  return rows;
}

/**
 * When a list's anchors are recomputed (in the background, while the corrected ones serve): after
 * this many changes (each costs a little on every later page read: the pages are read further
 * from their anchors) or this long after they were computed, whichever comes first. Older than
 * MAX_AGE_MS they are not used at all (the change log keeps 10 minutes: housekeeping). A catch-up
 * of more than CATCH_UP_LIMIT changes recomputes in the request instead (about as dear).
 */
export const LIST_REFRESH = {
  afterChanges: 5_000,
  afterMs: 30_000,
  maxAgeMs: 5 * 60_000,
  catchUpLimit: 2_000,
};

/** How long logged changes are kept: twice the oldest anchors any server still uses. */
const CHANGES_KEPT_MS = 2 * LIST_REFRESH.maxAgeMs;
const CHANGES_KEPT = `${CHANGES_KEPT_MS / 1000} seconds`;

export type DeviceListCache = PageAnchorCache<AnchoredList>;

export function newDeviceListCache(): DeviceListCache {
  return new PageAnchorCache<AnchoredList>();
}

/**
 * A page of the organization's devices. The anchors of the list come from the cache, catch up
 * with the changes logged since they were computed, and the page is read from the nearest one;
 * the catch-up and the page read share one snapshot, so the page and the count are exact.
 */
export async function listDevicePage(
  db: Database,
  cache: DeviceListCache,
  org: { id: number; devicesVersion: number },
  query: DeviceListQuery,
  now: () => number = Date.now,
): Promise<DevicePage> {
  const ordering = orderingOf(query.sort, query.order);
  const where = filtersOf(org.id, query);
  const key = listKey(query);
  const compute = () => computeList(db, org.id, where, ordering, query.pageSize, now());

  for (let attempt = 0; ; attempt++) {
    if (attempt > 5) throw new Error('device list: no consistent snapshot after 5 attempts');
    // After two misses (other requests keep moving the shared list past this one's snapshot), a
    // list of this request's own: nobody else moves it.
    let list = attempt >= 2 ? await compute() : await cache.get(org.id, key, compute);
    if (now() - list.computedAt > LIST_REFRESH.maxAgeMs) {
      list = await cache.replace(org.id, key, compute());
    }
    const answer = await db.transaction(async (tx) => {
      const version = await versionIn(tx, org.id);
      // Another request of this process caught the list up beyond this snapshot (PostgreSQL,
      // concurrent transactions): start again in a newer one.
      if (version < list.version) return 'again' as const;
      if (version > list.version) {
        const changes = await changesSince(
          tx,
          org.id,
          list.version,
          where,
          ordering,
          LIST_REFRESH.catchUpLimit,
        );
        if (changes.length > LIST_REFRESH.catchUpLimit) return 'recompute' as const;
        if (!list.apply(changes, version)) return 'recompute' as const;
      }
      // Planned right after the catch-up, with no await between: this snapshot's positions.
      const totalPages = list.totalPages;
      const total = list.total;
      if (query.page > totalPages) return { devices: [], totalPages, total };
      const rows = await readPage(tx, where, ordering, list.plan(query.page));
      return { devices: rows.map(toDevice), totalPages, total };
    }, SNAPSHOT);
    if (answer === 'recompute') {
      await cache.replace(org.id, key, compute());
      continue;
    }
    if (answer === 'again') continue;
    refreshInBackground(db, cache, org.id, key, list, compute, now());
    return answer;
  }
}

/** Recomputes a list's anchors while the corrected ones keep serving (LIST_REFRESH). */
function refreshInBackground(
  db: Database,
  cache: DeviceListCache,
  orgId: number,
  key: string,
  list: AnchoredList,
  compute: () => Promise<AnchoredList>,
  now: number,
): void {
  if (list.refreshing || list.applied === 0) return;
  if (list.applied < LIST_REFRESH.afterChanges && now - list.computedAt < LIST_REFRESH.afterMs) {
    return;
  }
  list.refreshing = true;
  compute()
    .then(async (fresh) => {
      void cache.replace(orgId, key, Promise.resolve(fresh));
      // Busy organizations log hundreds of changes a second: trim theirs here, between the
      // hourly housekeeping runs.
      await db
        .delete(deviceListChanges)
        .where(
          and(
            eq(deviceListChanges.orgId, orgId),
            sql`${deviceListChanges.createdAt} < now() - ${CHANGES_KEPT}::interval`,
          ),
        );
    })
    // The corrected anchors stay in use; a later request tries again.
    .catch(() => (list.refreshing = false));
}

/**
 * Forgets logged device changes older than the anchors any server may still be using
 * (LIST_REFRESH.maxAgeMs, with a margin): housekeeping.
 */
export async function deleteOldDeviceListChanges(db: Database, now: Date): Promise<void> {
  await db
    .delete(deviceListChanges)
    .where(sql`${deviceListChanges.createdAt} < ${new Date(now.getTime() - CHANGES_KEPT_MS)}`);
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
 * Up to `limit` devices of `where` after the row whose sort keys are `after` (id last; null: from
 * the start), in the list's order: one range of the order's index. Each row comes with its keys
 * as text, for the next read (the export's batches, the public API's cursors).
 */
export async function devicesAfter(
  db: Database,
  where: SQL,
  ordering: Ordering,
  after: readonly string[] | null,
  limit: number,
): Promise<Array<{ device: Device; keys: string[] }>> {
  const keyColumns = Object.fromEntries(
    ordering.keys.map((k, i) => [`k${i}`, sql<string | null>`(${k.expr})::text`]),
  );
  const gt = sql.raw(ordering.descending ? '<' : '>');
  const rows = (await db
    .select({ ...DASHBOARD_COLUMNS, ...keyColumns, id: sql<string>`(${devices.id})::text` })
    .from(devices)
    .where(
      after ? and(where, sql`${tuple(ordering)} ${gt} ${anchorTuple(ordering, after)}`) : where,
    )
    .orderBy(...orderBy(ordering))
    .limit(limit)) as Array<Parameters<typeof toDevice>[0] & Record<string, unknown>>;
  return rows.map((row) => ({
    device: toDevice(row),
    keys: [...ordering.keys.map((_, i) => String(row[`k${i}`] ?? '')), String(row.id)],
  }));
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
  let after: string[] | null = null;
  for (;;) {
    const rows = await devicesAfter(db, where, ordering, after, batchSize);
    for (const { device } of rows) yield device;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = last.keys;
  }
}
