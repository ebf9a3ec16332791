/**
 * The groups an identity provider pushed over SCIM, as the SSO groups screen lists them
 * (docs/product/members.md, 'SSO groups'): for an organization with SCIM enabled they replace the
 * simulated directory (server/sso/data.ts), in the same order and pages.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SsoGroup, SsoGroupMember } from '@contract/sso';
import type { Database } from '../db';
import { members, scimGroupMembers, scimGroups } from '../db/schema';
import { findCredential } from '../settings/credentials-data';

/** Whether the organization's groups come from SCIM (SCIM is enabled). */
export async function usesScimDirectory(db: Database, orgId: number): Promise<boolean> {
  return (await findCredential(db, orgId, 'scim')) !== null;
}

const sortName = sql`lower(${scimGroups.displayName}) COLLATE "C"`;
const sortId = sql`${scimGroups.id} COLLATE "C"`;
const encodeCursor = (id: string) => `s.${Buffer.from(id).toString('base64url')}`;
const decodeCursor = (cursor: string) =>
  /^s\.[A-Za-z0-9_-]{1,200}$/.test(cursor)
    ? Buffer.from(cursor.slice(2), 'base64url').toString()
    : null;

/** A page of the SCIM groups by name then id; null for a cursor this organization never issued. */
export async function listScimDirectoryGroups(
  db: Database,
  orgId: number,
  options: { nextPage?: string; searchQuery?: string; pageSize: number },
): Promise<{ groups: SsoGroup[]; nextPage: string | null } | null> {
  const conditions = [eq(scimGroups.orgId, orgId)];
  const search = options.searchQuery?.trim().toLowerCase() ?? '';
  if (search) conditions.push(sql`strpos(lower(${scimGroups.displayName}), ${search}) > 0`);
  if (options.nextPage) {
    const after = decodeCursor(options.nextPage);
    if (after === null) return null;
    const [anchor] = await db
      .select({ name: sql<string>`lower(${scimGroups.displayName})`, id: scimGroups.id })
      .from(scimGroups)
      .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, after)));
    if (!anchor) return null;
    conditions.push(
      sql`(${sortName} > ${anchor.name} COLLATE "C" OR (${sortName} = ${anchor.name} COLLATE "C" AND ${sortId} > ${anchor.id} COLLATE "C"))`,
    );
  }
  const rows = await db
    .select({ id: scimGroups.id, name: scimGroups.displayName })
    .from(scimGroups)
    .where(and(...conditions))
    .orderBy(sortName, sortId)
    .limit(options.pageSize + 1);
  const page = rows.slice(0, options.pageSize);
  const last = page[page.length - 1];
  return {
    groups: page,
    nextPage: rows.length > options.pageSize && last ? encodeCursor(last.id) : null,
  };
}

/** The provisioned members of the given SCIM groups, each once, by name then id. */
export async function scimDirectoryMembersOfGroups(
  db: Database,
  orgId: number,
  groupIds: readonly string[],
): Promise<SsoGroupMember[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      id: members.scimId,
      name: members.name,
      email: members.email,
      sortName: sql<string>`lower(${members.name}) COLLATE "C"`,
    })
    .from(scimGroups)
    .innerJoin(scimGroupMembers, eq(scimGroupMembers.groupId, scimGroups.id))
    .innerJoin(members, eq(members.id, scimGroupMembers.memberId))
    .where(
      and(
        eq(scimGroups.orgId, orgId),
        eq(members.orgId, orgId),
        isNotNull(members.scimId),
        inArray(scimGroups.id, [...new Set(groupIds)]),
      ),
    )
    .orderBy(sql`4`, asc(members.scimId));
  return rows.map(({ id, name, email }) => ({ id: id as string, name, email }));
}
