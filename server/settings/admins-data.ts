/**
 * Administrators of an organization (the `users` table) as the Settings screen sees them, and
 * their invitations: pending administrators have no password until they follow the invitation
 * link; `invite_sent_at` is the time of the last invitation e-mail handed to the mailer.
 */
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db';
import { users, type User } from '../db/schema';
import { normalizeEmail } from '../auth/users';

export interface AdminRow {
  name: string;
  email: string;
  inviteAccepted: boolean;
  inviteSentAt: Date | null;
}

/** The organization's administrators, oldest first. */
export async function listOrgAdmins(db: Database, orgId: number): Promise<AdminRow[]> {
  return db
    .select({
      name: users.name,
      email: users.email,
      inviteAccepted: users.inviteAccepted,
      inviteSentAt: users.inviteSentAt,
    })
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(asc(users.id));
}

/**
 * Creates a pending administrator (no password, invitation not accepted, no send date yet).
 * Null when the e-mail already belongs to an administrator of any organization (unique index).
 */
export async function createPendingAdmin(
  db: Database,
  values: { orgId: number; name: string; email: string; now: Date },
): Promise<User | null> {
  const [user] = await db
    .insert(users)
    .values({
      orgId: values.orgId,
      name: values.name,
      email: normalizeEmail(values.email),
      passwordHash: null,
      inviteAccepted: false,
      inviteSentAt: null,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ?? null;
}

/**
 * Claims the next invitation e-mail of a pending administrator: sets `invite_sent_at` to `now`
 * only when the last one is at least `windowMs` old (or none was sent). One statement, so two
 * concurrent resends cannot both pass. Returns the previous send date for {@link releaseInvite},
 * or null when the claim failed.
 */
export async function claimInvite(
  db: Database,
  userId: number,
  now: Date,
  windowMs: number,
): Promise<{ previous: Date | null } | null> {
  const cutoff = new Date(now.getTime() - windowMs);
  const [before] = await db
    .select({ sentAt: users.inviteSentAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!before) return null;
  const claimed = await db
    .update(users)
    .set({ inviteSentAt: now })
    .where(
      and(
        eq(users.id, userId),
        eq(users.inviteAccepted, false),
        or(isNull(users.inviteSentAt), lte(users.inviteSentAt, cutoff)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0 ? { previous: before.sentAt } : null;
}

/** Gives a claim back when its e-mail could not be sent (only if nothing claimed it since). */
export async function releaseInvite(
  db: Database,
  userId: number,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(users)
    .set({ inviteSentAt: previous })
    .where(and(eq(users.id, userId), eq(users.inviteSentAt, claimedAt)));
}
