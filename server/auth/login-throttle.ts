/**
 * The sign-in throttle (the policy is written down in docs/decisions/015-sign-in-security.md).
 *
 * An attempt is counted BEFORE its password is verified, by one atomic upsert per scope
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`: PostgreSQL serialises concurrent upserts of one
 * row), and only an attempt every scope accepted reaches the password check. So of N parallel
 * guesses at most the limit are verified, whatever the timing, in one process or in many sharing
 * one PostgreSQL. A success gives its attempt back.
 *
 *   pair    (account + client address): 5 attempts, then locked 1 minute; after each lock one
 *           more attempt, and the next lock doubles (2, 4, … up to 60 minutes). An attacker
 *           elsewhere locks only their own pair: the real user's address is another pair.
 *   address (client address): 20 attempts per 15-minute window, whatever the accounts.
 *   account (the e-mail, from any address that has not signed it in within 30 days): 50 per
 *           15-minute window, against guessing spread over many addresses; the user's familiar
 *           addresses are not counted and never refused by it.
 *   sso-start (client address): 30 single sign-on starts per 15-minute window. Each start writes
 *           a transaction row and may make the server fetch a provider's discovery document;
 *           nothing is guessed there (the provider authenticates), so only starts are counted
 *           (docs/decisions/019-openid-connect.md).
 *   device-enrol (client address): 20 device enrolments per 15-minute window that did not enrol
 *           a device (an unknown, used or deactivated member's code), against guessing codes; a
 *           successful enrolment gives its attempt back (docs/decisions/051-device-api.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SignInThrottleScope } from '@domain/accounts';
import type { Database } from '../db';
import { loginThrottle } from '../db/schema';

export const SIGN_IN_POLICY = {
  windowMs: 15 * 60 * 1000,
  pair: { limit: 5, afterLock: 1, firstLockMs: 60 * 1000, maxLockMs: 60 * 60 * 1000 },
  address: { limit: 20 },
  account: { limit: 50 },
  ssoStart: { limit: 30 },
  deviceEnrol: { limit: 20 },
  /** A pair that signed in within this time makes its address familiar to the account. */
  familiarMs: 30 * 24 * 60 * 60 * 1000,
  /** A pair without any attempt for this long forgets its strikes. */
  strikesForgottenMs: 24 * 60 * 60 * 1000,
} as const;

type Scope = SignInThrottleScope;

interface Counted {
  attempts: number;
  /** How many attempts this row lets through before refusing. */
  allowance: number;
  windowStart: Date;
  lockedUntil: Date | null;
  lastSuccessAt: Date | null;
}

export type ThrottleDecision =
  { allowed: true; ticket: ThrottleTicket } | { allowed: false; retryAfterMs: number };

/** What an allowed attempt counted, to give back on success. */
export interface ThrottleTicket {
  email: string;
  ip: string;
  countedAccount: boolean;
}

