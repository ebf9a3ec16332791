/**
 * Single sign-on through the organization's OpenID Provider (docs/decisions/019-openid-connect.md):
 *
 *   GET /api/oauth/login?slug=…   the portal's lookup (and SSO setup) sends the browser here; a
 *                                 transaction is stored and the browser goes to the provider's
 *                                 authorization endpoint.
 *   GET /api/oauth/callback       the provider sends it back here (the one Redirect URL of every
 *                                 organization; `state` says which sign-in): the code is exchanged,
 *                                 the ID token checked, and the administrator with that e-mail gets
 *                                 the same session as a password sign-in → /sso-login.
 *
 * Every failure ends on the portal's error page, `/error?type=…` (failure.ts has the table), with
 * no session. Both answers are browser navigations (redirects), never JSON.
 *
 * The transaction (state, nonce, PKCE verifier, organization, 10 minutes) is a database row keyed
 * by the state's hash and bound to the browser by an HttpOnly cookie (`portal_oidc`,
 * `__Host-portal_oidc` in production) holding a random key: the callback takes (deletes) the row
 * only with the state *and* the key of the browser that started, so a state is used once, and a
 * callback link carried to another browser (login CSRF, a leaked URL) finds nothing.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { normalizeSlug } from '@domain/accounts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import { isStorableText } from '../http/route';
import { clientIp } from '../http/client-ip';
import { findOrgBySlug } from '../orgs/data';
import { findOrgAdminByEmail } from '../auth/users';
import { createSession, deleteSession, findSession, SESSION_TTL_MS } from '../auth/sessions';
import { countSsoStart, recordSsoSignIn } from '../auth/login-throttle';
import { readSessionToken, setSessionCookie } from '../auth/session-cookie';
import { newToken } from '../auth/tokens';
import { logAtMostEvery } from '../system/log-summary';
import { appendEvent } from '../audit/data';
import { detailsOf, userActor, userTarget } from '../audit/record';
import { ssoPageContentSecurityPolicy } from '../http/security-headers';
import {
  acceptInvitation,
  findProviderSettings,
  insertTransaction,
  takeTransaction,
  TRANSACTION_TTL_MS,
} from './data';
import { failureOf, SsoFailure, type SsoFailureType } from './failure';
import { escapeHtml, htmlPage, newNonce } from './pages';
import { OIDC_CALLBACK_PATH, OIDC_LOGIN_PATH, ssoRedirectUrl } from './redirect-url';

export const BROWSER_COOKIE = 'portal_oidc';
/** After a single sign-on the portal fetches the session here (docs/product/sign-in.md, 'Return from single sign-on'). */
export const SSO_LANDING_PATH = '/sso-login';

const errorPage = (type: SsoFailureType) => `/error?type=${type}`;

/** Callbacks without a transaction are counted, not logged one by one (anyone can send them). */
const strayCallbacks = logAtMostEvery(
  60_000,
  (n) => `[sso] ${n} callback(s) in the last minute had no sign-in of this browser to finish`,
);

function browserKeyOf(c: Context, s: Services): string | null {
  const key = getCookie(c, BROWSER_COOKIE, s.production ? 'host' : undefined);
  return key && /^[A-Za-z0-9_-]{43}$/.test(key) ? key : null;
}

function setBrowserKey(c: Context<AppEnv>, key: string, s: Services): void {
  setCookie(c, BROWSER_COOKIE, key, {
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to us, never on cross-site posts.
    sameSite: 'Lax',
    path: '/',
    secure: s.production || new URL(c.req.url).protocol === 'https:',
    maxAge: TRANSACTION_TTL_MS / 1000,
    ...(s.production ? { prefix: 'host' as const } : {}),
  });
}

/** The one value of a query parameter; null when absent, repeated or not storable text. */
function single(url: URL, name: string): string | null {
  const values = url.searchParams.getAll(name);
  return values.length === 1 && isStorableText(values[0]!) ? values[0]! : null;
}

