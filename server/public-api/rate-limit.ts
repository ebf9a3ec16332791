/**
 * The public API's request budget (docs/decisions/054-public-api.md, 'Rate limit'): API_RATE_LIMIT
 * requests per key and calendar minute (UTC), counted in the database so that every server
 * process draws on the same budget. One statement per request: an upsert that starts a new count
 * when the minute or the key changed, else adds one, and answers the count.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db';

/** Requests per minute of one API key unless API_RATE_LIMIT says otherwise. */
export const DEFAULT_API_RATE_LIMIT = 600;
const WINDOW_MS = 60_000;

export interface RateLimitState {
  limit: number;
  /** Requests left in this minute after this one (0 when refused). */
  remaining: number;
  /** Seconds until the budget refills (the minute ends). */
  resetSeconds: number;
  /** Whether this request is over the budget. */
  exceeded: boolean;
}

/** The window a moment falls in: the start of its UTC minute. */
export function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

/** What the headers say for the `count`-th request of the window starting at `start`. */
export function rateLimitState(
  count: number,
  limit: number,
  start: Date,
  now: Date,
): RateLimitState {
  const resetSeconds = Math.max(1, Math.ceil((start.getTime() + WINDOW_MS - now.getTime()) / 1000));
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds,
    exceeded: count > limit,
  };
}

/**
 * Counts one request of the organization's key (`keyHash`) and answers the budget. A refused
 * request counts too (a client hammering past the limit stays refused until the minute ends), but
 * the count stops growing at limit + 1 so that it cannot overflow.
 */
export async function takeRequest(
  db: Database,
  orgId: number,
  keyHash: string,
  limit: number,
  now: Date,
): Promise<RateLimitState> {
  const start = windowStart(now);
  const result = (await db.execute(sql`
    INSERT INTO api_rate_limits AS r (org_id, key_hash, window_start, count)
    VALUES (${orgId}, ${keyHash}, ${start.toISOString()}::timestamptz, 1)
    ON CONFLICT (org_id) DO UPDATE SET
      -- A new key or a later minute starts over; a process whose clock lags a little adds to
      -- the minute already counted instead of resetting it.
      count = CASE
        WHEN r.key_hash <> excluded.key_hash OR excluded.window_start > r.window_start THEN 1
        ELSE least(r.count + 1, ${limit + 1}) END,
      window_start = CASE
        WHEN r.key_hash <> excluded.key_hash THEN excluded.window_start
        ELSE greatest(r.window_start, excluded.window_start) END,
      key_hash = excluded.key_hash
    RETURNING count, window_start`)) as unknown as {
    rows: Array<{ count: number | string; window_start: string | Date }>;
  };
  const row = result.rows[0];
  const counted = row ? new Date(row.window_start) : start;
  return rateLimitState(Number(row?.count ?? 1), limit, counted, now);
}

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) of a state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}
