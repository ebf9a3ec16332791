import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The session cookie. In production it is `__Host-portal_session`: browsers accept a `__Host-`
 * cookie only when it is Secure, has Path=/ and no Domain, so neither a sibling subdomain nor a
 * plain-http page can plant or overwrite it (docs/decisions/015-sign-in-security.md). In
 * development (http://localhost) the plain name, since `__Host-` needs Secure.
 */
export const SESSION_COOKIE = 'portal_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export function sessionCookieName(production: boolean): string {
  return production ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function secure(c: Context, production: boolean): boolean {
  return production || new URL(c.req.url).protocol === 'https:';
}

const prefixOf = (production: boolean) => (production ? { prefix: 'host' as const } : {});

export function readSessionToken(c: Context, production: boolean): string | null {
  const token = getCookie(c, SESSION_COOKIE, prefixOf(production).prefix);
  // Our tokens are 43 base64url characters; anything else cannot match a row.
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

/** `maxAgeSeconds` rather than Expires: independent of the server's (injectable) clock. */
export function setSessionCookie(
  c: Context,
  token: string,
  maxAgeSeconds: number,
  production: boolean,
): void {
  // Hono writes the `__Host-` name (and enforces Secure, Path=/, no Domain) from `prefix`.
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: secure(c, production),
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
    ...prefixOf(production),
  });
}

export function clearSessionCookie(c: Context, production: boolean): void {
  deleteCookie(c, SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c, production),
    ...prefixOf(production),
  });
}
