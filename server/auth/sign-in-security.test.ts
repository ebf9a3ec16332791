/**
 * Sign-in that holds under parallel attack (docs/decisions/015-sign-in-security.md), answers that
 * tell nothing, bounded hashing, the idle timeout, links never built from a client-chosen Host,
 * `__Host-` cookies, and 413 answers a client can read. Each test failed before its fix.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  HashingBusyError,
  HashingPool,
  PasswordVerifier,
  TEST_SCRYPT_PARAMS,
} from './passwords';
import { sessions, users } from '../db/schema';
import { serveApp } from '../http/http-server';
import { createTestApp, sessionCookieOf } from '../test-support';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An administrator's e-mail and password, as the sign-in form sends them. */
const login = (org: TestOrg) => ({ email: org.admin.email, password: TEST_PASSWORD });

/**
 * Example, Initrode and Freshco sign in with a password (each test that guesses has an account of
 * its own); Umbrella's administrator signs in through SSO only (no password).
 */
async function makeSignInOrgs(app: TestApp) {
  return {
    example: await makeOrg(app, { name: 'Example' }),
    initrode: await makeOrg(app, { name: 'Initrode' }),
    freshco: await makeOrg(app, { name: 'Freshco' }),
    umbrella: await makeOrg(app, { name: 'Umbrella', sso: 'okta', admin: { password: null } }),
  };
}
type SignInOrgs = Awaited<ReturnType<typeof makeSignInOrgs>>;

/** The parts of an answer a client can observe, but the Date header. */
async function observable(res: Response) {
  // Like the date, the request id (X-Request-Id, the audit log's) differs on every answer.
  const headers = [...res.headers.entries()].filter(
    ([name]) => name !== 'date' && name !== 'x-request-id',
  );
  return { status: res.status, headers, body: await res.text() };
}

