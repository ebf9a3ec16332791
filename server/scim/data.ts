/**
 * The SCIM service's data (docs/decisions/050-scim.md): provisioned members are rows of `members`
 * with their SCIM columns (0016_scim.sql), groups are `scim_groups`. Every query is scoped to the
 * organization the bearer token belongs to; an id of another organization's resource is simply
 * not found.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db';
import { devices, members, scimGroupMembers, scimGroups } from '../db/schema';
import { publishNotice } from '../events/notices';
import { freshCodes, lockOrg, type Tx } from '../members/data';
import type { FilterAttributes, FilterTarget } from './filter-sql';
import { jsonElementAttributes } from './filter-sql';
import {
  MULTI_VALUED,
  NAME_PARTS,
  SINGLE_STRINGS,
  type UserInput,
  type UserRow,
} from './user-resource';
import type { GroupInput, GroupRow } from './group-resource';
import { ScimHttpError } from './errors';

type Executor = Database | Tx;

const attrs = sql`${members.scimAttributes}`;

function jsonArray(name: string): Extract<FilterTarget, { type: 'multi' }> {
  const element = sql.raw('e');
  return {
    type: 'multi',
    exists: (condition) =>
      sql`EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(${attrs}->${sql.raw(`'${name}'`)}, '[]'::jsonb)) AS e WHERE ${condition})`,
    element: jsonElementAttributes(element),
  };
}

/** The User attributes a filter may name (the Schemas endpoint marks them 'Filterable'). */
export const userFilterAttributes: FilterAttributes = (path) => {
  switch (path) {
    case 'id':
      return { type: 'string', expr: sql`${members.scimId}`, caseExact: true };
    case 'username':
      return { type: 'string', expr: sql`${members.scimUserName}`, caseExact: false };
    case 'externalid':
      return { type: 'string', expr: sql`${members.scimExternalId}`, caseExact: true };
    case 'active':
      return { type: 'boolean', expr: sql`(${members.deactivatedAt} IS NULL)` };
    case 'meta.created':
      return { type: 'dateTime', expr: sql`${members.createdAt}` };
    case 'meta.lastmodified':
      return { type: 'dateTime', expr: sql`${members.scimUpdatedAt}` };
    default:
      return storedAttribute(path);
  }
};

export const groupFilterAttributes: FilterAttributes = (path) => {
  switch (path) {
    case 'id':
      return { type: 'string', expr: sql`${scimGroups.id}`, caseExact: true };
    case 'displayname':
      return { type: 'string', expr: sql`${scimGroups.displayName}`, caseExact: false };
    case 'externalid':
      return { type: 'string', expr: sql`${scimGroups.externalId}`, caseExact: true };
    case 'meta.created':
      return { type: 'dateTime', expr: sql`${scimGroups.createdAt}` };
    case 'meta.lastmodified':
      return { type: 'dateTime', expr: sql`${scimGroups.updatedAt}` };
    case 'members':
    case 'members.value': {
      const exists = (condition: SQL) =>
        sql`EXISTS (SELECT 1 FROM ${scimGroupMembers} JOIN ${members} AS gm ON gm.id = ${scimGroupMembers.memberId} WHERE ${scimGroupMembers.groupId} = ${scimGroups.id} AND ${condition})`;
      const inner: FilterTarget = { type: 'string', expr: sql.raw('gm.scim_id'), caseExact: true };
      return path === 'members'
        ? { type: 'multi', exists, element: (p) => (p === 'value' ? inner : null) }
        : { type: 'within', exists, inner };
    }
    default:
      return null;
  }
};

/** The attributes kept in `scim_attributes`: `title`, `name.familyName`, `emails.value`, … */
function storedAttribute(path: string): FilterTarget | null {
  // Names come from the schema's own lists, never from the client's text.
  const single = SINGLE_STRINGS.find((n) => n.toLowerCase() === path);
  if (single)
    return { type: 'string', expr: sql`(${attrs}->>${sql.raw(`'${single}'`)})`, caseExact: false };
  if (path.startsWith('name.')) {
    const part = NAME_PARTS.find((n) => `name.${n.toLowerCase()}` === path);
    return part
      ? {
          type: 'string',
          expr: sql`(${attrs}->'name'->>${sql.raw(`'${part}'`)})`,
          caseExact: false,
        }
      : null;
  }
  const [head, sub, ...rest] = path.split('.');
  const multi = Object.keys(MULTI_VALUED).find((n) => n.toLowerCase() === head);
  if (!multi || rest.length > 0) return null;
  const array = jsonArray(multi);
  if (sub === undefined) return array;
  const inner = array.element(sub);
  return inner ? { type: 'within', exists: array.exists, inner } : null;
}

