import type { Context } from 'hono';
import type { Services } from './deps';

/**
 * Base URL of links the server hands out (e-mails, the SCIM URL), or null when none may be built:
 * in production only PUBLIC_URL is trusted (the Host header is the client's to choose).
 */
export function publicBaseUrl(c: Context, s: Services): string | null {
  if (s.publicUrl) return s.publicUrl.replace(/\/+$/, '');
  if (s.production) return null;
  return new URL(c.req.url).origin;
}
