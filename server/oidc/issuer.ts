/**
 * The OpenID Provider's issuer identifier from an organization's SSO setup fields (pure, no I/O;
 * README "Single sign-on", docs/decisions/019-openid-connect.md):
 *
 * - okta: the "Tenant (Okta Domain)": a domain (`dev-123.okta.com` → `https://dev-123.okta.com`,
 *   Okta's org authorization server) or a full issuer URL (`https://dev-123.okta.com/oauth2/default`,
 *   or any other standard provider's issuer).
 * - azure (Microsoft Entra ID): a tenant id or a verified domain → `https://login.microsoftonline.com/{tenant}/v2.0`;
 *   a full issuer URL is taken as it is. Multi-tenant endpoints (`common`, `organizations`,
 *   `consumers`) are refused: they accept every tenant's users, and the organization's own tenant
 *   is what vouches for its administrators' e-mail addresses.
 * - An issuer URL must be https. Outside production, http is also accepted for loopback hosts
 *   (localhost, 127.0.0.0/8, ::1), so that a developer or a test can run a real provider locally.
 *   In production a loopback or private IP literal is refused here; host names are checked when
 *   they are resolved (provider-fetch.ts).
 */
import { isIP } from 'node:net';
import type { SsoProvider } from '@domain/sso';
import { isLoopbackHost, isPublicAddress } from '../integrations/webhook-url';

export const ENTRA_ID_ORIGIN = 'https://login.microsoftonline.com';

/** Entra ID's endpoints that accept users of any tenant. */
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

export const ISSUER_MESSAGES = {
  okta: 'Enter your Okta domain (for example dev-123456.okta.com) or the issuer URL of your authorization server (https://…).',
  azure:
    'Enter your Microsoft Entra tenant ID (a GUID) or one of its verified domains (for example contoso.onmicrosoft.com).',
  multiTenant:
    'Multi-tenant endpoints (common, organizations, consumers) accept users of any tenant: enter your own tenant ID or domain.',
  https:
    'The issuer URL must use https (http is accepted only for this computer — localhost, 127.0.0.1 — outside production).',
  extras: 'The issuer URL cannot contain a user name, password, query or fragment.',
  privateAddress: 'The issuer URL must not point to a private network address.',
} as const;

export type IssuerResult = { ok: true; issuer: string } | { ok: false; error: string };

/** A DNS name: labels of letters, digits and hyphens, at least two of them. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The issuer of an organization's SSO settings, or why the Tenant field cannot give one. */
export function issuerFor(
  provider: SsoProvider,
  tenant: string,
  options: { production: boolean },
): IssuerResult {
  const value = tenant.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return issuerUrl(value, provider, options);
  if (provider === 'azure') {
    if (MULTI_TENANT.has(value.toLowerCase()))
      return { ok: false, error: ISSUER_MESSAGES.multiTenant };
    if (!GUID.test(value) && !DOMAIN.test(value))
      return { ok: false, error: ISSUER_MESSAGES.azure };
    return { ok: true, issuer: `${ENTRA_ID_ORIGIN}/${value.toLowerCase()}/v2.0` };
  }
  // okta: a domain, optionally with the path of a custom authorization server.
  const [host = '', ...path] = value.split('/');
  if (!DOMAIN.test(host)) return { ok: false, error: ISSUER_MESSAGES.okta };
  return issuerUrl(`https://${[host, ...path].join('/')}`, provider, options);
}

function issuerUrl(
  raw: string,
  provider: SsoProvider,
  options: { production: boolean },
): IssuerResult {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, error: ISSUER_MESSAGES[provider] };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: ISSUER_MESSAGES.https };
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    raw.includes('?') ||
    raw.includes('#')
  ) {
    return { ok: false, error: ISSUER_MESSAGES.extras };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return { ok: false, error: ISSUER_MESSAGES[provider] };
  const loopback = isLoopbackHost(host);
  if (url.protocol === 'http:' && (options.production || !loopback)) {
    return { ok: false, error: ISSUER_MESSAGES.https };
  }
  if (options.production && (loopback || (isIP(host) !== 0 && !isPublicAddress(host)))) {
    return { ok: false, error: ISSUER_MESSAGES.privateAddress };
  }
  const firstSegment = url.pathname.split('/')[1]?.toLowerCase() ?? '';
  if (url.origin === ENTRA_ID_ORIGIN && MULTI_TENANT.has(firstSegment)) {
    return { ok: false, error: ISSUER_MESSAGES.multiTenant };
  }
  // An issuer has no trailing slash unless it is the bare origin's (which is written without).
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, issuer: `${url.origin}${path}` };
}

/** Whether a URL the provider's metadata names may be fetched (the issuer's own rule). */
export function isFetchableProviderUrl(raw: string, options: { production: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    !options.production &&
    isLoopbackHost(url.hostname.replace(/^\[(.*)\]$/, '$1'))
  );
}
