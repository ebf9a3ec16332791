/**
 * The Members page's data (docs/product/members.md, 'The Members page'): one organization's
 * members with source, status, device count, invited and last-scan dates, searched and filtered,
 * a page at a time; and the page's actions (resend the invitation, deactivate, reactivate).
 * Every statement names the organization: another organization's member id is not found.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DirectoryMember, ParsedListMemberDirectoryQuery } from '@contract/member-directory';
import type { MemberStatus } from '@domain/members';
import { QUARANTINE_REASON_UNKNOWN } from '@domain/quarantine';
import type { Database } from '../db';
import { devices, members, organizations } from '../db/schema';
import { publishNotice } from '../events/notices';
import { PageAnchorCache } from '../devices/page-anchors';
import type { Invitee } from './data';

type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** '%', '_' and '\' of a search text match themselves in LIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The status expression over the member row and the device aggregate `d`. */
const statusSql = sql<MemberStatus>`CASE
  WHEN m.deactivated_at IS NOT NULL THEN 'deactivated'
  WHEN coalesce(d.enrolled, false) THEN 'enrolled'
  ELSE 'invited' END`;

/**
 * The same as a filter, over `e` (membersOf): whether the member has an enrolled device, looked up
 * per member in devices_member_id_idx and stopping at the first. (An EXISTS here would be planned
 * as a hash of every enrolled device of the database, built for every page.)
 */
const statusFilterSql = sql<MemberStatus>`CASE
  WHEN m.deactivated_at IS NOT NULL THEN 'deactivated'
  WHEN e.enrolled IS NOT NULL THEN 'enrolled'
  ELSE 'invited' END`;

/** The members a list reads from: with `e` when a status filter needs it. */
function membersOf(query: ParsedListMemberDirectoryQuery): SQL {
  if (!query.status || query.status.length === 0) return sql`members m`;
  return sql`members m LEFT JOIN LATERAL (
    SELECT true AS enrolled FROM devices dv
    WHERE dv.member_id = m.id AND dv.org_id = m.org_id AND dv.enrolled LIMIT 1
  ) e ON true`;
}

/** The list's order: exactly the expressions of members_org_name_order_idx. */
const nameKey = sql`lower(m.name) COLLATE "C"`;

/**
 * The anchors of one list (organization, filters, page size) at one members_version: the key of
 * the first row and of the last row of every full page, and the count. A page is then the index
 * range between two of them, bounded at both ends: no OFFSET, and no walk past the last match of a
 * search (docs/decisions/055-lists-under-change.md).
 */
interface DirectoryAnchors {
  total: number;
  /** [lower(name), id] of the first row; null when the list is empty. */
  first: [string, string] | null;
  /** [lower(name), id] of the last row; null when the list is empty. */
  last: [string, string] | null;
  /** anchors[i]: [lower(name), id] of the last row of page i + 1. */
  anchors: Array<[string, string]>;
  readonly weight: number;
}

export type MemberDirectoryCache = PageAnchorCache<DirectoryAnchors>;

/** One per server process (the Members page's route module makes it). */
export function newMemberDirectoryCache(): MemberDirectoryCache {
  return new PageAnchorCache<DirectoryAnchors>();
}

