/**
 * Development identity provider (mounted unless NODE_ENV=production). Stands in for Okta/Azure:
 * GET /api/oauth/login?slug=… shows a consent page; POST signs the administrator in and redirects
 * to /sso-login, or to /error?type=… as a real provider's failure would. Never contacts a provider.
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { EMAIL_MAX_LENGTH, normalizeSlug } from '@domain/accounts';
import type { ErrorType } from '@contract/session';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import { API_PREFIX, isStorableText } from '../http/route';
import { findOrgBySlug } from '../orgs/data';
import { findFirstOrgAdmin, findOrgAdminByEmail } from '../auth/users';
import { createSession, SESSION_TTL_MS } from '../auth/sessions';
import { setSessionCookie } from '../auth/session-cookie';
import type { Organization } from '../db/schema';
import { devIdpContentSecurityPolicy } from '../http/security-headers';

/** The page and its form's target (a form post: exempt from the CSRF header, not the origin). */
export const DEV_IDP_LOGIN_PATH = `${API_PREFIX}/oauth/login`;

const PROVIDER_NAMES: Record<string, string> = {
  okta: 'Okta',
  azure: 'Microsoft Entra ID (Azure)',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 4rem auto; background: #ffffff; padding: 2rem; border-radius: 0.5rem;
         box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
  h1 { font-size: 1.375rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid #4b5563; border-radius: 0.25rem;
          font-size: 1rem; margin-bottom: 1.25rem; color: #111827; }
  .actions { display: flex; gap: 0.75rem; }
  button { font-size: 1rem; padding: 0.5rem 1.25rem; border-radius: 0.25rem; cursor: pointer; }
  .primary { background: #1d4ed8; color: #ffffff; border: 1px solid #1d4ed8; }
  .secondary { background: #ffffff; color: #1f2937; border: 1px solid #4b5563; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .note { font-size: 0.875rem; color: #374151; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function loginPage(org: Organization, email: string, nonce: string): string {
  const provider = PROVIDER_NAMES[org.ssoProvider ?? ''] ?? 'your identity provider';
  return page(
    `Sign in with ${provider}`,
    `<h1>Sign in with ${escapeHtml(provider)}</h1>
<p>Development identity provider for <strong>${escapeHtml(org.name)}</strong>. No real provider is contacted.</p>
<form method="post" action="${DEV_IDP_LOGIN_PATH}">
  <input type="hidden" name="slug" value="${escapeHtml(org.slug)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required>
  <div class="actions">
    <button class="primary" type="submit" name="action" value="signin">Sign in</button>
    <button class="secondary" type="submit" name="action" value="deny" formnovalidate>Deny</button>
  </div>
</form>`,
    nonce,
  );
}

function unknownOrgPage(slug: string, nonce: string): string {
  return page(
    'Organization not found',
    `<h1>Organization not found</h1>
<p>No organization with single sign-on is called <strong>${escapeHtml(slug)}</strong>.</p>
<p><a href="/look-up">Back to organization lookup</a></p>`,
    nonce,
  );
}

const errorRedirect = (type: ErrorType) => `/error?type=${type}`;

export function devIdpRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(DEV_IDP_LOGIN_PATH, async (c) => {
    const raw = (c.req.query('slug') ?? '').slice(0, 128);
    const org = isStorableText(raw) ? await findOrgBySlug(s.db, normalizeSlug(raw)) : null;
    // Its own policy: no script at all, the one <style> element by a per-answer nonce.
    const nonce = randomBytes(16).toString('base64');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', devIdpContentSecurityPolicy(nonce));
    if (!org || !org.ssoProvider) return c.html(unknownOrgPage(raw, nonce), 404);
    const admin = await findFirstOrgAdmin(s.db, org.id);
    return c.html(loginPage(org, admin?.email ?? '', nonce));
  });

  app.post(DEV_IDP_LOGIN_PATH, async (c) => {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.redirect(errorRedirect('oauth-unauthorized'), 302);
    }
    // A field the database could not compare (NUL, unpaired surrogates) counts as empty.
    const field = (name: string) => {
      const value = form[name];
      return typeof value === 'string' && isStorableText(value) ? value : '';
    };
    const org = await findOrgBySlug(s.db, normalizeSlug(field('slug').slice(0, 128)));
    if (!org || !org.ssoProvider) return c.redirect(errorRedirect('oauth-unauthorized'), 302);
    if (field('action') !== 'signin') return c.redirect(errorRedirect('oauth-access-denied'), 302);
    const admin = await findOrgAdminByEmail(
      s.db,
      org.id,
      field('email').slice(0, EMAIL_MAX_LENGTH),
    );
    if (!admin || admin.loginBlocked) return c.redirect(errorRedirect('sso-unauthorized'), 302);
    const created = await createSession(s.db, admin.id, s.now());
    setSessionCookie(c, created.token, SESSION_TTL_MS / 1000, s.production);
    return c.redirect('/sso-login', 302);
  });
}
