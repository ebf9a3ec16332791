/**
 * Members of an organization (members table): the list for duplicate marking, creation with
 * enrolment codes in one transaction, and the invitation state (`invited_at`).
 *
 * Invitations are claimed in the database (invited_at set) and handed to the mailer after the
 * transaction commits: a mail transport cannot take part in a database transaction, and a sent
 * e-mail cannot be rolled back. Claims whose e-mail failed are released again
 * ({@link releaseInvitations}), so POST /orgs/email-members sends them later.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Member } from '@contract/members';
import type { MemberSource } from '@domain/members';
import type { Database } from '../db';
import { devices, members, organizations } from '../db/schema';
import { newEnrollmentCodes } from './codes';
import { selectMembersToCreate, type Candidate } from './selection';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/** A member who is to receive an invitation. */
export interface Invitee {
  id: number;
  name: string;
  email: string;
  code: string;
}

const INSERT_CHUNK = 1000;

export async function listOrgMembers(db: Database, orgId: number): Promise<Member[]> {
  const rows = await db
    .select({ id: members.id, name: members.name, email: members.email })
    .from(members)
    .where(eq(members.orgId, orgId))
    .orderBy(asc(members.id));
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/** `count` codes used by no member and no device. */
export async function freshCodes(q: Executor, count: number): Promise<string[]> {
  const codes = newEnrollmentCodes(count);
  for (;;) {
    const clashes = new Set<string>();
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      const chunk = codes.slice(i, i + INSERT_CHUNK);
      const [a, b] = await Promise.all([
        q
          .select({ code: members.enrollmentCode })
          .from(members)
          .where(inArray(members.enrollmentCode, chunk)),
        q.select({ code: devices.code }).from(devices).where(inArray(devices.code, chunk)),
      ]);
      for (const row of [...a, ...b]) if (row.code) clashes.add(row.code);
    }
    if (clashes.size === 0) return codes;
    const kept = codes.filter((code) => !clashes.has(code));
    const replacements = newEnrollmentCodes(codes.length - kept.length, new Set(codes));
    codes.splice(0, codes.length, ...kept, ...replacements);
  }
}

/**
 * Serializes member changes of one organization (the duplicate check reads, then writes). NO KEY
 * UPDATE, not UPDATE: rows inserted meanwhile that reference the organization (audit events, jobs)
 * check its key without waiting (server/db/row-locks-postgres.test.ts).
 */
export async function lockOrg(tx: Tx, orgId: number): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
}

export interface CreateMembersOptions {
  now: Date;
  /** Claim the invitations now (the caller sends them after the commit). */
  invite: boolean;
  /** Where the members come from (the Members list shows it); 'manual' unless said. */
  source?: MemberSource;
}

/**
 * Creates the candidates that pass the duplicate rule, each with its own code, in one
 * transaction. Returns the members created (with their codes), in candidate order.
 */
export async function createOrgMembers(
  db: Database,
  orgId: number,
  candidates: readonly Candidate[],
  allowedDuplicates: readonly string[],
  options: CreateMembersOptions,
  /** Runs in the same transaction with the members created (their e-mails' jobs). */
  alsoInTransaction?: (tx: Database, created: readonly Invitee[]) => Promise<unknown>,
): Promise<Invitee[]> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, orgId);
    const existing = await tx
      .select({ email: members.email })
      .from(members)
      .where(eq(members.orgId, orgId));
    const chosen = selectMembersToCreate(
      candidates,
      existing.map((m) => m.email),
      allowedDuplicates,
    );
    if (chosen.length === 0) return [];
    const codes = await freshCodes(tx, chosen.length);
    const created: Invitee[] = [];
    for (let i = 0; i < chosen.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(members)
        .values(
          chosen.slice(i, i + INSERT_CHUNK).map((m, j) => ({
            orgId,
            name: m.name,
            email: m.email,
            enrollmentCode: codes[i + j] as string,
            createdAt: options.now,
            invitedAt: options.invite ? options.now : null,
            source: options.source ?? 'manual',
          })),
        )
        .returning({
          id: members.id,
          name: members.name,
          email: members.email,
          code: members.enrollmentCode,
        });
      for (const row of rows) created.push({ ...row, code: row.code as string });
    }
    // Each new member shows on the dashboard at once, as 'Not Enrolled' under their own code, as
    // a seeded member with a code and no device does (docs/decisions/042). Enrolling fills the
    // row in; unenrolling removes it.
    for (let i = 0; i < created.length; i += INSERT_CHUNK) {
      await tx.insert(devices).values(
        created.slice(i, i + INSERT_CHUNK).map((m) => ({
          orgId,
          memberId: m.id,
          code: m.code,
          enrolled: false,
        })),
      );
    }
    await alsoInTransaction?.(tx, created);
    return created;
  });
}

/** Gives a code to each member of the organization without one (created before codes existed). */
async function assignMissingCodes(tx: Tx, orgId: number): Promise<void> {
  const missing = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.orgId, orgId), isNull(members.enrollmentCode)));
  if (missing.length === 0) return;
  const codes = await freshCodes(tx, missing.length);
  for (const [i, row] of missing.entries()) {
    await tx
      .update(members)
      .set({ enrollmentCode: codes[i] as string })
      .where(eq(members.id, row.id));
  }
}

/**
 * Claims the invitations to send: of members not invited yet (`scope: 'pending'`) or of every
 * member (`'all'`). Members without a code get one. Two concurrent calls never claim one member
 * twice for 'pending'.
 */
export async function claimInvitations(
  db: Database,
  orgId: number,
  /** Members not invited yet, every member, or one member (by e-mail: 'Resend' of an undelivered invitation). */
  scope: 'pending' | 'all' | { email: string },
  now: Date,
  /** Runs in the same transaction with the claimed invitations (their e-mails' jobs). */
  alsoInTransaction?: (tx: Database, claimed: readonly Invitee[]) => Promise<unknown>,
): Promise<Invitee[]> {
  return db.transaction(async (tx) => {
    await lockOrg(tx, orgId);
    await assignMissingCodes(tx, orgId);
    const rows = await tx
      .update(members)
      .set({ invitedAt: now })
      .where(
        scope === 'pending'
          ? and(eq(members.orgId, orgId), isNull(members.invitedAt))
          : scope === 'all'
            ? eq(members.orgId, orgId)
            : and(eq(members.orgId, orgId), sql`lower(${members.email}) = lower(${scope.email})`),
      )
      .returning({
        id: members.id,
        name: members.name,
        email: members.email,
        code: members.enrollmentCode,
      });
    const claimed = rows
      .map((row) => ({ ...row, code: row.code as string }))
      .sort((a, b) => a.id - b.id);
    await alsoInTransaction?.(tx, claimed);
    return claimed;
  });
}

/** Releases claims whose e-mail could not be sent: they count as not invited again. */
export async function releaseInvitations(db: Database, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .update(members)
      .set({ invitedAt: null })
      .where(inArray(members.id, ids.slice(i, i + INSERT_CHUNK)));
  }
}

/**
 * Releases one member's invitation claim whose e-mail failed for good, unless a later claim (a new
 * send) replaced it meanwhile: the member counts as not invited, so email-members sends it again.
 */
export async function releaseInvitation(
  db: Database,
  memberId: number,
  claimedAt: Date,
): Promise<void> {
  await db
    .update(members)
    .set({ invitedAt: null })
    .where(and(eq(members.id, memberId), eq(members.invitedAt, claimedAt)));
}

export async function countOrgMembers(db: Database, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(eq(members.orgId, orgId));
  return row?.n ?? 0;
}