// ---------------------------------------------------------------------------------------------
// Users

const userColumns = {
  memberId: members.id,
  scimId: members.scimId,
  userName: members.scimUserName,
  externalId: members.scimExternalId,
  deactivatedAt: members.deactivatedAt,
  attributes: members.scimAttributes,
  created: members.createdAt,
  lastModified: members.scimUpdatedAt,
};

type UserSelect = {
  memberId: number;
  scimId: string | null;
  userName: string | null;
  externalId: string | null;
  deactivatedAt: Date | null;
  attributes: Record<string, unknown> | null;
  created: Date;
  lastModified: Date | null;
};

function toUserRow(r: UserSelect): UserRow & { memberId: number } {
  return {
    memberId: r.memberId,
    scimId: r.scimId as string,
    userName: r.userName as string,
    externalId: r.externalId,
    active: r.deactivatedAt === null,
    attributes: r.attributes,
    created: r.created,
    lastModified: r.lastModified ?? r.created,
  };
}

/** Provisioned members of the organization (the SCIM resources). */
function usersOf(orgId: number): SQL {
  return and(
    eq(members.orgId, orgId),
    isNotNull(members.scimId),
    isNotNull(members.scimUserName),
  ) as SQL;
}

export async function listUsers(
  db: Executor,
  orgId: number,
  filter: SQL | null,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: (UserRow & { memberId: number })[] }> {
  const where = filter ? and(usersOf(orgId), filter) : usersOf(orgId);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(where);
  const total = count?.n ?? 0;
  if (limit === 0 || offset >= total) return { total, rows: [] };
  const rows = await db
    .select(userColumns)
    .from(members)
    .where(where)
    .orderBy(asc(members.id))
    .offset(offset)
    .limit(limit);
  return { total, rows: rows.map(toUserRow) };
}

export async function findUser(db: Executor, orgId: number, scimId: string) {
  const [row] = await db
    .select(userColumns)
    .from(members)
    .where(and(usersOf(orgId), eq(members.scimId, scimId)))
    .limit(1);
  return row ? toUserRow(row) : null;
}

