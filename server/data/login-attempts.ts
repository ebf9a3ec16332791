import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db';
import { loginAttempts } from '../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export async function recordFailedLogin(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, attemptedAt: now });
}

export async function clearFailedLogins(db: Database, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

export async function deleteOldLoginAttempts(db: Database, now: Date): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lte(loginAttempts.attemptedAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
}

/**
 * How long (ms) until another attempt is allowed, or 0 when it is allowed now. The window slides:
 * once the oldest of the last `limit` failures leaves the window, the count drops below the limit.
 */
export async function throttleDelayMs(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const delays = await Promise.all([
    delayFor(db, eq(loginAttempts.email, email), MAX_FAILURES_PER_EMAIL, since, now),
    delayFor(db, eq(loginAttempts.ip, ip), MAX_FAILURES_PER_IP, since, now),
  ]);
  return Math.max(...delays);
}

async function delayFor(
  db: Database,
  subject: ReturnType<typeof eq>,
  limit: number,
  since: Date,
  now: Date,
): Promise<number> {
  const where = and(subject, gt(loginAttempts.attemptedAt, since));
  const [counted] = await db.select({ n: count() }).from(loginAttempts).where(where);
  if ((counted?.n ?? 0) < limit) return 0;
  // The limit-th most recent failure: when it leaves the window, fewer than `limit` remain.
  const [pivot] = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.attemptedAt))
    .offset(limit - 1)
    .limit(1);
  if (!pivot) return 0;
  return Math.max(1000, pivot.at.getTime() + THROTTLE_WINDOW_MS - now.getTime());
}
