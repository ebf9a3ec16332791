import type { Context } from 'hono';
import type { Services } from '../deps';
import { publicBaseUrl } from '../http/public-url';

/** Where every organization's provider sends the browser back ("Redirect URL"): one for all. */
export const OIDC_CALLBACK_PATH = '/api/oauth/callback';
/** The development OpenID Provider (development only: dev-provider.ts). */
export const DEV_IDP_PATH = '/api/dev/idp';
/** Where a single sign-on starts (the portal's lookup and SSO setup go here with `?slug=`). */
export const OIDC_LOGIN_PATH = '/api/oauth/login';

/**
 * The Redirect URL to register with the identity provider: `{PUBLIC_URL}/api/oauth/callback`, or
 * in development the request's own origin when it is one of the server's (public-url.ts: never
 * a Host header a client chose). Null in production without PUBLIC_URL.
 */
export function ssoRedirectUrl(c: Context, s: Services): string | null {
  const base = publicBaseUrl(c, s);
  return base ? `${base}${OIDC_CALLBACK_PATH}` : null;
}
