/**
 * contract/session.ts: GET /session, POST /login, /logout, /reset-password, /update-password
 * (docs/product/sign-in.md).
 */
import type { Hono } from 'hono';
import { getSession, login, logout, resetPassword, updatePassword } from '@contract/session';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { passwordRuleError } from './password-rule';
import { clientIp } from '../http/client-ip';
import { publicBaseUrl } from '../http/public-url';
import { toSessionBody } from './session-body';
import { ssoRedirectUrl } from '../oidc/redirect-url';
import { hashToken, newToken } from './tokens';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { createSession, deleteSession, deleteUserSessions, SESSION_TTL_MS } from './sessions';
import { findUserWithOrgByEmail, normalizeEmail, setPasswordHash } from './users';
import { findSessionBilling } from '../billing/data';
import { clearAccountThrottle, countSignInAttempt, recordSignInSuccess } from './login-throttle';
import { logAtMostEvery } from '../system/log-summary';
import { answerSent } from '../system/background';
import { mailJob } from '../mail/jobs';
import { appendEvent } from '../audit/data';
import { detailsOf, userActor, userTarget, type RequestDetails } from '../audit/record';
import type { Organization, User } from '../db/schema';
import type { Database } from '../db';
import {
  consumeResetToken,
  insertResetTokenWithinCap,
  isResetTokenUsable,
} from './password-resets';

export const LOGIN_MESSAGES = {
  /**
   * Every failed sign-in answers this, with the same status and (within noise) time: unknown
   * address, wrong password, SSO-only administrator, invitation not accepted yet (distinct answers
   * told an attacker which addresses exist and how they sign in:
   * docs/decisions/015-sign-in-security.md).
   */
  wrongCredentials: 'Incorrect email or password.',
  loginPolicy: 'Access limited by login policy.',
  invalidResetLink: 'This password reset link is invalid or has expired.',
} as const;

