/**
 * SSO configuration (sso_configs) and the simulated identity provider's directory
 * (sso_directory_users, sso_directory_groups, sso_directory_group_members).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SsoGroup, SsoGroupMember, SsoProvider } from '@contract/sso';
import type { Database } from '../db';
import {
  organizations,
  ssoConfigs,
  ssoDirectoryGroupMembers,
  ssoDirectoryGroups,
  ssoDirectoryUsers,
  users,
} from '../db/schema';

export const SSO_GROUP_PAGE_SIZE = 15;

/** Stores the configuration and turns SSO on for the organization (lookup answers sso: true). */
export async function saveSsoConfig(
  db: Database,
  orgId: number,
  config: { provider: SsoProvider; clientId: string; clientSecret: string; tenant: string },
  now: Date,
): Promise<void> {
  const values = {
    provider: config.provider,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    tenant: config.tenant,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(ssoConfigs)
      .values({ orgId, ...values })
      .onConflictDoUpdate({ target: ssoConfigs.orgId, set: values });
    await tx
      .update(organizations)
      .set({ ssoProvider: config.provider })
      .where(eq(organizations.id, orgId));
  });
}

/** The configuration without its secret (for checks; nothing answers with it). */
export async function findSsoConfig(
  db: Database,
  orgId: number,
): Promise<{ provider: SsoProvider; clientId: string; tenant: string } | null> {
  const [row] = await db
    .select({
      provider: ssoConfigs.provider,
      clientId: ssoConfigs.clientId,
      tenant: ssoConfigs.tenant,
    })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.orgId, orgId));
  return row ?? null;
}

export async function deleteSsoConfig(db: Database, orgId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(ssoConfigs).where(eq(ssoConfigs.orgId, orgId));
    await tx.update(organizations).set({ ssoProvider: null }).where(eq(organizations.id, orgId));
  });
}

/** Administrators who can sign in only through the identity provider (no password). */
export async function findSsoOnlyAdmins(db: Database, orgId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    // Pending administrators are not locked out: their invitation link sets a password.
    .where(and(eq(users.orgId, orgId), isNull(users.passwordHash), eq(users.inviteAccepted, true)))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

const encodeCursor = (groupId: number) =>
  Buffer.from(JSON.stringify({ after: groupId })).toString('base64url');

function decodeCursor(cursor: string): number | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const after = (value as { after?: unknown } | null)?.after;
    return typeof after === 'number' && Number.isSafeInteger(after) ? after : null;
  } catch {
    return null;
  }
}

const sortName = sql`lower(${ssoDirectoryGroups.name}) COLLATE "C"`;
const sortId = sql`${ssoDirectoryGroups.externalId} COLLATE "C"`;

/**
 * A page of the directory's groups, by name (lower-cased, byte order) then id; `searchQuery`
 * keeps names holding it (case-insensitive). `nextPage` is an opaque cursor (the last group of
 * the page); null on the last page. Returns null for a cursor this organization never issued.
 */
export async function listDirectoryGroups(
  db: Database,
  orgId: number,
  options: { nextPage?: string; searchQuery?: string; pageSize?: number },
): Promise<{ groups: SsoGroup[]; nextPage: string | null } | null> {
  const pageSize = options.pageSize ?? SSO_GROUP_PAGE_SIZE;
  const conditions = [eq(ssoDirectoryGroups.orgId, orgId)];
  const search = options.searchQuery?.trim().toLowerCase() ?? '';
  if (search) conditions.push(sql`strpos(lower(${ssoDirectoryGroups.name}), ${search}) > 0`);
  if (options.nextPage) {
    const after = decodeCursor(options.nextPage);
    if (after === null) return null;
    const [anchor] = await db
      .select({
        name: sql<string>`lower(${ssoDirectoryGroups.name})`,
        id: ssoDirectoryGroups.externalId,
      })
      .from(ssoDirectoryGroups)
      .where(and(eq(ssoDirectoryGroups.orgId, orgId), eq(ssoDirectoryGroups.id, after)));
    if (!anchor) return null;
    conditions.push(
      sql`(${sortName} > ${anchor.name} COLLATE "C" OR (${sortName} = ${anchor.name} COLLATE "C" AND ${sortId} > ${anchor.id} COLLATE "C"))`,
    );
  }
  const rows = await db
    .select({
      key: ssoDirectoryGroups.id,
      id: ssoDirectoryGroups.externalId,
      name: ssoDirectoryGroups.name,
    })
    .from(ssoDirectoryGroups)
    .where(and(...conditions))
    .orderBy(sortName, sortId)
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    groups: page.map(({ id, name }) => ({ id, name })),
    nextPage: rows.length > pageSize && last ? encodeCursor(last.key) : null,
  };
}

/**
 * The directory users of the given groups (by the provider's group ids), each once however many
 * of the groups they are in, by name then id. Unknown group ids are ignored.
 */
export async function directoryMembersOfGroups(
  db: Database,
  orgId: number,
  groupIds: readonly string[],
): Promise<SsoGroupMember[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      id: ssoDirectoryUsers.externalId,
      name: ssoDirectoryUsers.name,
      email: ssoDirectoryUsers.email,
      sortName: sql<string>`lower(${ssoDirectoryUsers.name}) COLLATE "C"`,
    })
    .from(ssoDirectoryGroups)
    .innerJoin(
      ssoDirectoryGroupMembers,
      eq(ssoDirectoryGroupMembers.groupId, ssoDirectoryGroups.id),
    )
    .innerJoin(ssoDirectoryUsers, eq(ssoDirectoryUsers.id, ssoDirectoryGroupMembers.userId))
    .where(
      and(
        eq(ssoDirectoryGroups.orgId, orgId),
        eq(ssoDirectoryUsers.orgId, orgId),
        inArray(ssoDirectoryGroups.externalId, [...new Set(groupIds)]),
      ),
    )
    .orderBy(sql`4`, sql`1`);
  return rows.map(({ id, name, email }) => ({ id, name, email }));
}
