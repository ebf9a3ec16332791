import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, sessions, users, type Organization, type User } from '../db/schema';
import { hashToken, newToken } from './tokens';

/** Absolute limit: a session ends 12 hours after sign-in, used or not. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Idle limit (SESSION_IDLE_MINUTES): a session unused this long ends. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** `last_seen_at` is written at most this often per session (one UPDATE a minute, not per call). */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

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
  await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, createdAt: now, expiresAt, lastSeenAt: now });
  return { token, expiresAt };
}

/**
 * The session of a cookie token: unexpired, used within `idleMs`, and of an administrator no login
 * policy blocks. A use more than a minute after the recorded one moves `last_seen_at` forward.
 */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
  idleMs: number = DEFAULT_SESSION_IDLE_MS,
): Promise<SessionRecord | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: users,
      org: organizations,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    // A login policy applied after sign-in ends the administrator's sessions too.
    .where(
      and(
        eq(sessions.id, hashToken(token)),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
        eq(users.loginBlocked, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  const { lastSeenAt: _seen, ...session } = row;
  return session;
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(
  db: Database,
  now: Date,
  idleMs: number = DEFAULT_SESSION_IDLE_MS,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, new Date(now.getTime() - idleMs))),
    );
}
