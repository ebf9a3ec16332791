import { and, count, eq, gt, isNull, lte } from 'drizzle-orm';
import type { PasswordTokenPurpose } from '@domain/accounts';
import type { Database } from '../db';
import { passwordResetTokens, users } from '../db/schema';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** An administrator invitation link works for 7 days (a resend issues a fresh one). */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many reset e-mails per address and hour; further requests are answered alike but send nothing. */
export const MAX_RESET_EMAILS_PER_HOUR = 5;

/** The first administrator's link from `npm run org:create` works for 24 hours. */
export const FIRST_ADMIN_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export async function insertResetToken(
  db: Database,
  values: {
    tokenHash: string;
    userId: number;
    now: Date;
    purpose?: PasswordTokenPurpose;
    /** Overrides the purpose's validity. */
    ttlMs?: number;
  },
): Promise<void> {
  const purpose = values.purpose ?? 'reset';
  const ttl = values.ttlMs ?? (purpose === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS);
  await db.insert(passwordResetTokens).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    createdAt: values.now,
    expiresAt: new Date(values.now.getTime() + ttl),
    purpose,
  });
}

/** Ends the user's unused invitation links (a resent invitation replaces the earlier one). */
export async function revokeInviteTokens(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'invite'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/** Ends one link (its e-mail could not be sent, so nobody can use it). */
export async function revokeResetToken(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)));
}

/**
 * Marks a valid (unused, unexpired) token used and returns its user, atomically: of two concurrent
 * uses only one wins. Null when the token is unknown, expired or already used.
 */
export async function consumeResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Is the token currently usable? (Read-only; consumeResetToken decides for real.) */
export async function isResetTokenUsable(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many reset tokens (not invitations) the user was sent since `since` (to cap e-mails per address). */
export async function countResetTokensSince(
  db: Database,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'reset'),
        gt(passwordResetTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Inserts a reset token unless the user was sent MAX_RESET_EMAILS_PER_HOUR in the hour before
 * `now`; returns whether it did. Count and insert run in one transaction under the user's row lock,
 * so concurrent requests (one process's background tasks, or several server processes on one
 * Postgres) cannot each see room for one more and together pass the cap.
 */
export function insertResetTokenWithinCap(
  db: Database,
  values: { tokenHash: string; userId: number; now: Date },
  /** Runs in the same transaction once the token is in (the e-mail's job: server/mail/jobs.ts). */
  alsoInTransaction?: (tx: Database) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, values.userId))
      .for('no key update');
    if (!user) return false;
    const since = new Date(values.now.getTime() - 60 * 60 * 1000);
    if ((await countResetTokensSince(tx, values.userId, since)) >= MAX_RESET_EMAILS_PER_HOUR) {
      return false;
    }
    await insertResetToken(tx, values);
    await alsoInTransaction?.(tx);
    return true;
  });
}

/** Deletes tokens expired for a day (kept that long so the per-hour e-mail cap still counts them). */
export async function deleteStaleResetTokens(db: Database, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, cutoff));
}
