/**
 * The CSRF rule of the API (docs/decisions/020-http-rules-and-headers.md), as a pure function. A
 * call that changes state (any method but GET, HEAD and OPTIONS, and the few GET calls that write)
 * must
 *
 * 1. not be marked by the browser as coming from another origin (`Sec-Fetch-Site` other than
 *    `same-origin` or `none`: a sibling subdomain is `same-site`, still not us);
 * 2. carry no `Origin`, or ours: the request's own host (the browser sets `Host`), or PUBLIC_URL's
 *    origin, or behind a trusted proxy `X-Forwarded-Host` (an http page may not post to https);
 * 3. send `X-Requested-With: portal`, which the portal's API client sends on every call. A
 *    custom header cannot be sent by a cross-site form, link or image, and a cross-origin script
 *    would need a CORS preflight, which this server never grants.
 *
 * Form posts of our own HTML pages (the development identity provider) cannot send a header, so
 * their paths need only 1 and 2.
 */

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'portal';

export const CSRF_MESSAGES = {
  crossSite: 'Cross-site request refused.',
  foreignOrigin: 'Request from another origin refused.',
  missingHeader: `Missing header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE} (required on calls that change data).`,
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfRequest {
  method: string;
  /** The URL as the server received it. */
  url: string;
  header(name: string): string | undefined;
}

export interface CsrfPolicy {
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Whether the request reached us over https (see `isHttpsRequest`). */
  https: boolean;
  /** GET paths that write (they get the full check). */
  writingGets: ReadonlySet<string>;
  /** POST paths of our own HTML forms (checks 1 and 2 only). */
  formPaths: ReadonlySet<string>;
  /**
   * POST paths called by another server and authenticated by a signature over the body alone
   * (Stripe's events: docs/decisions/040-stripe.md). No browser session opens them, so no check.
   */
  signedPaths?: ReadonlySet<string>;
  /**
   * Path prefixes of calls made by apps with a credential of their own (the device API:
   * docs/decisions/051-device-api.md), never with the session cookie: a forged request could
   * only act as the credential it does not have, so no check.
   */
  credentialPrefixes?: readonly string[];
}

/** Whether the request must pass the check at all. */
export function isStateChanging(method: string, path: string, policy: CsrfPolicy): boolean {
  const m = method.toUpperCase();
  if (!SAFE_METHODS.has(m)) return true;
  return m === 'GET' && policy.writingGets.has(path);
}

function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether an `Origin` header value is ours. 'null' (opaque origins) never is. */
export function isOwnOrigin(origin: string, req: CsrfRequest, policy: CsrfPolicy): boolean {
  const claimed = originOf(origin);
  if (!claimed) return false;
  if (policy.publicUrl) {
    const pub = originOf(policy.publicUrl);
    if (pub && pub.origin === claimed.origin) return true;
  }
  // An http page (anyone on the network can write into it) may not post to the https site.
  if (policy.https && claimed.protocol !== 'https:') return false;
  const hosts = [new URL(req.url).host.toLowerCase()];
  if (policy.trustProxy) {
    const forwarded = req.header('x-forwarded-host')?.split(',')[0]?.trim().toLowerCase();
    if (forwarded) hosts.push(forwarded);
  }
  return hosts.includes(claimed.host.toLowerCase());
}

/** The reason to refuse the request (answered 403 `{error}`), or null to let it through. */
export function csrfProblem(req: CsrfRequest, policy: CsrfPolicy): string | null {
  const path = new URL(req.url).pathname;
  if (!isStateChanging(req.method, path, policy)) return null;
  if (req.method.toUpperCase() === 'POST' && policy.signedPaths?.has(path)) return null;
  if (policy.credentialPrefixes?.some((prefix) => path.startsWith(prefix))) return null;
  const site = req.header('sec-fetch-site')?.toLowerCase();
  if (site && site !== 'same-origin' && site !== 'none') return CSRF_MESSAGES.crossSite;
  const origin = req.header('origin');
  if (origin !== undefined && !isOwnOrigin(origin, req, policy)) return CSRF_MESSAGES.foreignOrigin;
  if (req.method.toUpperCase() === 'POST' && policy.formPaths.has(path)) return null;
  if (req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE) return CSRF_MESSAGES.missingHeader;
  return null;
}
