/**
 * The pure security rules (docs/decisions/020-http-rules-and-headers.md): the policies, the
 * headers, https detection and the CSRF rule.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PRE_PAINT_SCRIPT_HASH,
  contentSecurityPolicy,
  cspOptionsFromEnv,
  ssoPageContentSecurityPolicy,
  isHttpsRequest,
  parseOriginList,
  securityHeaders,
  sentryOrigins,
} from './security-headers';
import { CSRF_MESSAGES, csrfProblem, isOwnOrigin, type CsrfPolicy } from './csrf';

const DEFAULT_CSP =
  "default-src 'self'; script-src 'self' " +
  PRE_PAINT_SCRIPT_HASH +
  " https://js.stripe.com; style-src 'self'; " +
  "style-src-elem 'self' 'unsafe-inline'; style-src-attr 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self' https://api.stripe.com; " +
  'frame-src https://js.stripe.com https://hooks.stripe.com; ' +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** `name value…` pairs of a policy. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('the portal’s Content-Security-Policy', () => {
  it('allows our origin and Stripe only, with no inline script and no eval', () => {
    expect(contentSecurityPolicy()).toBe(DEFAULT_CSP);
    const d = directives(DEFAULT_CSP);
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['script-src']).not.toContain("'unsafe-eval'");
    expect(Object.values(d).flat()).not.toContain('*');
    expect(
      Object.values(d)
        .flat()
        .filter((v) => v.startsWith('http')),
    ).toEqual([
      'https://js.stripe.com',
      'https://api.stripe.com',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
  });

  it("allows index.html's inline scripts by hash, exactly its one pre-paint theme script", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    // Inline scripts only (no src attribute); the browser hashes the text between the tags.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
    );
    expect(inline).toEqual([PRE_PAINT_SCRIPT_HASH]);
    const hashes = directives(contentSecurityPolicy())['script-src']!.filter((v) =>
      v.startsWith("'sha256-"),
    );
    expect(hashes).toEqual([PRE_PAINT_SCRIPT_HASH]);
  });

  it('adds the error-reporting ingest origin and a report-uri from the Sentry DSN', () => {
    const options = cspOptionsFromEnv({
      SENTRY_DSN: 'https://abc123@o4506.ingest.us.sentry.io/4507',
    });
    expect(options).toEqual({
      connectOrigins: ['https://o4506.ingest.us.sentry.io'],
      reportUri: 'https://o4506.ingest.us.sentry.io/api/4507/security/?sentry_key=abc123',
    });
    const d = directives(contentSecurityPolicy(options));
    expect(d['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://o4506.ingest.us.sentry.io',
    ]);
    expect(d['report-uri']).toEqual([
      'https://o4506.ingest.us.sentry.io/api/4507/security/?sentry_key=abc123',
    ]);
    // The build's variable works as well, when the server gets the same environment.
    expect(
      cspOptionsFromEnv({ VITE_SENTRY_DSN: 'https://k@sentry.example/1' }).connectOrigins,
    ).toEqual(['https://sentry.example']);
  });

  it('adds CSP_CONNECT_ORIGINS (origins only, https or local http), without duplicates', () => {
    const options = cspOptionsFromEnv({
      CSP_CONNECT_ORIGINS:
        'https://collect.example/path, https://collect.example  http://localhost:9000',
    });
    expect(options.connectOrigins).toEqual(['https://collect.example', 'http://localhost:9000']);
    expect(options.reportUri).toBeNull();
    expect(() => parseOriginList('http://collect.example', 'X')).toThrow(/must use https/);
    expect(() => parseOriginList('not a url', 'X')).toThrow(/is not an origin/);
    expect(cspOptionsFromEnv({})).toEqual({ connectOrigins: [], reportUri: null });
  });

  it('refuses a malformed DSN with a message that does not echo it', () => {
    for (const dsn of [
      'nope',
      'http://k@sentry.example/1',
      'https://sentry.example/1',
      'https://k@h/x',
    ]) {
      expect(() => sentryOrigins(dsn), dsn).toThrow(/SENTRY_DSN/);
      try {
        sentryOrigins(dsn);
      } catch (error) {
        expect((error as Error).message).not.toContain(dsn);
      }
    }
  });
});

describe('the policy of the server’s own sign-in pages', () => {
  it('allows no script, its own <style> by nonce and form posts to our origin', () => {
    expect(ssoPageContentSecurityPolicy('n0nce')).toBe(
      "default-src 'none'; style-src 'nonce-n0nce'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('names the redirect targets a form post may end at (the development provider’s sign-in)', () => {
    expect(
      ssoPageContentSecurityPolicy('n0nce', [
        'http://127.0.0.1:8080',
        'http://localhost:8080',
        "'self'",
      ]),
    ).toBe(
      "default-src 'none'; style-src 'nonce-n0nce'; form-action 'self' http://127.0.0.1:8080 http://localhost:8080; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});

describe('security headers', () => {
  it('sends the fixed set, and HSTS only over https', () => {
    expect(securityHeaders({ csp: 'x', https: false })).toEqual({
      'Content-Security-Policy': 'x',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy':
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(self "https://js.stripe.com")',
    });
    expect(securityHeaders({ csp: 'x', https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('https: the URL, an https PUBLIC_URL, or X-Forwarded-Proto behind a trusted proxy only', () => {
    const base = { url: 'http://portal.test/', forwardedProto: undefined, publicUrl: undefined };
    expect(isHttpsRequest({ ...base, trustProxy: false })).toBe(false);
    expect(isHttpsRequest({ ...base, url: 'https://portal.test/', trustProxy: false })).toBe(true);
    expect(
      isHttpsRequest({ ...base, publicUrl: 'https://portal.example', trustProxy: false }),
    ).toBe(true);
    expect(isHttpsRequest({ ...base, publicUrl: 'http://localhost:8080', trustProxy: false })).toBe(
      false,
    );
    expect(isHttpsRequest({ ...base, forwardedProto: 'https', trustProxy: false })).toBe(false);
    expect(isHttpsRequest({ ...base, forwardedProto: 'https', trustProxy: true })).toBe(true);
    expect(isHttpsRequest({ ...base, forwardedProto: 'HTTPS, http', trustProxy: true })).toBe(true);
    expect(isHttpsRequest({ ...base, forwardedProto: 'http', trustProxy: true })).toBe(false);
  });
});

describe('the CSRF rule', () => {
  const policy: CsrfPolicy = {
    publicUrl: undefined,
    trustProxy: false,
    https: false,
    writingGets: new Set(['/api/orgs/webhook-secret']),
    formPaths: new Set(['/api/oauth/login']),
  };
  const request = (
    method: string,
    url: string,
    headers: Record<string, string> = {},
  ): Parameters<typeof csrfProblem>[0] => ({
    method,
    url,
    header: (name) => headers[name.toLowerCase()],
  });
  const app = { 'x-requested-with': 'portal' };

  it('lets reads through without any header', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(csrfProblem(request(method, 'http://portal.test/api/orgs'), policy)).toBeNull();
    }
    // Even marked cross-site: a read cannot change anything (the answer is not readable there).
    expect(
      csrfProblem(
        request('GET', 'http://portal.test/api/orgs', { 'sec-fetch-site': 'cross-site' }),
        policy,
      ),
    ).toBeNull();
  });

  it('needs X-Requested-With: portal on every other method and on GET calls that write', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      expect(csrfProblem(request(method, 'http://portal.test/api/logout'), policy)).toBe(
        CSRF_MESSAGES.missingHeader,
      );
      expect(csrfProblem(request(method, 'http://portal.test/api/logout', app), policy)).toBeNull();
    }
    expect(
      csrfProblem(
        request('POST', 'http://portal.test/api/logout', { 'x-requested-with': 'XMLHttpRequest' }),
        policy,
      ),
    ).toBe(CSRF_MESSAGES.missingHeader);
    expect(csrfProblem(request('GET', 'http://portal.test/api/orgs/webhook-secret'), policy)).toBe(
      CSRF_MESSAGES.missingHeader,
    );
  });

  it('refuses what the browser marks as another origin, or an Origin that is not ours', () => {
    const post = (headers: Record<string, string>) =>
      csrfProblem(request('POST', 'http://portal.test/api/logout', { ...app, ...headers }), policy);
    expect(post({ 'sec-fetch-site': 'cross-site' })).toBe(CSRF_MESSAGES.crossSite);
    expect(post({ 'sec-fetch-site': 'same-site' })).toBe(CSRF_MESSAGES.crossSite);
    expect(post({ 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(post({ origin: 'http://portal.test' })).toBeNull();
    expect(post({ origin: 'http://evil.test' })).toBe(CSRF_MESSAGES.foreignOrigin);
    expect(post({ origin: 'http://portal.test.evil.test' })).toBe(CSRF_MESSAGES.foreignOrigin);
    expect(post({ origin: 'http://portal.test:8443' })).toBe(CSRF_MESSAGES.foreignOrigin);
    expect(post({ origin: 'null' })).toBe(CSRF_MESSAGES.foreignOrigin);
    expect(post({ origin: '' })).toBe(CSRF_MESSAGES.foreignOrigin);
  });

  it('ours: the request’s host, PUBLIC_URL, X-Forwarded-Host only behind a trusted proxy', () => {
    const req = (origin: string, headers: Record<string, string> = {}) =>
      request('POST', 'http://10.0.0.5:8080/api/logout', { origin, ...headers });
    const behindProxy = { ...policy, publicUrl: 'https://portal.example', https: true };
    expect(isOwnOrigin('https://portal.example', req('https://portal.example'), behindProxy)).toBe(
      true,
    );
    expect(isOwnOrigin('http://portal.example', req('http://portal.example'), behindProxy)).toBe(
      false,
    );
    const forwarded = req('https://portal.other', { 'x-forwarded-host': 'portal.other' });
    expect(isOwnOrigin('https://portal.other', forwarded, { ...policy, https: true })).toBe(false);
    expect(
      isOwnOrigin('https://portal.other', forwarded, { ...policy, https: true, trustProxy: true }),
    ).toBe(true);
    // Over https an http page of the same host (anyone on the network can write into it) is not us.
    const https = request('POST', 'https://portal.test/api/logout', {
      origin: 'http://portal.test',
    });
    expect(isOwnOrigin('http://portal.test', https, { ...policy, https: true })).toBe(false);
  });

  it('our own HTML form (dev identity provider) needs no header, but still our origin', () => {
    const form = (headers: Record<string, string>) =>
      csrfProblem(request('POST', 'http://portal.test/api/oauth/login', headers), policy);
    expect(form({})).toBeNull();
    expect(form({ origin: 'http://portal.test', 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(form({ origin: 'http://evil.test' })).toBe(CSRF_MESSAGES.foreignOrigin);
    expect(form({ 'sec-fetch-site': 'cross-site' })).toBe(CSRF_MESSAGES.crossSite);
  });
});
