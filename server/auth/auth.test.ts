import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '@contract/session';
import { ERROR_CATALOGUE } from '@contract/errors';
import { createTestApp, sessionCookieOf } from '../test-support';
import { makeOrg, TEST_PASSWORD } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The sign-ins the tests use, made by `makeAccounts`. */
const ACCOUNT = {
  admin: { email: 'admin@example.test', password: TEST_PASSWORD },
  blocked: { email: 'blocked@example.test', password: TEST_PASSWORD },
  sso: { email: 'sso.admin@umbrella.test' },
  canceled: { email: 'admin@initrode.test', password: TEST_PASSWORD },
  noPlan: { email: 'owner@freshco.test', password: TEST_PASSWORD },
} as const;

/**
 * Example (active plan, API and Threat Hunter access; a blocked second administrator), Umbrella
 * (SSO only), Initrode (plan canceled) and Freshco (no plan, no card).
 */
async function makeAccounts(app: TestApp) {
  await makeOrg(app, {
    name: 'Example',
    apiAccess: true,
    threatHunterAccess: true,
    admin: { name: 'Avery Admin', email: ACCOUNT.admin.email },
    admins: [{ name: 'Blake Blocked', email: ACCOUNT.blocked.email, blocked: true }],
  });
  await makeOrg(app, { name: 'Umbrella', sso: 'okta', admin: { ...ACCOUNT.sso, password: null } });
  await makeOrg(app, { name: 'Initrode', plan: 'canceled', admin: ACCOUNT.canceled });
  await makeOrg(app, { name: 'Freshco', plan: 'none', admin: ACCOUNT.noPlan });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await makeAccounts(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('sign-in and session', () => {
  it('sets an HttpOnly SameSite=Lax cookie and GET /session returns the Session', async () => {
    const r = await t.call('POST', '/api/login', { json: ACCOUNT.admin });
    expect(r.status).toBe(200);
    const setCookie = r.res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // http in development
    expect(Session.safeParse(r.data).success).toBe(true);

    const s = await t.call('GET', '/api/session', { cookie: sessionCookieOf(r.res) });
    expect(s.status).toBe(200);
    expect(s.data).toEqual({
      user: { name: 'Avery Admin', email: 'admin@example.test' },
      organization: {
        name: 'Example',
        slug: 'example',
        ssoProvider: null,
        // The one Redirect URL of every organization (docs/decisions/019-openid-connect.md).
        redirectUrl: 'http://localhost/api/oauth/callback',
      },
      portalPreferences: { orgId: expect.any(Number), apiAccess: true, threatHunterAccess: true },
      error: null,
    });
    expect(s.res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const r = await t.call('POST', '/api/login', {
      json: { email: '  Admin@EXAMPLE.test ', password: ACCOUNT.admin.password },
    });
    expect(r.status).toBe(200);
  });

  it('stores only the hash of the token', async () => {
    const cookie = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    const token = cookie.split('=')[1]!;
    const rows = await t.handle.db.query.sessions.findMany();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('marks the cookie Secure over https', async () => {
    const res = await t.app.request('https://portal.example/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify(ACCOUNT.admin),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('renews the token at every sign-in: the browser’s previous token is revoked, other browsers keep theirs', async () => {
    const first = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    const other = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    const second = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password, first);
    expect(new Set([first, other, second]).size).toBe(3);
    expect((await t.call('GET', '/api/session', { cookie: first })).status).toBe(401);
    expect((await t.call('GET', '/api/session', { cookie: second })).status).toBe(200);
    expect((await t.call('GET', '/api/session', { cookie: other })).status).toBe(200);
  });

  it('expires sessions after 12 hours, however busy', async () => {
    const cookie = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    // Used every 20 minutes (within the idle limit) until just before the 12 hours are up.
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
      t.clock.advance(20 * 60 * 1000);
    }
    t.clock.advance(-1000);
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
    t.clock.advance(2000);
    const r = await t.call('GET', '/api/session', { cookie });
    expect(r.status).toBe(401);
    expect(r.data).toEqual({ error: 'Not signed in' });
  });

  it('answers 401 without a cookie or with a forged one', async () => {
    expect((await t.call('GET', '/api/session')).status).toBe(401);
    expect((await t.call('GET', '/api/session', { cookie: 'portal_session=forged' })).status).toBe(
      401,
    );
    expect(
      (await t.call('GET', '/api/session', { cookie: `portal_session=${'A'.repeat(43)}` })).status,
    ).toBe(401);
  });

  it('wrong password and unknown user: 401 with the same message', async () => {
    const wrong = await t.call('POST', '/api/login', {
      json: { email: 'nobody@freshco.test', password: 'nope' },
    });
    const wrong2 = await t.call('POST', '/api/login', {
      json: { email: ACCOUNT.noPlan.email, password: 'Wrong-Password-1!' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong2.status).toBe(401);
    expect(wrong.data).toEqual({ error: 'Incorrect email or password.' });
    expect(wrong2.data).toEqual(wrong.data);
    expect(wrong2.res.headers.get('set-cookie')).toBeNull();
  });

  it('login policy: 403 only once the password checks out', async () => {
    const ok = await t.call('POST', '/api/login', { json: ACCOUNT.blocked });
    expect(ok.status).toBe(403);
    expect(ok.data).toEqual({ error: 'Access limited by login policy.' });
    expect(ok.res.headers.get('set-cookie')).toBeNull();
    const bad = await t.call('POST', '/api/login', {
      json: { ...ACCOUNT.blocked, password: 'Wrong-1!' },
    });
    expect(bad.status).toBe(401);
  });

  it('a login policy applied after sign-in ends the session', async () => {
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    const cookie = await t.signIn(ACCOUNT.canceled.email, ACCOUNT.canceled.password);
    await t.db
      .update(users)
      .set({ loginBlocked: true })
      .where(eq(users.email, ACCOUNT.canceled.email));
    try {
      expect((await t.call('GET', '/api/session', { cookie })).status).toBe(401);
    } finally {
      await t.db
        .update(users)
        .set({ loginBlocked: false })
        .where(eq(users.email, ACCOUNT.canceled.email));
    }
  });

  it('an SSO-only administrator gets the answer of any failed sign-in (no hint how they sign in)', async () => {
    const r = await t.call('POST', '/api/login', {
      json: { email: ACCOUNT.sso.email, password: 'Whatever-1!' },
    });
    expect(r.status).toBe(401);
    expect(r.data).toEqual({ error: 'Incorrect email or password.' });
  });

  it('a canceled plan puts the update-billing warning into the session, no plan and no card the update-payment one', async () => {
    const r = await t.call('POST', '/api/login', { json: ACCOUNT.canceled });
    expect(r.status).toBe(200);
    expect(r.data.error).toEqual({
      type: 'update-billing',
      ...ERROR_CATALOGUE['update-billing'],
      severity: 'warning',
    });
    // No plan and no card: the update-payment warning (the app sends Freshco to /welcome).
    const noPlan = await t.call('POST', '/api/login', { json: ACCOUNT.noPlan });
    expect(noPlan.data.error).toEqual({
      type: 'update-payment',
      ...ERROR_CATALOGUE['update-payment'],
      severity: 'warning',
    });
    const active = await t.call('POST', '/api/login', { json: ACCOUNT.admin });
    expect(active.data.error).toBeNull();
  });
});

describe('throttling (policy: server/auth/login-throttle.ts)', () => {
  it('refuses the sixth attempt of an account from one address with 429 + Retry-After, then one try per doubling delay', async () => {
    const email = ACCOUNT.noPlan.email;
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/login', { json: { email, password: `Wrong-${i}!` } });
      expect(r.status).toBe(401);
      t.clock.advance(10_000);
    }
    // Even the right password is refused while throttled (the attacker learns nothing).
    const blocked = await t.call('POST', '/api/login', { json: ACCOUNT.noPlan });
    expect(blocked.status).toBe(429);
    expect(blocked.data.error).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(Number(blocked.res.headers.get('retry-after'))).toBe(60);
    t.clock.advance(59_000);
    expect((await t.call('POST', '/api/login', { json: ACCOUNT.noPlan })).status).toBe(429);

    // After the lock, one more try; a wrong one locks again for twice as long.
    t.clock.advance(1000);
    expect(
      (await t.call('POST', '/api/login', { json: { email, password: 'Wrong-6!' } })).status,
    ).toBe(401);
    const second = await t.call('POST', '/api/login', { json: ACCOUNT.noPlan });
    expect(second.status).toBe(429);
    expect(Number(second.res.headers.get('retry-after'))).toBe(120);
    t.clock.advance(120_000);
    const ok = await t.call('POST', '/api/login', { json: ACCOUNT.noPlan });
    expect(ok.status).toBe(200);
    // A success clears the pair: five more tries before the next lock.
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/login', { json: { email, password: `Again-${i}!` } });
      expect(r.status).toBe(401);
    }
    expect((await t.call('POST', '/api/login', { json: ACCOUNT.noPlan })).status).toBe(429);
  });

  it('counts attempts per IP address too (20 per 15 minutes)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const tp = await createTestApp({ trustProxy: true });
    try {
      await makeAccounts(tp);
      for (let i = 0; i < 20; i++) {
        const r = await tp.call('POST', '/api/login', {
          json: { email: `user${i}@nowhere.test`, password: 'x' },
          headers,
        });
        expect(r.status).toBe(401);
      }
      const r = await tp.call('POST', '/api/login', { json: ACCOUNT.admin, headers });
      expect(r.status).toBe(429);
      const elsewhere = await tp.call('POST', '/api/login', {
        json: ACCOUNT.admin,
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await tp.close();
    }
  });
});

describe('logout and session end', () => {
  it('logout deletes the session and clears the cookie', async () => {
    const cookie = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    const r = await t.call('POST', '/api/logout', { cookie });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({});
    expect(r.res.headers.get('set-cookie')).toMatch(/portal_session=;.*Max-Age=0/);
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('logout answers 200 without a session', async () => {
    const r = await t.call('POST', '/api/logout');
    expect(r.status).toBe(200);
  });

  it('dev expire-session ends the session server-side: the next /session is 401', async () => {
    const cookie = await t.signIn(ACCOUNT.admin.email, ACCOUNT.admin.password);
    const r = await t.call('POST', '/api/dev/expire-session', { cookie });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ok: true });
    expect(r.res.headers.get('set-cookie')).toBeNull();
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(401);
  });
});
