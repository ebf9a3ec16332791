import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, sessions, users, type Organization, type User } from '../db/schema';
import { hashToken, newToken } from '../auth/tokens';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface SessionRecord {
  /** sha256 of the cookie token (the row id). */
  id: string;
  expiresAt: Date;
  user: User;
  org: Organization;
}

/** Creates a session row and returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

export async function findSession(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionRecord | null> {
  const [row] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, user: users, org: organizations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    // A login policy applied after sign-in ends the administrator's sessions too.
    .where(
      and(
        eq(sessions.id, hashToken(token)),
        gt(sessions.expiresAt, now),
        eq(users.loginBlocked, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
