/** The stored change notices (docs/decisions/052-live-console.md): replay, pruning, session check. */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { changeNotices, sessions, users } from '../db/schema';
import type { Notice } from './notices';

/** How long notices are kept for resuming: a console away longer revalidates everything. */
export const NOTICES_KEPT_MS = 10 * 60 * 1000;
/** A resume with more notices than this to replay gets a reset instead (one refetch does it all). */
export const REPLAY_LIMIT = 500;

export type Replay = { kind: 'notices'; notices: Notice[] } | { kind: 'reset'; lastId: number };

/**
 * What a console that saw notices up to `afterId` missed: the organization's notices after it, or
 * a reset when some may be gone (pruned, or more than REPLAY_LIMIT), or when the id is not one
 * this database gave (a restored database, another server). Ids are global, so "some may be gone"
 * is: the oldest notice kept (of any organization) is later than the next id after `afterId`.
 * A rolled-back change leaves a gap in the ids too and then costs one needless reset: harmless.
 */
export async function replayAfter(db: Database, orgId: number, afterId: number): Promise<Replay> {
  const [bounds] = await db
    .select({
      oldest: sql<string | null>`min(${changeNotices.id})`,
      newest: sql<string | null>`max(${changeNotices.id})`,
    })
    .from(changeNotices);
  const oldest = bounds?.oldest == null ? null : Number(bounds.oldest);
  const newest = bounds?.newest == null ? null : Number(bounds.newest);
  const given = await lastGivenId(db);
  const lastId = Math.max(given, newest ?? 0);
  // An id this database never gave: a reset.
  if (afterId > given) return { kind: 'reset', lastId };
  // Nothing kept: fine only if nothing was given after afterId.
  if (newest === null) {
    return given > afterId ? { kind: 'reset', lastId } : { kind: 'notices', notices: [] };
  }
  if (oldest !== null && oldest > afterId + 1) return { kind: 'reset', lastId };
  const rows = await db
    .select({
      id: changeNotices.id,
      orgId: changeNotices.orgId,
      topic: changeNotices.topic,
      opened: changeNotices.opened,
    })
    .from(changeNotices)
    .where(and(eq(changeNotices.orgId, orgId), gt(changeNotices.id, afterId)))
    .orderBy(asc(changeNotices.id))
    .limit(REPLAY_LIMIT + 1);
  if (rows.length > REPLAY_LIMIT) return { kind: 'reset', lastId };
  return { kind: 'notices', notices: rows };
}

/** The newest id the sequence has given (0 before the first notice). */
async function lastGivenId(db: Database): Promise<number> {
  const result = await db.execute(
    sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM change_notices_id_seq`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    v: string | number;
  }[];
  return Number(rows[0]?.v ?? 0);
}

/** The id a fresh stream starts from: the newest notice given so far. */
export async function newestNoticeId(db: Database): Promise<number> {
  return lastGivenId(db);
}

/**
 * Housekeeping: notices older than NOTICES_KEPT_MS, by the database's clock (which stamped them:
 * `created_at` defaults to now(), as publishNotice takes no clock).
 */
export async function deleteOldNotices(db: Database): Promise<number> {
  const gone = await db
    .delete(changeNotices)
    .where(
      lt(changeNotices.createdAt, sql`now() - make_interval(secs => ${NOTICES_KEPT_MS / 1000})`),
    )
    .returning({ id: changeNotices.id });
  return gone.length;
}

/**
 * Whether the stream's session still holds (not signed out, not expired, not idle, the
 * administrator not blocked), without moving its last use: an open console alone must not keep
 * a session alive past its idle limit.
 */
export async function sessionHolds(
  db: Database,
  sessionId: string,
  now: Date,
  idleMs: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
        eq(users.loginBlocked, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}