function filtersOf(orgId: number, query: ParsedListMemberDirectoryQuery): SQL[] {
  const where: SQL[] = [sql`m.org_id = ${orgId}`];
  const q = query.q?.trim();
  if (q) {
    const p = likePattern(q.toLowerCase());
    where.push(sql`(lower(m.name) LIKE ${p} OR lower(m.email) LIKE ${p})`);
  }
  if (query.source && query.source.length > 0) {
    where.push(
      sql`m.source IN (${sql.join(
        query.source.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  if (query.status && query.status.length > 0) {
    where.push(
      sql`(${statusFilterSql}) IN (${sql.join(
        query.status.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  return where;
}

/** The part of the cache key that names the list (the organization and version come apart). */
function listKey(query: ParsedListMemberDirectoryQuery): string {
  return JSON.stringify([
    query.pageSize,
    [...new Set(query.source ?? [])].sort(),
    [...new Set(query.status ?? [])].sort(),
    // Last, as typed.
    query.q?.trim() ?? '',
  ]);
}

/** One index-ordered pass over the matching members: the first key, every page's last, the count. */
async function computeAnchors(
  tx: Executor,
  from: SQL,
  where: SQL[],
  pageSize: number,
): Promise<DirectoryAnchors> {
  const result = (await tx.execute(sql`
    SELECT k, id, rn, n FROM (
      SELECT (${nameKey})::text AS k, m.id::text AS id,
        row_number() OVER (ORDER BY ${nameKey}, m.id) AS rn, count(*) OVER () AS n
      FROM ${from} WHERE ${sql.join(where, sql` AND `)}
    ) r
    WHERE rn = 1 OR rn % ${pageSize} = 0 OR rn = n
    ORDER BY rn`)) as unknown as {
    rows: Array<{ k: string; id: string; rn: string | number; n: string | number }>;
  };
  const rows = result.rows;
  const anchors: Array<[string, string]> = [];
  for (const row of rows) if (Number(row.rn) % pageSize === 0) anchors.push([row.k, row.id]);
  const [first, last] = [rows[0], rows[rows.length - 1]];
  return {
    total: rows.length > 0 ? Number(rows[0]?.n) : 0,
    first: first ? [first.k, first.id] : null,
    last: last ? [last.k, last.id] : null,
    anchors,
    weight: anchors.length + 2,
  };
}

/** The list in one snapshot: the version, the anchors of that version, the page between them. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

export async function listMemberDirectory(
  db: Database,
  cache: MemberDirectoryCache,
  orgId: number,
  query: ParsedListMemberDirectoryQuery,
): Promise<{ members: DirectoryMember[]; total: number; totalPages: number }> {
  const where = filtersOf(orgId, query);
  type Row = {
    id: number;
    name: string;
    email: string;
    source: DirectoryMember['source'];
    status: MemberStatus;
    scim_managed: boolean;
    device_count: number;
    invited_at: string | Date | null;
    last_scan_at: string | Date | null;
    ca_blocked: boolean;
    ca_reason: string | null;
  };
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ version: organizations.membersVersion })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    const version = org?.version ?? 0;
    // Entries of older versions are never asked for again; the LRU bound drops them.
    const from = membersOf(query);
    const { total, first, last, anchors } = await cache.get(
      orgId,
      `${version}|${listKey(query)}`,
      () => computeAnchors(tx, from, where, query.pageSize),
    );
    const totalPages = Math.ceil(total / query.pageSize);
    if (query.page > totalPages || first === null || last === null) {
      return { members: [], total, totalPages };
    }
    // The page is the index range after the previous page's last row up to its own last row
    // (bounded at both ends, so a search never walks past its last match).
    const key = ([name, id]: [string, string]) => sql`(${name} COLLATE "C", ${id}::int)`;
    const after = anchors[query.page - 2];
    const upTo = anchors[query.page - 1] ?? last;
    const range = [
      after ? sql`(${nameKey}, m.id) > ${key(after)}` : sql`(${nameKey}, m.id) >= ${key(first)}`,
      sql`(${nameKey}, m.id) <= ${key(upTo)}`,
    ];
    const size = Math.min(query.pageSize, total - (query.page - 1) * query.pageSize);
    // The page's members (a range of members_org_name_order_idx, or of the source index), then
    // the device aggregates of those rows only.
    const result = (await tx.execute(sql`
      SELECT m.id, m.name, m.email, m.source, ${statusSql} AS status,
        (m.scim_id IS NOT NULL) AS scim_managed,
        coalesce(d.device_count, 0)::int AS device_count,
        m.invited_at, d.last_scan_at, m.ca_blocked, m.ca_reason
      FROM (
        SELECT m.* FROM ${from} WHERE ${sql.join([...where, ...range], sql` AND `)}
        ORDER BY ${nameKey}, m.id
        LIMIT ${size}
      ) m
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS device_count, bool_or(dv.enrolled) AS enrolled,
          max(dv.last_scan_at) AS last_scan_at
        FROM devices dv WHERE dv.member_id = m.id AND dv.org_id = m.org_id
      ) d ON true
      ORDER BY ${nameKey}, m.id`)) as unknown as { rows: Row[] };
    const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
    return {
      members: result.rows.map((r) => ({
        id: String(r.id),
        name: r.name,
        email: r.email,
        source: r.source,
        status: r.status,
        scimManaged: r.scim_managed,
        devices: r.device_count,
        invitedAt: iso(r.invited_at),
        lastScanAt: iso(r.last_scan_at),
        ...(r.ca_blocked ? { quarantine: r.ca_reason ?? QUARANTINE_REASON_UNKNOWN } : {}),
      })),
      total,
      totalPages,
    };
  }, SNAPSHOT);
}

export interface DirectoryTarget {
  id: number;
  name: string;
  email: string;
  code: string | null;
  invitedAt: Date | null;
  deactivatedAt: Date | null;
  scimId: string | null;
  enrolled: boolean;
}

/** The member `id` of the organization (locked for the caller's transaction), or null. */
export async function findDirectoryMember(
  tx: Executor,
  orgId: number,
  id: number,
): Promise<DirectoryTarget | null> {
  const [row] = await tx
    .select({
      id: members.id,
      name: members.name,
      email: members.email,
      code: members.enrollmentCode,
      invitedAt: members.invitedAt,
      deactivatedAt: members.deactivatedAt,
      scimId: members.scimId,
    })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.id, id)))
    .for('no key update');
  if (!row) return null;
  const [enrolled] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.orgId, orgId), eq(devices.memberId, id), eq(devices.enrolled, true)))
    .limit(1);
  return { ...row, enrolled: enrolled !== undefined };
}