describe('the throttle counts before it verifies', () => {
  let t: TestApp;
  let orgs: SignInOrgs;
  let verifier: PasswordVerifier;
  beforeAll(async () => {
    verifier = new PasswordVerifier(TEST_SCRYPT_PARAMS);
    t = await createTestApp({ passwords: verifier, trustProxy: true });
    orgs = await makeSignInOrgs(t);
  }, 60_000);
  afterAll(() => t.close());

  it('of 200 parallel guesses at one account, at most 5 reach the password check; the rest are 429', async () => {
    const before = verifier.verifications;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call('POST', '/api/login', {
          json: { email: orgs.initrode.admin.email, password: `Guess-${i}!` },
          headers: { 'x-forwarded-for': '203.0.113.50' },
        }),
      ),
    );
    const verified = verifier.verifications - before;
    const statuses = answers.map((a) => a.status);
    expect(verified).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(verified);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - verified);
    for (const a of answers.filter((a) => a.status === 429)) {
      expect(Number(a.res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a refused attempt costs no hashing', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    const before = verifier.verifications;
    const r = await t.call('POST', '/api/login', { json: login(orgs.initrode), headers });
    expect(r.status).toBe(429);
    expect(verifier.verifications).toBe(before);
  });

  it("an attacker elsewhere locks only their own address: the real user's address still signs in", async () => {
    // The pair (account, 203.0.113.50) is locked by the test above.
    const home = await t.call('POST', '/api/login', {
      json: login(orgs.initrode),
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(home.status).toBe(200);
  });

  it('guessing spread over many addresses is stopped per account (50), but not from a familiar address', async () => {
    const email = orgs.freshco.admin.email;
    // The real user signs in from home first: that address becomes familiar.
    const home = { 'x-forwarded-for': '198.51.100.20' };
    expect(
      (await t.call('POST', '/api/login', { json: login(orgs.freshco), headers: home })).status,
    ).toBe(200);
    for (let i = 0; i < 50; i++) {
      const r = await t.call('POST', '/api/login', {
        json: { email, password: `Spread-${i}!` },
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(r.status).toBe(401);
    }
    const fresh = await t.call('POST', '/api/login', {
      json: login(orgs.freshco),
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(fresh.status).toBe(429);
    expect(
      (await t.call('POST', '/api/login', { json: login(orgs.freshco), headers: home })).status,
    ).toBe(200);
  });
});

describe('every failed sign-in looks the same', () => {
  let t: TestApp;
  let orgs: SignInOrgs;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    orgs = await makeSignInOrgs(t);
  }, 60_000);
  afterAll(() => t.close());

  async function attempt(email: string, ip: string) {
    const res = await t.app.request('/api/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'portal',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email, password: 'Not-The-Password-1!' }),
    });
    return observable(res);
  }

  it('unknown address, wrong password, SSO-only and pending administrators: byte-identical answers', async () => {
    // A pending administrator (invited, no password yet).
    const pending = 'pending.probe@example.test';
    await t.db.insert(users).values({
      orgId: orgs.example.id,
      name: 'Pending Probe',
      email: pending,
      passwordHash: null,
      inviteAccepted: false,
    });
    const answers = [
      await attempt('nobody.at.all@nowhere.test', '192.0.2.1'),
      await attempt(orgs.example.admin.email, '192.0.2.2'),
      await attempt(orgs.umbrella.admin.email, '192.0.2.3'),
      await attempt(pending, '192.0.2.4'),
    ];
    expect(answers[0]!.status).toBe(401);
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('SSO-only and pending administrators are counted by the throttle like anyone', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(orgs.umbrella.admin.email, '192.0.2.9')).status).toBe(401);
    }
    expect((await attempt(orgs.umbrella.admin.email, '192.0.2.9')).status).toBe(429);
  });
});

describe('password hashing is bounded', () => {
  it('runs at most `concurrency` hashes at once, first come first served', async () => {
    const pool = new HashingPool({ concurrency: 2, maxWaitMs: 5_000 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a hash that waits too long is refused, and its slot is not lost', async () => {
    const pool = new HashingPool({ concurrency: 1, maxWaitMs: 30 });
    const slow = pool.run(() => new Promise((resolve) => setTimeout(resolve, 120)));
    await expect(pool.run(async () => 'never')).rejects.toBeInstanceOf(HashingBusyError);
    await slow;
    await expect(pool.run(async () => 'later')).resolves.toBe('later');
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('sign-ins beyond the pool answer 503 with Retry-After, never hash without bound', async () => {
    const verifier = new PasswordVerifier(DEFAULT_SCRYPT_PARAMS, {
      concurrency: 1,
      maxWaitMs: 50,
    });
    const t = await createTestApp({ passwords: verifier, trustProxy: true });
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          t.call('POST', '/api/login', {
            json: { email: `busy${i}@nowhere.test`, password: 'Whatever-1!' },
            headers: { 'x-forwarded-for': `192.0.2.${60 + i}` },
          }),
        ),
      );
      const busy = answers.filter((a) => a.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
      for (const a of busy) {
        expect(a.data).toEqual({ error: 'The server is busy. Try again in a few seconds.' });
        expect(a.res.headers.get('retry-after')).toBe('1');
        expect(a.res.headers.get('cache-control')).toBe('no-store');
      }
      expect(verifier.pool.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await t.close();
    }
  });
});

describe('idle timeout', () => {
  let t: TestApp;
  let example: TestOrg;
  beforeAll(async () => {
    t = await createTestApp();
    example = await makeOrg(t, { name: 'Example' });
  }, 60_000);
  afterAll(() => t.close());

  const MINUTE = 60_000;
  const lastSeen = async (cookie: string) => {
    const rows = await t.db.select({ id: sessions.id, at: sessions.lastSeenAt }).from(sessions);
    const { hashToken } = await import('./tokens');
    return rows.find((r) => r.id === hashToken(cookie.split('=')[1]!))?.at.getTime();
  };

  it('a session unused for 30 minutes ends; one used in time goes on', async () => {
    const cookie = await t.signIn(example.admin.email, TEST_PASSWORD);
    t.clock.advance(29 * MINUTE);
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    const r = await t.call('GET', '/api/session', { cookie });
    expect(r.status).toBe(401);
    expect(r.data).toEqual({ error: 'Not signed in' });
  });

  it('records the last use at most once a minute', async () => {
    const cookie = await t.signIn(example.admin.email, TEST_PASSWORD);
    const first = await lastSeen(cookie);
    t.clock.advance(30_000);
    await t.call('GET', '/api/session', { cookie });
    expect(await lastSeen(cookie)).toBe(first);
    t.clock.advance(31_000);
    await t.call('GET', '/api/session', { cookie });
    expect(await lastSeen(cookie)).toBe(t.clock.now().getTime());
  });

  it('the limit is a setting (SESSION_IDLE_MINUTES → sessionIdleMs)', async () => {
    const short = await createTestApp({ sessionIdleMs: 5 * MINUTE });
    try {
      const { admin } = await makeOrg(short, { name: 'Example' });
      const cookie = await short.signIn(admin.email, TEST_PASSWORD);
      short.clock.advance(5 * MINUTE + 1000);
      expect((await short.call('GET', '/api/session', { cookie })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('password reset requests', () => {
  let t: TestApp;
  let orgs: SignInOrgs;
  beforeAll(async () => {
    t = await createTestApp();
    orgs = await makeSignInOrgs(t);
  }, 60_000);
  afterAll(() => t.close());

  const outbox = async () =>
    (await t.call('GET', '/api/dev/outbox')).data.messages as Array<{
      to: string;
      text: string;
    }>;

  it('answers a known and an unknown address byte for byte alike, and works only after answering', async () => {
    const request = (email: string) =>
      t.app.request('/api/reset-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({ email }),
      });
    const before = (await outbox()).length;
    const known = await observable(await request(orgs.example.admin.email));
    const unknown = await observable(await request('nobody.here@nowhere.test'));
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    await t.settle();
    expect((await outbox()).length).toBe(before + 1);
  });

  it('never builds a link from a Host header the client chose', async () => {
    const res = await t.app.request('http://evil.example/api/reset-password', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'portal',
        host: 'evil.example',
      },
      body: JSON.stringify({ email: orgs.initrode.admin.email }),
    });
    expect(res.status).toBe(200);
    await t.settle();
    const mail = (await outbox()).filter((m) => m.to === orgs.initrode.admin.email).at(-1);
    expect(mail?.text).toMatch(/^http:\/\/localhost\/update-password\/[A-Za-z0-9_-]{43}$/m);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('requests over the hourly cap log one summary a minute, not a line each', async () => {
    const countCapLines = () =>
      t.logger.lines.filter((line) => line.includes('e-mail cap reached')).length;
    const before = countCapLines();
    for (let i = 0; i < 12; i++) {
      await t.call('POST', '/api/reset-password', { json: { email: orgs.freshco.admin.email } });
    }
    await t.settle();
    // 5 e-mails, then 7 refused requests: one summary line within the minute.
    expect(countCapLines() - before).toBeLessThanOrEqual(1);
    expect(countCapLines()).toBeGreaterThan(0);
  });
});

describe('production cookies', () => {
  it('are __Host- cookies: Secure, Path=/, no Domain; the plain name authenticates nothing', async () => {
    const t = await createTestApp({
      production: true,
      publicUrl: 'https://portal.example',
    });
    try {
      const example = await makeOrg(t, { name: 'Example' });
      const r = await t.call('POST', '/api/login', { json: login(example) });
      expect(r.status).toBe(200);
      const header = r.res.headers.get('set-cookie') ?? '';
      expect(header).toMatch(/^__Host-portal_session=[A-Za-z0-9_-]{43};/);
      expect(header).toMatch(/; Path=\//);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).not.toMatch(/Domain=/i);
      const cookie = sessionCookieOf(r.res);
      expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
      const plain = cookie.replace('__Host-', '');
      expect((await t.call('GET', '/api/session', { cookie: plain })).status).toBe(401);
      const out = await t.call('POST', '/api/logout', { cookie });
      expect(out.res.headers.get('set-cookie')).toMatch(/^__Host-portal_session=;.*Max-Age=0/);
    } finally {
      await t.close();
    }
  });
});

describe('request bodies over the limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('413 answers are never cached', async () => {
    const r = await t.call('POST', '/api/login', {
      rawBody: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(r.status).toBe(413);
    expect(r.res.headers.get('cache-control')).toBe('no-store');
  });

  it('a chunked body over the limit, sent whole before reading, gets the 413 JSON (not a reset)', async () => {
    const server = serveApp(t.app, { port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Like Python's http.client or an SDK: the whole body first (3 MiB in 48 chunks, paced so it
      // takes over a second), then the answer is read.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (data) => (received += data.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(received));
        socket.write(
          'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'X-Requested-With: portal\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
        );
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const timer = setInterval(() => {
          if (sent === 48) {
            clearInterval(timer);
            socket.write('0\r\n\r\n');
            return;
          }
          sent += 1;
          socket.write(`${chunk.length.toString(16)}\r\n`);
          socket.write(chunk);
          socket.write('\r\n');
        }, 25);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('cache-control: no-store');
      expect(answer).toContain('{"error":"Request body too large"}');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