export function oidcRoutes(app: Hono<AppEnv>, s: Services): void {
  const fail = (c: Context<AppEnv>, failure: SsoFailure, orgId: number | null) => {
    if (orgId !== null) {
      // Only sign-ins that got as far as a transaction are logged: the reason (never a token,
      // a claim or the e-mail) tells an operator what to fix in the provider's settings.
      s.logger.warn(`[sso] sign-in for organization ${orgId} failed: ${failure.message}`);
    }
    return c.redirect(errorPage(failure.type), 302);
  };

  app.get(OIDC_LOGIN_PATH, async (c) => {
    const url = new URL(c.req.url);
    const slug = single(url, 'slug');
    const org =
      slug !== null && slug.length <= 128 ? await findOrgBySlug(s.db, normalizeSlug(slug)) : null;
    const settings = org?.ssoProvider ? await findProviderSettings(s.db, org.id) : null;
    if (!org || !settings) {
      return fail(c, new SsoFailure('oauth-unauthorized', 'no SSO organization'), null);
    }
    const redirectUri = ssoRedirectUrl(c, s);
    if (!redirectUri) {
      s.logger.error(
        '[sso] PUBLIC_URL is not set: single sign-on needs it for the Redirect URL in production',
      );
      return fail(c, new SsoFailure('oauth-unavailable', 'no PUBLIC_URL'), null);
    }
    const now = s.now();
    const started = await countSsoStart(s.db, clientIp(c, s.trustProxy), now);
    if (!started.allowed) return tooManyStarts(c, started.retryAfterMs);

    const browserKey = browserKeyOf(c, s) ?? newToken();
    const state = newToken();
    const nonce = newToken();
    const codeVerifier = client.randomPKCECodeVerifier();
    try {
      const issuer = s.oidc.issuerOf(settings);
      const authorization = await s.oidc.authorizationUrl(settings, {
        redirectUri,
        state,
        nonce,
        codeVerifier,
      });
      await insertTransaction(
        s.db,
        {
          state,
          browserKey,
          orgId: org.id,
          nonce,
          codeVerifier,
          redirectUri,
          issuer,
          clientId: settings.clientId,
        },
        now,
      );
      setBrowserKey(c, browserKey, s);
      return c.redirect(authorization.href, 302);
    } catch (error) {
      return fail(c, failureOf(error), org.id);
    }
  });

  app.get(OIDC_CALLBACK_PATH, async (c) => {
    const url = new URL(c.req.url);
    const state = single(url, 'state');
    const browserKey = browserKeyOf(c, s);
    const transaction =
      state !== null && state.length <= 256 && browserKey
        ? await takeTransaction(s.db, state, browserKey)
        : null;
    const now = s.now();
    if (!transaction || transaction.expiresAt <= now) {
      strayCallbacks(s.logger, now);
      // Replayed, expired, from another browser, or never started: sign in again.
      return fail(c, new SsoFailure('oauth-unauthorized', 'no transaction'), null);
    }
    const orgId = transaction.orgId;
    try {
      const settings = await findProviderSettings(s.db, orgId);
      if (
        !settings ||
        s.oidc.issuerOf(settings) !== transaction.issuer ||
        settings.clientId !== transaction.clientId
      ) {
        throw new SsoFailure('oauth-unauthorized', 'the SSO settings changed during the sign-in');
      }
      // The redirect URI the flow started with, and the parameters the provider sent: never the
      // Host header of this request.
      const callbackUrl = new URL(transaction.redirectUri);
      callbackUrl.search = url.search;
      const identity = await s.oidc.finish(settings, callbackUrl, {
        state: state!,
        nonce: transaction.nonce,
        codeVerifier: transaction.codeVerifier,
      });
      if (identity.email === null) {
        throw new SsoFailure('oauth-unauthorized', 'the provider sent no email claim');
      }
      if (identity.emailVerified === false) {
        throw new SsoFailure('oauth-unauthorized', 'the provider says the e-mail is not verified');
      }
      const admin = await findOrgAdminByEmail(s.db, orgId, identity.email.trim());
      if (!admin) {
        throw new SsoFailure(
          'oauth-unauthorized',
          'no administrator of the organization has that e-mail',
        );
      }
      if (admin.loginBlocked) {
        await appendEvent(s.db, {
          orgId,
          time: now,
          actor: userActor(admin),
          action: 'session.sign_in_failed',
          target: userTarget(admin),
          outcome: 'failure',
          message: 'Access limited by login policy.',
          ...detailsOf(c),
          changes: { method: 'sso' },
        });
        throw new SsoFailure('sso-unauthorized', 'the administrator is refused by a login policy');
      }
      // The same session as a password sign-in (routes/session.ts, login): a fresh token, the
      // one this browser held before revoked.
      const previousToken = readSessionToken(c, s.production);
      if (previousToken) {
        const previous = await findSession(s.db, previousToken, now, s.sessionIdleMs);
        if (previous) await deleteSession(s.db, previous.id);
      }
      // An invited administrator signing in through the organization's provider has proved
      // who they are as the invitation link would have.
      if (!admin.inviteAccepted) await acceptInvitation(s.db, admin.id);
      await recordSsoSignIn(s.db, admin.email, clientIp(c, s.trustProxy), now);
      // The session and its event are one transaction (docs/decisions/018-audit-log.md).
      const created = await s.db.transaction(async (tx) => {
        const made = await createSession(tx, admin.id, now);
        await appendEvent(tx, {
          orgId,
          time: now,
          actor: userActor(admin),
          action: 'session.signed_in',
          target: userTarget(admin),
          outcome: 'success',
          ...detailsOf(c),
          changes: { method: 'sso' },
        });
        return made;
      });
      setSessionCookie(c, created.token, SESSION_TTL_MS / 1000, s.production);
      return c.redirect(SSO_LANDING_PATH, 302);
    } catch (error) {
      return fail(c, failureOf(error), orgId);
    }
  });
}

/** More single sign-on starts from this address than the throttle allows: a plain page, 429. */
function tooManyStarts(c: Context<AppEnv>, retryAfterMs: number) {
  const nonce = newNonce();
  c.header('Content-Security-Policy', ssoPageContentSecurityPolicy(nonce));
  c.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const text = `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return c.html(
    htmlPage(
      'Too many sign-in attempts',
      `<h1>Too many sign-in attempts</h1>
<p class="lead">${escapeHtml(text)}</p>
<p class="lead"><a href="/look-up">Back to organization lookup</a></p>`,
      nonce,
    ),
    429,
  );
}
