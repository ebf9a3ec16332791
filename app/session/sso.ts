import { config } from '../config';

/**
 * Where the browser goes to sign in through the organization's identity provider: the API's oauth
 * login with the slug (docs/product/sign-in.md, 'Organization lookup', and
 * docs/product/members.md, 'SSO setup').
 */
export function ssoLoginUrl(slug: string): string {
  return `${config.apiUrl}/oauth/login?slug=${encodeURIComponent(slug)}`;
}

/**
 * Leaves for the identity provider. Never resolves, so whatever awaits it (a busy button) stays
 * busy while the browser leaves the portal.
 */
export function goToSsoLogin(slug: string): Promise<never> {
  window.location.assign(ssoLoginUrl(slug));
  return new Promise<never>(() => undefined);
}
