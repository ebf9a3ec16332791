/**
 * Security headers of every response, as pure functions: the Content-Security-Policy of the portal,
 * the one of the server's own single sign-on pages, the other headers, and when a request counts as
 * https (for HSTS). `app.ts` applies them; docs/decisions/020-http-rules-and-headers.md explains
 * each choice.
 */

/** Stripe.js and its frames (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_SCRIPT_ORIGIN = 'https://js.stripe.com';
export const STRIPE_FRAME_ORIGINS = ['https://js.stripe.com', 'https://hooks.stripe.com'] as const;
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/**
 * index.html's one inline script, the pre-paint theme choice (docs/decisions/061-dark-mode.md),
 * allowed by its hash and nothing else inline. security-headers.test.ts recomputes it from
 * index.html, so an edit to that script without this hash fails the unit tests, not production.
 */
export const PRE_PAINT_SCRIPT_HASH = "'sha256-sJh+dq1An3O7zpsRlrgJHKVYhuvO15I0MFKaqWlEdgc='";

export interface CspOptions {
  /** Extra origins for connect-src: the error-reporting ingest host, an analytics collector. */
  connectOrigins?: readonly string[];
  /** Where browsers report violations (Sentry's security endpoint when a DSN is configured). */
  reportUri?: string | null;
}

/**
 * The portal's policy. Scripts only from our origin and Stripe.js, plus index.html's pre-paint
 * theme script by its hash (no other inline script, no eval);
 * styles from our origin, plus inline `<style>` elements and `style` attributes, which the portal
 * needs: Radix dialogs' scroll lock (react-remove-scroll-bar) inserts a `<style>` element, the
 * e-mail preview is an `<iframe srcdoc>` (it inherits this policy) with a `<style>` element, and
 * Stripe.js styles its elements inline. Images from our origin and data: URLs; nothing else
 * loads from elsewhere, so injected CSS cannot send data out either.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = unique(["'self'", STRIPE_API_ORIGIN, ...(options.connectOrigins ?? [])]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", PRE_PAINT_SCRIPT_HASH, STRIPE_SCRIPT_ORIGIN]],
    ['style-src', ["'self'"]],
    ['style-src-elem', ["'self'", "'unsafe-inline'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['frame-src', [...STRIPE_FRAME_ORIGINS]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (options.reportUri) directives.push(['report-uri', [options.reportUri]]);
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * The HTML pages of single sign-on the server renders itself (server/oidc/pages.ts: the
 * development OpenID Provider's sign-in and error pages, the "too many sign-ins" page): no script
 * at all, their one `<style>` element by nonce, forms posting to our origin only — plus, on the
 * development provider's sign-in page, the origins its clients' redirect URIs are on: browsers
 * apply form-action to the redirects that follow a form post, and that post ends at the relying
 * party's callback.
 */
export function ssoPageContentSecurityPolicy(
  nonce: string,
  formTargets: readonly string[] = [],
): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action ${unique(["'self'", ...formTargets]).join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
  // Stripe's card frame may ask for the Payment Request API (wallets); nothing else may.
  `payment=(self "${STRIPE_SCRIPT_ORIGIN}")`,
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every header of a response; HSTS only when the request reached us over https. */
export function securityHeaders(options: { csp: string; https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': options.csp,
    'X-Content-Type-Options': 'nosniff',
    // Never the path (a reset link's token) to another origin; 'no-referrer' would make browsers
    // send `Origin: null` on our own POSTs, which the CSRF check refuses.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  if (options.https) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/**
 * Whether the browser talks to us over https: the request URL itself, a PUBLIC_URL with https
 * (the deployment says so), or, only behind a trusted proxy, `X-Forwarded-Proto: https`.
 */
export function isHttpsRequest(args: {
  url: string;
  forwardedProto: string | undefined;
  publicUrl: string | undefined;
  trustProxy: boolean;
}): boolean {
  if (new URL(args.url).protocol === 'https:') return true;
  if (args.publicUrl && /^https:\/\//i.test(args.publicUrl)) return true;
  if (args.trustProxy && args.forwardedProto) {
    return args.forwardedProto.split(',')[0]?.trim().toLowerCase() === 'https';
  }
  return false;
}

/**
 * The origin the browser SDK sends error reports to, from a Sentry DSN
 * (`https://{publicKey}@{host}/{projectId}`), and Sentry's endpoint for CSP violation reports.
 */
export function sentryOrigins(dsn: string): { ingestOrigin: string; reportUri: string } {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error('SENTRY_DSN is not a URL (expected https://{key}@{host}/{project}).');
  }
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (url.protocol !== 'https:' || !url.username || !projectId || !/^\d+$/.test(projectId)) {
    throw new Error('SENTRY_DSN must look like https://{key}@{host}/{project}.');
  }
  return {
    ingestOrigin: url.origin,
    reportUri: `${url.origin}/api/${projectId}/security/?sentry_key=${encodeURIComponent(url.username)}`,
  };
}

/** `https://a.example, https://b.example:8443` (commas or spaces) → their origins. */
export function parseOriginList(value: string, name: string): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new Error(`${name}: ${JSON.stringify(item)} is not an origin such as https://host.`);
      }
      const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
        throw new Error(`${name}: ${JSON.stringify(item)} must use https.`);
      }
      return url.origin;
    });
}

/**
 * The policy options from the server's environment: SENTRY_DSN (the same DSN the build got as
 * VITE_SENTRY_DSN, which is read as a fallback) and CSP_CONNECT_ORIGINS (an analytics collector,
 * an API on another origin). Throws with a readable message for a malformed value.
 */
export function cspOptionsFromEnv(env: Record<string, string | undefined>): CspOptions {
  const dsn = env.SENTRY_DSN || env.VITE_SENTRY_DSN;
  const sentry = dsn ? sentryOrigins(dsn) : null;
  const extra = env.CSP_CONNECT_ORIGINS
    ? parseOriginList(env.CSP_CONNECT_ORIGINS, 'CSP_CONNECT_ORIGINS')
    : [];
  return {
    connectOrigins: unique([...(sentry ? [sentry.ingestOrigin] : []), ...extra]),
    reportUri: sentry?.reportUri ?? null,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