async function userNameTaken(tx: Executor, orgId: number, userName: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.orgId, orgId),
        isNotNull(members.scimUserName),
        sql`lower(${members.scimUserName}) = lower(${userName})`,
        exceptId === undefined ? undefined : sql`${members.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const uniqueness = () =>
  new ScimHttpError(409, 'A User with this userName already exists.', 'uniqueness');

export interface ProvisionedMember {
  memberId: number;
  scimId: string;
  name: string;
  email: string;
  code: string;
  /** A new member row (false: an existing member of that e-mail was taken over). */
  created: boolean;
}

/**
 * Creates the member of a new User, in the caller's transaction. A member of the same e-mail that
 * no identity provider manages yet (added by hand, by CSV or from SSO groups) is taken over
 * instead of duplicated: one person, one seat (docs/decisions/050-scim.md).
 */
export async function createUser(
  tx: Tx,
  orgId: number,
  input: UserInput,
  member: { name: string; email: string },
  now: Date,
): Promise<ProvisionedMember> {
  await lockOrg(tx, orgId);
  if (await userNameTaken(tx, orgId, input.userName)) throw uniqueness();
  const scimId = randomUUID();
  const scim = {
    scimId,
    scimUserName: input.userName,
    scimExternalId: input.externalId,
    scimAttributes: input.attributes,
    scimUpdatedAt: now,
    source: 'scim' as const,
    name: member.name,
    email: member.email,
  };
  const [existing] = await tx
    .select({ id: members.id, code: members.enrollmentCode })
    .from(members)
    .where(
      and(
        eq(members.orgId, orgId),
        sql`${members.scimId} IS NULL`,
        sql`lower(${members.email}) = lower(${member.email})`,
      ),
    )
    .orderBy(asc(members.id))
    .limit(1);
  let memberId: number;
  let code: string;
  let created = false;
  if (existing) {
    memberId = existing.id;
    code = existing.code ?? ((await freshCodes(tx, 1))[0] as string);
    await tx
      .update(members)
      .set({ ...scim, enrollmentCode: code })
      .where(eq(members.id, memberId));
  } else {
    code = (await freshCodes(tx, 1))[0] as string;
    const [row] = await tx
      .insert(members)
      .values({ orgId, ...scim, enrollmentCode: code, createdAt: now })
      .returning({ id: members.id });
    memberId = (row as { id: number }).id;
    created = true;
    // Shown on the dashboard at once as 'Not Enrolled' under its code (docs/decisions/042).
    await tx.insert(devices).values({ orgId, memberId, code, enrolled: false });
  }
  await setActive(tx, orgId, memberId, input.active, now);
  return { memberId, scimId, name: member.name, email: member.email, code, created };
}

/**
 * Deactivates (member and devices marked, same moment) or reactivates; no-op when unchanged. Devices
 * that changed tell open consoles (server/events/notices.ts).
 */
async function setActive(
  tx: Executor,
  orgId: number,
  memberId: number,
  active: boolean,
  now: Date,
) {
  let changedDevices: unknown[];
  if (active) {
    await tx
      .update(members)
      .set({ deactivatedAt: null })
      .where(and(eq(members.id, memberId), isNotNull(members.deactivatedAt)));
    changedDevices = await tx
      .update(devices)
      .set({ deactivatedAt: null })
      .where(and(eq(devices.memberId, memberId), isNotNull(devices.deactivatedAt)))
      .returning({ id: devices.id });
  } else {
    await tx
      .update(members)
      .set({ deactivatedAt: now })
      .where(and(eq(members.id, memberId), sql`${members.deactivatedAt} IS NULL`));
    changedDevices = await tx
      .update(devices)
      .set({ deactivatedAt: now })
      .where(and(eq(devices.memberId, memberId), sql`${devices.deactivatedAt} IS NULL`))
      .returning({ id: devices.id });
  }
  if (changedDevices.length > 0) await publishNotice(tx as Database, orgId, { topic: 'devices' });
}

/** Replaces a User's attributes (PUT, and PATCH's result). Null: no such User here. */
export async function replaceUser(
  tx: Tx,
  orgId: number,
  scimId: string,
  input: UserInput,
  member: { name: string; email: string },
  now: Date,
): Promise<{ memberId: number; wasActive: boolean } | null> {
  await lockOrg(tx, orgId);
  const current = await findUser(tx, orgId, scimId);
  if (!current) return null;
  if (await userNameTaken(tx, orgId, input.userName, current.memberId)) throw uniqueness();
  await tx
    .update(members)
    .set({
      scimUserName: input.userName,
      scimExternalId: input.externalId,
      scimAttributes: input.attributes,
      scimUpdatedAt: now,
      name: member.name,
      email: member.email,
    })
    .where(eq(members.id, current.memberId));
  await setActive(tx, orgId, current.memberId, input.active, now);
  return { memberId: current.memberId, wasActive: current.active };
}

/**
 * DELETE: the SCIM resource goes (its id and userName are cleared, it leaves its groups); the
 * member stays on record, deactivated with their devices. Nothing is hard-deleted.
 */
export async function deleteUser(tx: Tx, orgId: number, scimId: string, now: Date) {
  const current = await findUser(tx, orgId, scimId);
  if (!current) return null;
  await setActive(tx, orgId, current.memberId, false, now);
  await tx
    .update(members)
    .set({ scimId: null, scimUserName: null, scimExternalId: null, scimUpdatedAt: now })
    .where(eq(members.id, current.memberId));
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.memberId, current.memberId));
  return { memberId: current.memberId, userName: current.userName };
}

// ---------------------------------------------------------------------------------------------
// Groups

async function membersOf(db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return new Map<string, { value: string; display: string }[]>();
  const rows = await db
    .select({ groupId: scimGroupMembers.groupId, value: members.scimId, display: members.name })
    .from(scimGroupMembers)
    .innerJoin(members, eq(members.id, scimGroupMembers.memberId))
    .where(and(inArray(scimGroupMembers.groupId, groupIds), isNotNull(members.scimId)))
    .orderBy(asc(members.id));
  const out = new Map<string, { value: string; display: string }[]>();
  for (const r of rows) {
    const list = out.get(r.groupId) ?? [];
    list.push({ value: r.value as string, display: r.display });
    out.set(r.groupId, list);
  }
  return out;
}

const groupColumns = {
  id: scimGroups.id,
  displayName: scimGroups.displayName,
  externalId: scimGroups.externalId,
  created: scimGroups.createdAt,
  lastModified: scimGroups.updatedAt,
};

export async function listGroups(
  db: Executor,
  orgId: number,
  filter: SQL | null,
  offset: number,
  limit: number,
  withMembers: boolean,
): Promise<{ total: number; rows: GroupRow[] }> {
  const where = and(eq(scimGroups.orgId, orgId), filter ?? undefined);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scimGroups)
    .where(where);
  const total = count?.n ?? 0;
  if (limit === 0 || offset >= total) return { total, rows: [] };
  const rows = await db
    .select(groupColumns)
    .from(scimGroups)
    .where(where)
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
    .offset(offset)
    .limit(limit);
  const byGroup = withMembers
    ? await membersOf(
        db,
        rows.map((r) => r.id),
      )
    : new Map();
  return { total, rows: rows.map((r) => ({ ...r, members: byGroup.get(r.id) ?? [] })) };
}

export async function findGroup(db: Executor, orgId: number, id: string): Promise<GroupRow | null> {
  const [row] = await db
    .select(groupColumns)
    .from(scimGroups)
    .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
    .limit(1);
  if (!row) return null;
  return { ...row, members: (await membersOf(db, [row.id])).get(row.id) ?? [] };
}

/** The members' rows of the given SCIM ids, in this organization; a 400 for any unknown one. */
async function memberIdsOf(tx: Executor, orgId: number, scimIds: string[]): Promise<number[]> {
  const found: number[] = [];
  for (let i = 0; i < scimIds.length; i += 1000) {
    const chunk = scimIds.slice(i, i + 1000);
    const rows = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(usersOf(orgId), inArray(members.scimId, chunk)));
    if (rows.length !== chunk.length) {
      throw new ScimHttpError(
        400,
        'A member of the group is not a User of this service.',
        'invalidValue',
      );
    }
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function createGroup(tx: Tx, orgId: number, input: GroupInput, now: Date) {
  const id = randomUUID();
  const memberIds = await memberIdsOf(tx, orgId, input.members);
  await tx.insert(scimGroups).values({
    id,
    orgId,
    displayName: input.displayName,
    externalId: input.externalId,
    createdAt: now,
    updatedAt: now,
  });
  await addMembers(tx, id, memberIds);
  return id;
}

async function addMembers(tx: Executor, groupId: string, memberIds: number[]) {
  for (let i = 0; i < memberIds.length; i += 1000) {
    await tx
      .insert(scimGroupMembers)
      .values(memberIds.slice(i, i + 1000).map((memberId) => ({ groupId, memberId })))
      .onConflictDoNothing();
  }
}

/** Replaces a group's name, externalId and members; false: no such group here. */
export async function replaceGroup(
  tx: Tx,
  orgId: number,
  id: string,
  input: GroupInput,
  now: Date,
) {
  const [row] = await tx
    .update(scimGroups)
    .set({ displayName: input.displayName, externalId: input.externalId, updatedAt: now })
    .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
    .returning({ id: scimGroups.id });
  if (!row) return false;
  const memberIds = await memberIdsOf(tx, orgId, input.members);
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, id));
  await addMembers(tx, id, memberIds);
  return true;
}

/** A group's deletion removes the group and its memberships; its members stay. */
export async function deleteGroup(tx: Executor, orgId: number, id: string) {
  const [row] = await tx
    .delete(scimGroups)
    .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
    .returning({ id: scimGroups.id, displayName: scimGroups.displayName });
  return row ?? null;
}
