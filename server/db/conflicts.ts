/**
 * Conflicts PostgreSQL settles by aborting one of the transactions involved: a deadlock
 * (SQLSTATE 40P01) or a serialization failure (40001). The aborted call did nothing (its
 * transaction rolled back) and would succeed if sent again, so the server answers it as "busy,
 * try again" (503 with Retry-After) rather than as its own failure (500). The server takes its row
 * locks so that none is expected (docs/decisions/026-members-and-sso.md: FOR NO KEY UPDATE); this
 * is the answer for one nobody foresaw.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** Whether `error`, or an error it was caused by (Drizzle wraps the driver's), is such a conflict. */
export function isDatabaseConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client waits before sending a call that lost a conflict again. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
