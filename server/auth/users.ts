import { and, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, users, type Organization, type User } from '../db/schema';

/** E-mail addresses are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserWithOrgByEmail(
  db: Database,
  email: string,
): Promise<{ user: User; org: Organization } | null> {
  const [row] = await db
    .select({ user: users, org: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/** An administrator of the given organization, by e-mail. */
export async function findOrgAdminByEmail(
  db: Database,
  orgId: number,
  email: string,
): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.email, normalizeEmail(email))))
    .limit(1);
  return user ?? null;
}

/** The first administrator of an organization (the development IdP pre-fills it). */
export async function findFirstOrgAdmin(db: Database, orgId: number): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(users.id)
    .limit(1);
  return user ?? null;
}

/**
 * Sets a new password hash; returns the user (null when gone). A pending administrator's first
 * password (through the invitation link) accepts the invitation.
 */
export async function setPasswordHash(
  db: Database,
  userId: number,
  passwordHash: string,
): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, inviteAccepted: true })
    .where(eq(users.id, userId))
    .returning();
  return user ?? null;
}