export function throttledMessage(delayMs: number): string {
  const minutes = Math.max(1, Math.ceil(delayMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** "e-mail cap reached" is logged at most once a minute, as a count. */
const capLog = logAtMostEvery(
  60_000,
  (n) => `[reset-password] e-mail cap reached: ${n} request(s) in the last minute sent nothing`,
);

/**
 * A sign-in event of `user` (docs/decisions/018-audit-log.md, 'Sign-ins'): the user is both the
 * actor and the target, the method is in `changes`.
 */
function signInEvent(
  db: Database,
  details: RequestDetails,
  time: Date,
  user: User,
  org: Organization,
  event: {
    action: 'session.signed_in' | 'session.sign_in_failed' | 'session.signed_out';
    message?: string;
    method?: 'password' | 'sso';
  },
) {
  return appendEvent(db, {
    orgId: org.id,
    time,
    actor: userActor(user),
    action: event.action,
    target: userTarget(user),
    outcome: event.action === 'session.sign_in_failed' ? 'failure' : 'success',
    message: event.message ?? null,
    ...details,
    changes: event.method ? { method: event.method } : null,
  });
}

/**
 * Which addresses may have a 'throttled' sign-in event now: at most one a minute each (an
 * in-process map, bounded; several server processes may each record one).
 */
class EventLimiter {
  #last = new Map<string, number>();
  constructor(
    readonly everyMs: number,
    readonly maxKeys = 10_000,
  ) {}

  take(key: string, now: Date): boolean {
    const last = this.#last.get(key);
    if (last !== undefined && now.getTime() - last < this.everyMs) return false;
    this.#last.delete(key);
    this.#last.set(key, now.getTime());
    if (this.#last.size > this.maxKeys) {
      const oldest = this.#last.keys().next().value;
      if (oldest !== undefined) this.#last.delete(oldest);
    }
    return true;
  }
}

export function sessionRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  const throttledEvents = new EventLimiter(60_000);
  /**
   * A failed sign-in of a known administrator is recorded after the answer, so a known address
   * does not answer later than an unknown one (docs/decisions/015-sign-in-security.md).
   */
  const recordFailedSignIn = (
    c: Parameters<typeof detailsOf>[0],
    email: string,
    message: string,
    now: Date,
    known?: { user: User; org: Organization } | null,
  ) => {
    const details = detailsOf(c);
    s.tasks.run(
      'sign-in failure event',
      async () => {
        const found = known ?? (await findUserWithOrgByEmail(s.db, email));
        if (!found) return;
        await signInEvent(s.db, details, now, found.user, found.org, {
          action: 'session.sign_in_failed',
          message,
          method: 'password',
        });
      },
      answerSent(c),
    );
  };

  route(app, getSession, async ({ session, c }) =>
    toSessionBody(
      session.user,
      session.org,
      await findSessionBilling(s.db, session.org.id),
      ssoRedirectUrl(c, s),
    ),
  );

  route(app, login, async ({ body, session: previous, c }) => {
    const email = normalizeEmail(body.email);
    const ip = clientIp(c, s.trustProxy);
    const now = s.now();

    // Counted before the password is checked, atomically: of any number of parallel guesses only
    // the limit reach the (costly) verification; the rest are refused without hashing.
    const decision = await countSignInAttempt(s.db, email, ip, now);
    if (!decision.allowed) {
      // One event a minute per address: a guessing burst must not flood the log.
      if (throttledEvents.take(email, now)) {
        recordFailedSignIn(c, email, throttledMessage(decision.retryAfterMs), now);
      }
      throw new HttpError(
        429,
        { error: throttledMessage(decision.retryAfterMs) },
        { 'Retry-After': String(Math.ceil(decision.retryAfterMs / 1000)) },
      );
    }

    const found = await findUserWithOrgByEmail(s.db, email);
    // One hash of the same cost whether or not there is a user or a password (SSO-only, pending):
    // every failure answers alike, in the same time.
    const passwordOk = await s.passwords.verify(body.password, found?.user.passwordHash);
    if (!found || !passwordOk) {
      if (found) recordFailedSignIn(c, email, LOGIN_MESSAGES.wrongCredentials, now, found);
      throw new HttpError(401, { error: LOGIN_MESSAGES.wrongCredentials });
    }
    await recordSignInSuccess(s.db, decision.ticket, now);
    if (found.user.loginBlocked) {
      recordFailedSignIn(c, email, LOGIN_MESSAGES.loginPolicy, now, found);
      throw new HttpError(403, { error: LOGIN_MESSAGES.loginPolicy });
    }

    // Renewal: every sign-in gets a fresh token; the one this browser held before is revoked.
    // The session and its event are one transaction.
    const created = await s.db.transaction(async (tx) => {
      if (previous) await deleteSession(tx, previous.id);
      const made = await createSession(tx, found.user.id, now);
      await signInEvent(tx, detailsOf(c), now, found.user, found.org, {
        action: 'session.signed_in',
        method: 'password',
      });
      return made;
    });
    setSessionCookie(c, created.token, SESSION_TTL_MS / 1000, s.production);
    return toSessionBody(
      found.user,
      found.org,
      await findSessionBilling(s.db, found.org.id),
      ssoRedirectUrl(c, s),
    );
  });

  route(app, logout, async ({ session, c }) => {
    if (session) {
      await s.db.transaction(async (tx) => {
        await deleteSession(tx, session.id);
        await signInEvent(tx, detailsOf(c), s.now(), session.user, session.org, {
          action: 'session.signed_out',
        });
      });
    }
    clearSessionCookie(c, s.production);
    return {};
  });

  route(app, resetPassword, async ({ body, c }) => {
    // The same answer at the same moment whether or not the address is known: nothing is looked
    // up before answering. The lookup, the token and the e-mail happen after (background task).
    const base = publicBaseUrl(c, s);
    const requested = s.now();
    const details = detailsOf(c);
    s.tasks.run(
      'password reset e-mail',
      async () => {
        const found = await findUserWithOrgByEmail(s.db, body.email);
        // Unknown, SSO-only and pending administrators (who set their password through Resend)
        // get nothing.
        if (!found?.user.passwordHash) return;
        if (!base) {
          s.logger.error(
            '[reset-password] PUBLIC_URL is not set: refusing to build a password reset link in production',
          );
          return;
        }
        const user = found.user;
        const token = newToken();
        const tokenHash = hashToken(token);
        // At most MAX_RESET_EMAILS_PER_HOUR, also when requests arrive together. The e-mail is a
        // job written with the token (server/mail/jobs.ts): both exist, or neither.
        const inserted = await insertResetTokenWithinCap(
          s.db,
          { tokenHash, userId: user.id, now: requested },
          async (tx) => {
            await s.queue.enqueue(
              tx,
              mailJob(
                'password-reset',
                user.email,
                { name: user.name, link: `${base}/update-password/${token}`, tokenHash },
                found.org.id,
              ),
            );
            await appendEvent(tx, {
              orgId: found.org.id,
              time: requested,
              actor: userActor(user),
              action: 'password.reset_requested',
              target: userTarget(user),
              outcome: 'success',
              ...details,
            });
          },
        );
        if (!inserted) {
          // Unauthenticated requests must not be able to flood the log: one summary a minute.
          capLog(s.logger, requested);
          return;
        }
        s.queue.wake();
      },
      answerSent(c),
    );
    return {};
  });

  route(app, updatePassword, async ({ body, c }) => {
    const weak = passwordRuleError(body.password);
    if (weak) throw weak;
    const tokenHash = hashToken(body.requestToken);
    const now = s.now();
    const invalid = () => new HttpError(400, { error: LOGIN_MESSAGES.invalidResetLink });
    // Cheap check first so an invalid link costs no hashing; the transaction below decides for real.
    if (!(await isResetTokenUsable(s.db, tokenHash, now))) throw invalid();
    const passwordHash = await s.passwords.hash(body.password);
    await s.db.transaction(async (tx) => {
      const userId = await consumeResetToken(tx, tokenHash, now);
      if (userId === null) throw invalid();
      const user = await setPasswordHash(tx, userId, passwordHash);
      await deleteUserSessions(tx, userId);
      if (user) {
        await clearAccountThrottle(tx, user.email);
        await appendEvent(tx, {
          orgId: user.orgId,
          time: now,
          actor: userActor(user),
          action: 'password.changed',
          target: userTarget(user),
          outcome: 'success',
          ...detailsOf(c),
        });
      }
    });
    return {};
  });
}