export function pairKey(email: string, ip: string): string {
  return `${email}\n${ip}`;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * Counts one attempt of `scope`/`key` at `now` in one upsert and answers the row after it. A locked
 * row is left as it is. Past its window the count starts again; a pair's strikes survive the
 * window and are forgotten after a quiet day. The pair attempt that goes exactly one over the
 * allowance locks the row (only one attempt can see that count).
 */
async function count(
  db: Database,
  scope: Scope,
  key: string,
  now: Date,
  limit: number,
): Promise<Counted> {
  const { windowMs, pair, strikesForgottenMs } = SIGN_IN_POLICY;
  const at = now.toISOString();
  const windowEdge = new Date(now.getTime() - windowMs).toISOString();
  const quietEdge = new Date(now.getTime() - strikesForgottenMs).toISOString();
  const result = await db.execute(sql`
    INSERT INTO login_throttle AS t (scope, key, window_start, attempts, locked_until, strikes)
    VALUES (${scope}, ${key}, ${at}::timestamptz, 1, NULL, 0)
    ON CONFLICT (scope, key) DO UPDATE SET
      window_start = CASE
        WHEN t.locked_until > ${at}::timestamptz THEN t.window_start
        WHEN t.window_start <= ${windowEdge}::timestamptz THEN ${at}::timestamptz
        ELSE t.window_start END,
      strikes = CASE
        WHEN t.locked_until > ${at}::timestamptz THEN t.strikes
        WHEN t.window_start <= ${quietEdge}::timestamptz THEN 0
        ELSE t.strikes END,
      attempts = CASE
        WHEN t.locked_until > ${at}::timestamptz THEN t.attempts
        WHEN t.window_start <= ${windowEdge}::timestamptz THEN 1
        ELSE t.attempts + 1 END
    RETURNING t.window_start, t.attempts, t.locked_until, t.strikes, t.last_success_at
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const strikes = Number(row.strikes);
  const counted: Counted = {
    attempts: Number(row.attempts),
    allowance: scope === 'pair' && strikes > 0 ? pair.afterLock : limit,
    windowStart: toDate(row.window_start)!,
    lockedUntil: toDate(row.locked_until),
    lastSuccessAt: toDate(row.last_success_at),
  };
  const locked = counted.lockedUntil !== null && counted.lockedUntil > now;
  if (scope === 'pair' && !locked && counted.attempts === counted.allowance + 1) {
    const lockedUntil = new Date(
      now.getTime() + Math.min(pair.firstLockMs * 2 ** strikes, pair.maxLockMs),
    );
    await db
      .update(loginThrottle)
      .set({ lockedUntil, strikes: strikes + 1, attempts: 0, windowStart: now })
      .where(and(eq(loginThrottle.scope, scope), eq(loginThrottle.key, key)));
    counted.lockedUntil = lockedUntil;
  }
  return counted;
}

/** How long this row refuses attempts (0: it lets this one through). */
function waitOf(counted: Counted, now: Date): number {
  if (counted.lockedUntil && counted.lockedUntil > now) {
    return counted.lockedUntil.getTime() - now.getTime();
  }
  if (counted.attempts > counted.allowance) {
    // A pair racing its own lock is refused for the first lock's length; the other scopes until
    // their window ends.
    return Math.max(1000, counted.windowStart.getTime() + SIGN_IN_POLICY.windowMs - now.getTime());
  }
  return 0;
}

/** Counts this sign-in attempt in every scope; refuses it (with the wait) when one is over. */
export async function countSignInAttempt(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<ThrottleDecision> {
  const { pair, address, account } = SIGN_IN_POLICY;
  const pairRow = await count(db, 'pair', pairKey(email, ip), now, pair.limit);
  const pairWait = waitOf(pairRow, now);
  if (pairWait > 0) return { allowed: false, retryAfterMs: pairWait };

  const addressWait = waitOf(await count(db, 'address', ip, now, address.limit), now);
  if (addressWait > 0) {
    await giveBack(db, 'pair', pairKey(email, ip));
    return { allowed: false, retryAfterMs: addressWait };
  }

  const familiar =
    pairRow.lastSuccessAt !== null &&
    pairRow.lastSuccessAt.getTime() > now.getTime() - SIGN_IN_POLICY.familiarMs;
  if (!familiar) {
    const accountWait = waitOf(await count(db, 'account', email, now, account.limit), now);
    if (accountWait > 0) {
      await giveBack(db, 'pair', pairKey(email, ip));
      await giveBack(db, 'address', ip);
      return { allowed: false, retryAfterMs: accountWait };
    }
  }
  return { allowed: true, ticket: { email, ip, countedAccount: !familiar } };
}

async function giveBack(db: Database, scope: Scope, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
    .where(and(eq(loginThrottle.scope, scope), eq(loginThrottle.key, key)));
}

/**
 * A verified password: the pair is cleared (no strikes; its address is now familiar to the
 * account) and the attempt is given back to the address and account counts, so successes never
 * use up a limit.
 */
export async function recordSignInSuccess(
  db: Database,
  ticket: ThrottleTicket,
  now: Date,
): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ attempts: 0, strikes: 0, lockedUntil: null, lastSuccessAt: now })
    .where(
      and(eq(loginThrottle.scope, 'pair'), eq(loginThrottle.key, pairKey(ticket.email, ticket.ip))),
    );
  await giveBack(db, 'address', ticket.ip);
  if (ticket.countedAccount) await giveBack(db, 'account', ticket.email);
}

/**
 * A new password (reset or invitation link) ends the account's count and every lock of its pairs:
 * whoever read the e-mail owns the account and should not wait out an attacker's strikes.
 */
export async function clearAccountThrottle(db: Database, email: string): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.scope, 'account'), eq(loginThrottle.key, email)));
  await db.execute(sql`
    UPDATE login_throttle SET attempts = 0, strikes = 0, locked_until = NULL
    WHERE scope = 'pair' AND starts_with(key, ${`${email}\n`})
  `);
}

/** Counts a single sign-on start from this address; refuses it (with the wait) over the limit. */
export async function countSsoStart(
  db: Database,
  ip: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const wait = waitOf(await count(db, 'sso-start', ip, now, SIGN_IN_POLICY.ssoStart.limit), now);
  return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
}

/**
 * Counts a device enrolment attempt from this address (before the code is looked up, so parallel
 * guesses cannot overtake the count); refuses it (with the wait) over the limit. Call it outside
 * the enrolment's transaction: a refused code rolls that back, the count must stay.
 */
export async function countDeviceEnrolAttempt(
  db: Database,
  ip: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const wait = waitOf(
    await count(db, 'device-enrol', ip, now, SIGN_IN_POLICY.deviceEnrol.limit),
    now,
  );
  return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
}

/** A device enrolled: its attempt is given back, so only failed enrolments use up the limit. */
export function giveBackDeviceEnrolAttempt(db: Database, ip: string): Promise<void> {
  return giveBack(db, 'device-enrol', ip);
}

/**
 * A single sign-on of this account from this address: like a verified password, it clears the
 * pair's strikes and lock and makes the address familiar to the account (the provider vouched
 * for the person). Nothing was counted for it, so nothing is given back.
 */
export async function recordSsoSignIn(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    INSERT INTO login_throttle (scope, key, window_start, attempts, locked_until, strikes, last_success_at)
    VALUES ('pair', ${pairKey(email, ip)}, ${at}::timestamptz, 0, NULL, 0, ${at}::timestamptz)
    ON CONFLICT (scope, key) DO UPDATE SET
      attempts = 0, strikes = 0, locked_until = NULL, last_success_at = ${at}::timestamptz
  `);
}

/** Housekeeping: rows with nothing left to remember (no lock, quiet for a day, not familiar). */
export async function deleteStaleThrottleRows(db: Database, now: Date): Promise<void> {
  const quietEdge = new Date(now.getTime() - SIGN_IN_POLICY.strikesForgottenMs);
  const familiarEdge = new Date(now.getTime() - SIGN_IN_POLICY.familiarMs);
  await db.execute(sql`
    DELETE FROM login_throttle
    WHERE window_start <= ${quietEdge.toISOString()}::timestamptz
      AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
      AND (last_success_at IS NULL OR last_success_at <= ${familiarEdge.toISOString()}::timestamptz)
  `);
}
