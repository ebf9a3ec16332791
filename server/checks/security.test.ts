/**
 * The security rules through the real app (docs/decisions/020-http-rules-and-headers.md, 021):
 * security headers on every kind of answer, the CSRF rule on every call that changes data, and no
 * state change on GET (a fingerprint of the whole database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@contract/api';
import type { Endpoint } from '@contract/endpoint';
import { createApp } from '../app';
import { CSRF_MESSAGES } from '../http/csrf';
import { contentSecurityPolicy, HSTS } from '../http/security-headers';
import { changedTables, databaseFingerprint } from '../test-support/fingerprint';
import { captureLogger, createTestApp, makeStaticFixture } from '../test-support';
import { makeOrg, type OrgOptions } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CSP = contentSecurityPolicy();
const FIXED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function expectSecurityHeaders(res: Response, what: string, csp = CSP) {
  expect(res.headers.get('content-security-policy'), what).toBe(csp);
  for (const [name, value] of Object.entries(FIXED_HEADERS)) {
    expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  }
  expect(res.headers.get('permissions-policy'), what).toMatch(/^accelerometer=\(\), camera=\(\)/);
}

const { root, remove: removeRoot } = makeStaticFixture('portal-security-dist-');
let t: TestApp;
let exampleAdmin: string;

/**
 * Example has a bit of everything the GET calls answer (members, devices, alerts, a directory,
 * API and Threat Hunter access); Umbrella signs in through SSO (the development identity provider).
 */
const EXAMPLE: OrgOptions = {
  name: 'Example',
  members: 4,
  devices: 12,
  alerts: 6,
  apiKey: true,
  threatHunters: 1,
  directory: { memberUsers: 2, users: 3, groups: [{ name: 'Engineering', users: 'all' }] },
};
const UMBRELLA: OrgOptions = {
  name: 'Umbrella',
  sso: 'okta',
  admin: { email: 'sso.admin@umbrella.test', password: null },
  members: 2,
  devices: 3,
  directory: { memberUsers: 2, users: 4, groups: [{ name: 'Engineering', users: [0, 1, 2] }] },
  plan: 'invoice',
};

beforeAll(async () => {
  t = await createTestApp({ staticDir: root });
  exampleAdmin = (await makeOrg(t, EXAMPLE)).cookie;
  await makeOrg(t, UMBRELLA);
}, 60_000);
afterAll(async () => {
  await t.close();
  removeRoot();
});

