import type { Context } from 'hono';
import type { Services } from '../deps';

/**
 * Base URL of links the server hands out (e-mails, the SCIM URL), or null when none may be built.
 * PUBLIC_URL when set. Otherwise, in development only, the request's origin if it is one of the
 * server's own (`ownOrigins`: loopback names with its port, the dev portal's), else the first of
 * those: never an origin the client chose with its Host header (a `Host: evil.example` put reset
 * links to evil.example into e-mails: docs/decisions/015-sign-in-security.md). In production
 * without PUBLIC_URL: null.
 */
export function publicBaseUrl(c: Context, s: Services): string | null {
  if (s.publicUrl) return s.publicUrl.replace(/\/+$/, '');
  if (s.production) return null;
  const origin = new URL(c.req.url).origin;
  return s.ownOrigins.includes(origin) ? origin : (s.ownOrigins[0] ?? null);
}

/** The loopback origins a development server on `port` is reached at. */
export function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

export function isLoopbackHost(host: string): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host) || /^127\./.test(host);
}
