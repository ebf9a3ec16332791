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
import { devices, members } from '../db/schema';
import { publishNotice } from '../events/notices';
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

export async function listMemberDirectory(
  db: Database,
  orgId: number,
  query: ParsedListMemberDirectoryQuery,
): Promise<{ members: DirectoryMember[]; total: number; totalPages: number }> {
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
      sql`(${statusSql}) IN (${sql.join(
        query.status.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  const offset = (query.page - 1) * query.pageSize;
  // The page's members first (members_org_name_order_idx serves the order and, without a status
  // filter, the whole page), then the device aggregates of those rows only, then the total.
  const needsDevices = query.status !== undefined && query.status.length > 0;
  const deviceJoin = sql`LEFT JOIN LATERAL (
      SELECT count(*)::int AS device_count, bool_or(dv.enrolled) AS enrolled,
        max(dv.last_scan_at) AS last_scan_at
      FROM devices dv WHERE dv.member_id = m.id AND dv.org_id = m.org_id
    ) d ON true`;
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
  const filtered = needsDevices
    ? sql`SELECT m.* FROM members m ${deviceJoin} WHERE ${sql.join(where, sql` AND `)}`
    : sql`SELECT m.* FROM members m WHERE ${sql.join(where, sql` AND `)}`;
  const result = (await db.execute(sql`
    SELECT m.id, m.name, m.email, m.source, ${statusSql} AS status,
      (m.scim_id IS NOT NULL) AS scim_managed,
      coalesce(d.device_count, 0)::int AS device_count,
      m.invited_at, d.last_scan_at, m.ca_blocked, m.ca_reason
    FROM (
      ${filtered}
      ORDER BY lower(m.name) COLLATE "C", m.id
      LIMIT ${query.pageSize} OFFSET ${offset}
    ) m
    ${deviceJoin}
    ORDER BY lower(m.name) COLLATE "C", m.id`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const total =
    rows.length > 0 && rows.length < query.pageSize
      ? offset + rows.length
      : await countMembers(db, where, needsDevices);
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    members: rows.map((r) => ({
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
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/** The number of members the filters match (all pages). */
async function countMembers(db: Database, where: SQL[], needsDevices: boolean): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS n FROM members m
    ${
      needsDevices
        ? sql`LEFT JOIN LATERAL (
      SELECT bool_or(dv.enrolled) AS enrolled FROM devices dv
      WHERE dv.member_id = m.id AND dv.org_id = m.org_id
    ) d ON true`
        : sql``
    }
    WHERE ${sql.join(where, sql` AND `)}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
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
    .for('update');
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
