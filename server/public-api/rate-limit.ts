/**
 * The public API's request budget (docs/decisions/054-public-api.md, 'Rate limit'): API_RATE_LIMIT
 * requests per key and calendar minute (UTC), counted in the database so that every server
 * process draws on the same budget. One statement per batch of requests (./admission.ts: the
 * requests of one key that arrive while its previous statement runs are counted together): an
 * upsert that starts a new count when the minute or the key changed, else adds the batch's size,
 * and answers the count, so each request of the batch knows its own place in the minute.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, type Organization } from '../db/schema';

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

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) of a state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}

/**
 * The key's organization and its budget in one statement (decision 054, 'Performance'): the key
 * is found by its sha256 (unique index), refused when expired or when the organization has no API
 * access (the rules of `findOrgByApiKey`, ../integrations/api-keys-data.ts), and only then
 * counted, `requests` at once. Null: no such usable key (nothing counted). `states[i]` is the
 * budget as the i-th request of the batch sees it: the stored count before the batch (capped at
 * limit + 1, so a runaway client cannot grow it without bound) plus i + 1.
 */
export async function authenticateAndCount(
  db: Database,
  keyHash: string,
  limit: number,
  now: Date,
  requests = 1,
): Promise<{ org: Organization; states: RateLimitState[] } | null> {
  if (!Number.isInteger(requests) || requests < 1) throw new Error('requests must be ≥ 1');
  const start = windowStart(now);
  const result = (await db.execute(sql`
    WITH k AS (
      SELECT k.org_id, k.key_hash FROM api_keys k JOIN organizations o ON o.id = k.org_id
      WHERE k.key_hash = ${keyHash}
        AND (k.expires_at IS NULL OR k.expires_at > ${now.toISOString()}::timestamptz)
        AND o.api_access
    ), hit AS (
      INSERT INTO api_rate_limits AS r (org_id, key_hash, window_start, count)
      SELECT org_id, key_hash, ${start.toISOString()}::timestamptz, ${requests}::int FROM k
      ON CONFLICT (org_id) DO UPDATE SET
        count = CASE
          WHEN r.key_hash <> excluded.key_hash OR excluded.window_start > r.window_start
            THEN excluded.count
          ELSE least(r.count, ${limit + 1}::int) + excluded.count END,
        window_start = CASE
          WHEN r.key_hash <> excluded.key_hash THEN excluded.window_start
          ELSE greatest(r.window_start, excluded.window_start) END,
        key_hash = excluded.key_hash
      RETURNING r.org_id, r.count AS rl_count, r.window_start AS rl_window_start
    )
    SELECT o.*, hit.rl_count, hit.rl_window_start FROM hit JOIN organizations o ON o.id = hit.org_id`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const row = result.rows[0];
  if (!row) return null;
  // The organization row as Drizzle reads it (each column's own driver mapping).
  const org: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(organizations))) {
    const value = row[column.name];
    org[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  const counted = new Date(row.rl_window_start as string | Date);
  const before = Number(row.rl_count) - requests;
  return {
    org: org as Organization,
    states: Array.from({ length: requests }, (_, i) =>
      rateLimitState(before + i + 1, limit, counted, now),
    ),
  };
}