describe('security headers', () => {
  it('on API answers: 200, 401, 403, 404, 413, and not HSTS over http', async () => {
    const answers: Array<[string, Response]> = [
      ['GET /api/health', (await t.call('GET', '/api/health')).res],
      [
        'GET /api/session with a session',
        (await t.call('GET', '/api/session', { cookie: exampleAdmin })).res,
      ],
      ['GET /api/session without', (await t.call('GET', '/api/session')).res],
      ['GET /api/nope', (await t.call('GET', '/api/nope')).res],
      [
        'POST /api/logout without the header',
        await t.app.request('/api/logout', { method: 'POST' }),
      ],
      [
        'POST /api/orgs/lookup, too large',
        (await t.call('POST', '/api/orgs/lookup', { rawBody: 'x'.repeat(1024 * 1024 + 1) })).res,
      ],
    ];
    expect(answers.map(([, res]) => res.status)).toEqual([200, 200, 401, 404, 403, 413]);
    for (const [what, res] of answers) {
      expectSecurityHeaders(res, what);
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
      expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
    }
  });

  it('on the portal’s files, the index.html fallback and their 404s', async () => {
    for (const [p, status] of [
      ['/assets/index-abc123.js', 200],
      ['/assets/missing.js', 404],
      ['/favicon.svg', 200],
      ['/', 200],
      ['/dashboard', 200],
      ['/update-password/some-token', 200],
    ] as const) {
      const res = await t.app.request(p);
      expect(res.status, p).toBe(status);
      expectSecurityHeaders(res, p);
    }
    // A method the static mount does not serve falls through to the JSON 404.
    const post = await t.app.request('/dashboard', { method: 'POST' });
    expect(post.status).toBe(404);
    expectSecurityHeaders(post, 'POST /dashboard');
  });

  it('on a 500', async () => {
    const broken = createApp({
      db: new Proxy(t.db, {
        get(target, prop) {
          if (prop === 'select') {
            return () => {
              throw new Error('boom');
            };
          }
          return Reflect.get(target, prop);
        },
      }),
      logger: captureLogger(),
    });
    const res = await broken.request('/api/orgs/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ slug: 'example' }),
    });
    expect(res.status).toBe(500);
    expectSecurityHeaders(res, '500');
  });

  it('single sign-on’s navigations carry the security headers (the development provider’s pages: dev-provider.test.ts)', async () => {
    for (const p of ['/api/oauth/login?slug=nope', '/api/oauth/callback?state=x&code=y']) {
      const res = await t.app.request(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get('location'), p).toBe('/error?type=oauth-unauthorized');
      for (const [name, value] of Object.entries(FIXED_HEADERS)) {
        expect(res.headers.get(name), `${p} ${name}`).toBe(value);
      }
    }
  });

  it('HSTS over https only: the URL, an https PUBLIC_URL, X-Forwarded-Proto behind a trusted proxy', async () => {
    const hsts = async (app: ReturnType<typeof createApp>, url: string, headers = {}) =>
      (await app.request(url, { headers })).headers.get('strict-transport-security');
    const plain = createApp({ db: t.db, logger: captureLogger() });
    expect(await hsts(plain, 'http://portal.test/api/health')).toBeNull();
    expect(await hsts(plain, 'https://portal.test/api/health')).toBe(HSTS);
    expect(await hsts(plain, '/api/health', { 'x-forwarded-proto': 'https' })).toBeNull();
    const proxied = createApp({ db: t.db, logger: captureLogger(), trustProxy: true });
    expect(await hsts(proxied, '/api/health', { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hsts(proxied, '/api/health', { 'x-forwarded-proto': 'http' })).toBeNull();
    const published = createApp({
      db: t.db,
      logger: captureLogger(),
      publicUrl: 'https://portal.example',
    });
    expect(await hsts(published, '/api/health')).toBe(HSTS);
    expect(await hsts(published, '/api/nope')).toBe(HSTS);
  });

  it('connect-src names the configured error-reporting and analytics origins', async () => {
    const app = createApp({
      db: t.db,
      logger: captureLogger(),
      contentSecurity: {
        connectOrigins: ['https://o1.ingest.sentry.io', 'https://collect.example'],
        reportUri: 'https://o1.ingest.sentry.io/api/2/security/?sentry_key=k',
      },
    });
    const csp = (await app.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toContain(
      "connect-src 'self' https://api.stripe.com https://o1.ingest.sentry.io https://collect.example;",
    );
    expect(csp).toMatch(
      /; report-uri https:\/\/o1\.ingest\.sentry\.io\/api\/2\/security\/\?sentry_key=k$/,
    );
  });
});

/** Endpoints that change data (every method but GET), and the GET calls that write. */
const WRITING_GETS: EndpointName[] = ['getWebhookSecret', 'getBillingUpdateKey'];
const stateChanging = (Object.entries(endpoints) as Array<[EndpointName, Endpoint]>).filter(
  ([name, e]) => e.method !== 'GET' || WRITING_GETS.includes(name),
);
const NOT_IMPLEMENTED: EndpointName[] = ['createOrg'];

describe('CSRF: every call that changes data', () => {
  it('covers the calls of the contract', () => {
    expect(stateChanging.length).toBeGreaterThanOrEqual(40);
  });

  it('without X-Requested-With: 403 with a clear error, and nothing changes', async () => {
    const before = await databaseFingerprint(t.handle);
    for (const [name, e] of stateChanging) {
      for (const headers of [{}, { 'x-requested-with': 'XMLHttpRequest' }]) {
        const r = await t.call(e.method, `/api${e.path}`, {
          cookie: exampleAdmin,
          json: e.method === 'GET' ? undefined : {},
          headers: { 'x-requested-with': '', ...headers },
        });
        expect(r.status, name).toBe(403);
        expect(r.data, name).toEqual({ error: CSRF_MESSAGES.missingHeader });
      }
    }
    // The multipart upload as well (a cross-site form can post multipart/form-data).
    const form = new FormData();
    form.set('file', new Blob(['Full Name,Email\nA B,a@b.test\n'], { type: 'text/csv' }), 'm.csv');
    const upload = await t.app.request('/api/orgs/read-members', {
      method: 'POST',
      body: form,
      headers: { cookie: exampleAdmin },
    });
    expect(upload.status).toBe(403);
    expect(changedTables(before, await databaseFingerprint(t.handle))).toEqual([]);
  });

  it('from another origin, or marked so by the browser: 403 even with the header', async () => {
    const before = await databaseFingerprint(t.handle);
    const cases: Array<[Record<string, string>, string]> = [
      [{ origin: 'http://evil.test' }, CSRF_MESSAGES.foreignOrigin],
      [{ origin: 'null' }, CSRF_MESSAGES.foreignOrigin],
      [{ origin: 'http://localhost.evil.test' }, CSRF_MESSAGES.foreignOrigin],
      [{ 'sec-fetch-site': 'cross-site' }, CSRF_MESSAGES.crossSite],
      [{ 'sec-fetch-site': 'same-site' }, CSRF_MESSAGES.crossSite],
    ];
    for (const [name, e] of stateChanging) {
      for (const [headers, error] of cases) {
        const r = await t.call(e.method, `/api${e.path}`, {
          cookie: exampleAdmin,
          json: e.method === 'GET' ? undefined : {},
          headers,
        });
        expect(r.status, `${name} ${JSON.stringify(headers)}`).toBe(403);
        expect(r.data).toEqual({ error });
      }
    }
    expect(changedTables(before, await databaseFingerprint(t.handle))).toEqual([]);
  });

  it('with the header from our own origin the call goes through (to its own checks)', async () => {
    const csrf = new Set<string>(Object.values(CSRF_MESSAGES));
    for (const [name, e] of stateChanging) {
      // Without a session (401) or with an empty body (400): past the CSRF check, no change.
      const r = await t.call(e.method, `/api${e.path}`, {
        json: e.body ? {} : undefined,
        headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      });
      expect(csrf.has(r.data?.error), name).toBe(false);
      if (NOT_IMPLEMENTED.includes(name)) expect(r.status, name).toBe(404);
      else if (!e.public) expect(r.status, name).toBe(401);
      else expect([200, 400], name).toContain(r.status);
    }
  });

  it('single sign-on’s navigations are GETs without the header (a provider’s redirect sends none); the stand-in’s form post is gone', async () => {
    const callback = await t.app.request('/api/oauth/callback?state=x&code=y', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/error?type=oauth-unauthorized');
    expect(callback.headers.get('set-cookie')).toBeNull();
    const form = await t.app.request('/api/oauth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: 'slug=umbrella&email=sso.admin%40umbrella.test&action=signin',
    });
    expect(form.status).toBe(403);
    expect(form.headers.get('set-cookie')).toBeNull();
  });
});

describe('no state change on GET', () => {
  /** Queries the GET calls need (the rest have defaults). */
  const QUERIES: Partial<Record<EndpointName, string[]>> = {
    listDevices: [
      '',
      '?page=2&pageSize=10&sort=memberName&order=desc&severity=critical&enrolled=true',
    ],
    listAlerts: ['', '?status=closed&page=2&pageSize=20'],
    listSsoGroups: ['', '?searchQuery=eng'],
    getEmailTemplate: ['?type=OrgEnrollment'],
    getNotificationPreferences: ['?topic=OpenAppToScan'],
  };
  const gets = (Object.entries(endpoints) as Array<[EndpointName, Endpoint]>).filter(
    ([, e]) => e.method === 'GET',
  );

  it('every GET of the contract, as Example and as Umbrella (SSO), leaves every table as it was', async () => {
    const fresh = await createTestApp();
    try {
      const example = await makeOrg(fresh, EXAMPLE);
      // Umbrella's administrator signs in through its provider (oidc.test.ts): a session made
      // directly, as the factory makes every session.
      const umbrella = await makeOrg(fresh, UMBRELLA);
      const sessions = { example: example.cookie, umbrella: umbrella.cookie };
      const before = await databaseFingerprint(fresh.handle);
      const statuses: string[] = [];
      for (const [who, cookie] of Object.entries(sessions)) {
        for (const [name, e] of gets) {
          if (WRITING_GETS.includes(name)) continue;
          for (const query of QUERIES[name] ?? ['']) {
            const r = await fresh.call('GET', `/api${e.path}${query}`, { cookie });
            expect(r.status, `${who} ${name}${query}`).toBeLessThan(500);
            statuses.push(`${who} ${name}${query} ${r.status}`);
          }
        }
        // Outside the contract: a callback that finds no sign-in of this browser changes nothing.
        expect(
          (await fresh.call('GET', '/api/oauth/callback?state=x&code=y', { cookie })).status,
        ).toBe(302);
      }
      expect(changedTables(before, await databaseFingerprint(fresh.handle))).toEqual([]);
      // The calls really answered (not just 401s): every one of them, for both.
      expect(statuses.filter((s) => / 401$/.test(s))).toEqual([]);
      expect(statuses.length).toBeGreaterThanOrEqual(2 * (gets.length - WRITING_GETS.length));
    } finally {
      await fresh.close();
    }
  });

  it('the two GET calls the product defines as GETs write only their own row, and only with the CSRF header', async () => {
    const fresh = await createTestApp();
    try {
      const { cookie } = await makeOrg(fresh, EXAMPLE);
      const start = await databaseFingerprint(fresh.handle);
      // A link or a top-level navigation (no header) cannot make them write.
      for (const p of ['/api/orgs/webhook-secret', '/api/customer-billing-update-key']) {
        const r = await fresh.call('GET', p, { cookie, headers: { 'x-requested-with': '' } });
        expect(r.status, p).toBe(403);
      }
      expect(changedTables(start, await databaseFingerprint(fresh.handle))).toEqual([]);

      // The webhook secret is created on first request, then answered as it is. Each view is an
      // event of the audit log (webhook.secret_viewed: docs/decisions/018-audit-log.md).
      const audit = ['audit_events', 'audit_logs'];
      const first = await fresh.call('GET', '/api/orgs/webhook-secret', { cookie });
      const afterFirst = await databaseFingerprint(fresh.handle);
      expect(changedTables(start, afterFirst)).toEqual([...audit, 'webhooks']);
      const second = await fresh.call('GET', '/api/orgs/webhook-secret', { cookie });
      expect(second.data.secret).toBe(first.data.secret);
      expect(changedTables(afterFirst, await databaseFingerprint(fresh.handle))).toEqual(audit);

      // Each card form gets a setup (its secret's hash, one hour of validity).
      const beforeKey = await databaseFingerprint(fresh.handle);
      expect((await fresh.call('GET', '/api/customer-billing-update-key', { cookie })).status).toBe(
        200,
      );
      const afterKey = await databaseFingerprint(fresh.handle);
      expect(changedTables(beforeKey, afterKey)).toEqual([...audit, 'card_setups']);
      expect(afterKey.card_setups!.rows).toBe(beforeKey.card_setups!.rows + 1);
    } finally {
      await fresh.close();
    }
  });
});

/**
 * The SCIM service (server/scim/, docs/decisions/050-scim.md) sits outside /api: identity
 * providers' servers call it with a bearer token, so the CSRF rule does not apply and a session
 * cookie is no credential there. Its answers carry the security headers; its GETs change nothing.
 */
describe('the SCIM service (outside /api)', () => {
  it('security headers and no-store on its answers: 200, 201, 401, 404, 413', async () => {
    const org = await makeOrg(t, { name: 'Scimco', credentials: ['scim'] });
    const auth = { authorization: org.credentials.scim as string };
    const base = `/scim/v2/${org.slug}`;
    const answers: Array<[string, Response]> = [
      ['GET Users', await t.app.request(`${base}/Users`, { headers: auth })],
      [
        'POST Users without the CSRF header, from a foreign origin',
        await t.app.request(`${base}/Users`, {
          method: 'POST',
          headers: {
            ...auth,
            origin: 'https://idp.example.com',
            'content-type': 'application/scim+json',
          },
          body: JSON.stringify({
            userName: 'csrf@example.com',
            emails: [{ value: 'csrf@example.com' }],
          }),
        }),
      ],
      [
        'GET Users with a session cookie only',
        await t.app.request(`${base}/Users`, {
          headers: { cookie: exampleAdmin, 'x-requested-with': 'portal' },
        }),
      ],
      ['GET nope', await t.app.request(`${base}/nope`, { headers: auth })],
      [
        'POST Users, too large',
        await t.app.request(`${base}/Users`, {
          method: 'POST',
          headers: auth,
          body: 'x'.repeat(1024 * 1024 + 1),
        }),
      ],
    ];
    expect(answers.map(([, res]) => res.status)).toEqual([200, 201, 401, 404, 413]);
    for (const [what, res] of answers) {
      expectSecurityHeaders(res, what);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/scim\+json/);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('its GETs leave every table as it was', async () => {
    const fresh = await createTestApp();
    try {
      const org = await makeOrg(fresh, { ...EXAMPLE, credentials: ['scim'] });
      const headers = {
        authorization: org.credentials.scim as string,
        'content-type': 'application/scim+json',
      };
      const base = `/scim/v2/${org.slug}`;
      const user = await fresh.app.request(`${base}/Users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          userName: 'get@example.com',
          emails: [{ value: 'get@example.com' }],
        }),
      });
      const userId = ((await user.json()) as { id: string }).id;
      const group = await fresh.app.request(`${base}/Groups`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ displayName: 'G', members: [{ value: userId }] }),
      });
      const groupId = ((await group.json()) as { id: string }).id;
      await fresh.settle();
      const before = await databaseFingerprint(fresh.handle);
      for (const path of [
        '/ServiceProviderConfig',
        '/ResourceTypes',
        '/ResourceTypes/User',
        '/Schemas',
        '/Users',
        `/Users/${userId}`,
        `/Users?filter=${encodeURIComponent('userName eq "get@example.com"')}&attributes=userName`,
        '/Groups',
        `/Groups/${groupId}`,
        `/Groups?filter=${encodeURIComponent(`members[value eq "${userId}"]`)}`,
      ]) {
        const r = await fresh.app.request(`${base}${path}`, { headers });
        expect(r.status, path).toBe(200);
      }
      expect(changedTables(before, await databaseFingerprint(fresh.handle))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
