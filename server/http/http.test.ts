import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { defineEndpoint } from '@contract/endpoint';
import { createRoute } from './route';
import type { AppEnv } from '../env';
import { captureLogger, createTestApp, deadlockingDatabase } from '../test-support';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Example signs in with a password; Umbrella through SSO. */
let example: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  example = await makeOrg(t, { name: 'Example' });
  await makeOrg(t, { name: 'Umbrella', sso: 'okta', admin: { password: null } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers {"ok":true} once ready, 503 before', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"ok":true}');
    const { createApp } = await import('../app');
    const starting = createApp({ db: t.db, isReady: () => false, logger: captureLogger() });
    const res = await starting.request('/api/health', {
      headers: { cookie: `portal_session=${'A'.repeat(43)}` },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Starting up' });
  });
});

describe('request validation', () => {
  it('malformed JSON → 400', async () => {
    const r = await t.call('POST', '/api/login', { rawBody: '{"email": "a@b.c", ' });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ error: 'Malformed JSON body' });
  });

  it('wrong types → 400 with issues naming path and message', async () => {
    const r = await t.call('POST', '/api/login', { json: { email: 42, password: ['x'] } });
    expect(r.status).toBe(400);
    expect(r.data.error).toBe('Invalid request body');
    expect(r.data.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'email',
      'password',
    ]);
    for (const issue of r.data.issues) expect(typeof issue.message).toBe('string');
  });

  it('a JSON body must be sent as application/json (415 otherwise)', async () => {
    const r = await t.call('POST', '/api/orgs/lookup', {
      rawBody: JSON.stringify({ slug: 'example' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(415);
    expect(r.data).toEqual({ error: 'Content-Type must be application/json' });
    const charset = await t.call('POST', '/api/orgs/lookup', {
      rawBody: JSON.stringify({ slug: 'example' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
  });

  it('refuses state-changing calls a browser marks as cross-site', async () => {
    const r = await t.call('POST', '/api/login', {
      json: { email: example.admin.email, password: TEST_PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(403);
    const same = await t.call('POST', '/api/orgs/lookup', {
      json: { slug: 'example' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);
  });

  it('a missing body → 400 with issues', async () => {
    const r = await t.call('POST', '/api/orgs/lookup');
    expect(r.status).toBe(400);
    expect(r.data.issues).toHaveLength(1);
  });

  it('a body over 1 MiB → 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ slug: 'a'.repeat(1024 * 1024 + 10) });
    const r = await t.call('POST', '/api/orgs/lookup', { rawBody: big });
    expect(r.status).toBe(413);
    expect(r.data).toEqual({ error: 'Request body too large' });

    // Chunked upload without Content-Length: counted while streaming.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/orgs/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });

  it('unknown /api paths → 404 JSON', async () => {
    for (const path of ['/api/nope', '/api', '/api/orgs/lookup/extra']) {
      const r = await t.call('GET', path);
      expect(r.status).toBe(404);
      expect(r.data).toEqual({ error: 'Not found' });
    }
  });

  it('non-public endpoints answer 401 before validating the body', async () => {
    const r = await t.call('GET', '/api/session');
    expect(r.status).toBe(401);
    expect(r.data).toEqual({ error: 'Not signed in' });
  });
});

describe('route() helper', () => {
  const probe = defineEndpoint({
    method: 'GET',
    path: '/probe',
    query: z.object({ page: z.coerce.number(), tag: z.optional(z.array(z.string())) }),
    response: z.object({ n: z.number() }),
    public: true,
  });

  function probeApp(handler: () => unknown) {
    const logger = captureLogger();
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('logger', logger);
      await next();
    });
    const route = createRoute(async () => null);
    route(app, probe, handler as never);
    return { app, logger };
  }

  it('a response that does not match the contract is a 500, logged', async () => {
    const { app, logger } = probeApp(() => ({ n: 'one' }));
    const res = await app.request('/api/probe?page=1');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
    expect(logger.lines.join('\n')).toMatch(/does not match the contract/);
  });

  it('parses the query (coercion, repeated keys as arrays) and rejects bad values', async () => {
    let seen: unknown;
    const { app } = probeApp(() => ({ n: 1 }));
    const route = createRoute(async () => null);
    route(app, { ...probe, path: '/probe2' }, ({ query }) => {
      seen = query;
      return { n: 2 };
    });
    expect((await app.request('/api/probe2?page=3&tag=a&tag=b')).status).toBe(200);
    expect(seen).toEqual({ page: 3, tag: ['a', 'b'] });
    const bad = await app.request('/api/probe2?page=abc');
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues[0].path).toBe('page');
  });
});

describe('errors', () => {
  it('a thrown error → 500 {error:"Internal server error"}, detail logged without query parameters', async () => {
    const { createApp } = await import('../app');
    const logger = captureLogger();
    const broken = createApp({
      db: new Proxy(t.db, {
        get(target, prop) {
          if (prop === 'select') {
            return () => {
              const error = new Error('Failed query: select 1\nparams: secret-hash-value');
              throw error;
            };
          }
          return Reflect.get(target, prop);
        },
      }),
      logger,
    });
    const res = await broken.request('/api/orgs/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ slug: 'example' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
    const log = logger.lines.join('\n');
    expect(log).toMatch(/POST \/api\/orgs\/lookup failed/);
    expect(log).not.toMatch(/secret-hash-value/);
  });
});

describe('database conflicts', () => {
  it('a call that lost a deadlock → 503 busy with Retry-After, logged as a warning, not a 500', async () => {
    const { createApp } = await import('../app');
    const logger = captureLogger();
    const conflicted = createApp({ db: deadlockingDatabase(t.db, 'select'), logger });
    const res = await conflicted.request('/api/orgs/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ slug: 'example' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: 'The server is busy. Try again in a few seconds.' });
    const log = logger.lines.join('\n');
    expect(log).toMatch(
      /^warn \[http\] POST \/api\/orgs\/lookup: database conflict, answered 503/m,
    );
    expect(log).not.toMatch(/^error/m);
    expect(log).not.toMatch(/secret-hash-value/);
  });
});

describe('organization lookup', () => {
  it('normalizes the name (lower case, no spaces)', async () => {
    for (const slug of ['example', '  EXAMPLE ', 'Exam Ple']) {
      const r = await t.call('POST', '/api/orgs/lookup', { json: { slug } });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ sso: false, hasSSO: false });
    }
    const sso = await t.call('POST', '/api/orgs/lookup', { json: { slug: 'Umbrella' } });
    expect(sso.data).toEqual({ sso: true, hasSSO: true });
  });

  it('unknown → 404', async () => {
    for (const slug of ['nope', '   ']) {
      const r = await t.call('POST', '/api/orgs/lookup', { json: { slug } });
      expect(r.status).toBe(404);
      expect(r.data).toEqual({ error: 'Organization not found.' });
    }
  });
});

describe('production mode', () => {
  it('hides the development routes and marks cookies Secure', async () => {
    const prod = await createTestApp({ production: true });
    try {
      const { admin } = await makeOrg(prod, { name: 'Example' });
      for (const [method, path] of [
        ['GET', '/api/dev/outbox'],
        ['POST', '/api/dev/expire-session'],
        // The old stand-in identity provider's form is gone in every mode.
        ['POST', '/api/oauth/login'],
      ] as const) {
        const r = await prod.call(method, path);
        expect(r.status, `${method} ${path}`).toBe(404);
      }
      const login = await prod.call('POST', '/api/login', {
        json: { email: admin.email, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
      expect(login.res.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await prod.close();
    }
  }, 60_000);
});
