import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'portal_session';

function secure(c: Context, production: boolean): boolean {
  return production || new URL(c.req.url).protocol === 'https:';
}

export function readSessionToken(c: Context): string | null {
  const token = getCookie(c, SESSION_COOKIE);
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
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: secure(c, production),
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  });
}

export function clearSessionCookie(c: Context, production: boolean): void {
  deleteCookie(c, SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c, production),
  });
}