/** Marks the invitation as handed to the mailer again (the cool-down counts from here). */
export async function markReinvited(tx: Executor, orgId: number, id: number, now: Date) {
  await tx
    .update(members)
    .set({ invitedAt: now })
    .where(and(eq(members.orgId, orgId), eq(members.id, id)));
}

export function invitee(target: DirectoryTarget): Invitee | null {
  return target.code === null
    ? null
    : { id: target.id, name: target.name, email: target.email, code: target.code };
}

/**
 * Deactivates (the member and their devices marked, the same moment, as SCIM does:
 * docs/decisions/050-scim.md) or reactivates (both cleared). No-op when unchanged.
 */
export async function setMemberActive(
  tx: Executor,
  orgId: number,
  id: number,
  active: boolean,
  now: Date,
): Promise<void> {
  const member = and(eq(members.orgId, orgId), eq(members.id, id));
  const memberDevices = and(eq(devices.orgId, orgId), eq(devices.memberId, id));
  let changedDevices: unknown[];
  if (active) {
    await tx
      .update(members)
      .set({ deactivatedAt: null })
      .where(and(member, isNotNull(members.deactivatedAt)));
    changedDevices = await tx
      .update(devices)
      .set({ deactivatedAt: null })
      .where(and(memberDevices, isNotNull(devices.deactivatedAt)))
      .returning({ id: devices.id });
  } else {
    await tx
      .update(members)
      .set({ deactivatedAt: now })
      .where(and(member, isNull(members.deactivatedAt)));
    changedDevices = await tx
      .update(devices)
      .set({ deactivatedAt: now })
      .where(and(memberDevices, isNull(devices.deactivatedAt)))
      .returning({ id: devices.id });
  }
  // Open consoles see the devices' new state (server/events/notices.ts).
  if (changedDevices.length > 0) await publishNotice(tx as Database, orgId, { topic: 'devices' });
}
