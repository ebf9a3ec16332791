/**
 * What the public API does to stay fast under many concurrent calls
 * (docs/decisions/058-public-api-throughput.md): a key's concurrent requests admitted in batches
 * (revocation still immediate, the budget still exact across processes), reads' audit events
 * written in batches (chained, complete, written at shutdown), cached pages answered as the
 * uncached ones. On PGlite and, with `npm run test:postgres`, on a real PostgreSQL.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createApp } from '../app';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { auditEvents } from '../db/schema';
import { appendEvent, appendEvents, type NewAuditEvent } from '../audit/data';
import { verifyAuditChains } from '../audit/verify';
import { BackgroundTasks } from '../system/background';
import type { Database } from '../db';
import { apiClient, loadValidator } from './api-client';
import { KeyAdmission } from './admission';
import { picksGzip } from './page-cache';
import { ReadEventBuffer } from './read-events';
import type { RateLimitState } from './rate-limit';
import type { Organization } from '../db/schema';

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;

beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 10_000 });
});
afterAll(async () => {
  await t.tasks.idle();
  await t.close();
});

const eventsOf = (orgId: number, action = 'api_key.called') =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action)))
    .orderBy(asc(auditEvents.seq));

describe('admission in batches (admission.ts)', () => {
  const org = { id: 1 } as Organization;
  const state = (n: number): RateLimitState => ({
    limit: 10,
    remaining: 10 - n,
    resetSeconds: 5,
    exceeded: n > 10,
  });

  it('counts the requests that arrive together in one statement, each with its own place', async () => {
    const calls: number[] = [];
    const admission = new KeyAdmission(async (_hash, n) => {
      calls.push(n);
      return { org, states: Array.from({ length: n }, (_, i) => state(i + 1)) };
    });
    const answers = await Promise.all(Array.from({ length: 7 }, () => admission.admit('k')));
    expect(calls).toEqual([7]);
    expect(answers.map((a) => a?.state.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3]);
    // Later arrivals while a statement runs wait for the next one; nothing is left behind.
    const slow = new KeyAdmission(async (_hash, n) => {
      calls.push(n);
      await new Promise((r) => setTimeout(r, 20));
      return { org, states: Array.from({ length: n }, (_, i) => state(i + 1)) };
    });
    calls.length = 0;
    const first = slow.admit('k');
    await new Promise((r) => setTimeout(r, 5));
    const rest = Array.from({ length: 4 }, () => slow.admit('k'));
    await Promise.all([first, ...rest]);
    expect(calls).toEqual([1, 4]);
    expect(slow.keys).toBe(0);
  });

  it('keeps keys apart, answers null for an unusable key and fails a batch whose statement fails', async () => {
    let fail = true;
    const admission = new KeyAdmission(async (hash, n) => {
      if (hash === 'bad') return null;
      if (hash === 'boom' && fail) throw new Error('database gone');
      return { org, states: Array.from({ length: n }, (_, i) => state(i + 1)) };
    });
    const [good, bad, boom] = await Promise.allSettled([
      admission.admit('good'),
      admission.admit('bad'),
      admission.admit('boom'),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { org } });
    expect(bad).toEqual({ status: 'fulfilled', value: null });
    expect(boom).toMatchObject({ status: 'rejected', reason: { message: 'database gone' } });
    fail = false;
    expect(await admission.admit('boom')).toMatchObject({ org });
  });

  it('bounds a batch', async () => {
    const calls: number[] = [];
    const admission = new KeyAdmission(async (_hash, n) => {
      calls.push(n);
      return { org, states: Array.from({ length: n }, (_, i) => state(i + 1)) };
    }, 3);
    await Promise.all(Array.from({ length: 8 }, () => admission.admit('k')));
    expect(calls).toEqual([3, 3, 2]);
  });
});

describe('the key under concurrent calls', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await makeOrg(t, { name: 'Busyco', devices: 5, apiKey: true });
  });

  it('a revoked key stops at once, in this process and in another one on the same database', async () => {
    const api = apiClient(t.app, await loadValidator(t.app));
    const other = createApp({ db: t.db, now: t.clock.now, apiRateLimit: 10_000, logger: t.logger });
    const api2 = apiClient(other, await loadValidator(other));
    const burst = (client: typeof api) =>
      Promise.all(Array.from({ length: 20 }, () => client('GET', '/devices', { key: org.apiKey })));
    expect((await burst(api)).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await burst(api2)).map((r) => r.status)).toEqual(Array(20).fill(200));
    // Calls in flight while the key is revoked: those admitted before answer 200, every call
    // that arrives after the revocation committed answers 401, in both "processes".
    const during = burst(api);
    const del = await t.call('DELETE', '/api/api/token', { cookie: org.cookie });
    expect(del.status).toBe(200);
    const settled = await during;
    for (const r of settled) expect([200, 401]).toContain(r.status);
    // (Past 30 wrong keys from one address the answer becomes 429: the guessing throttle.)
    const one = await api('GET', '/devices', { key: org.apiKey });
    const two = await api2('GET', '/devices', { key: org.apiKey });
    for (const r of [one, two]) {
      expect(r.status).toBe(401);
      expect(r.res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    const after = [...(await burst(api)), ...(await burst(api2))];
    for (const r of after) expect([401, 429]).toContain(r.status);
  });

  it('an expired key stops when it expires, with no wait', async () => {
    const soon = await makeOrg(t, {
      name: 'Soonco',
      apiKey: { expiresAt: new Date(t.clock.now().getTime() + 60_000) },
    });
    const api = apiClient(t.app, await loadValidator(t.app));
    expect((await api('GET', '/devices', { key: soon.apiKey })).status).toBe(200);
    t.clock.advance(60_001);
    expect((await api('GET', '/devices', { key: soon.apiKey })).status).toBe(401);
  });
});

describe('the budget shared by two server instances', () => {
  it('grants exactly the limit to concurrent bursts from both, each answer with its own remainder', async () => {
    const t2 = await createTestApp({ apiRateLimit: 50 });
    try {
      const org = await makeOrg(t2, { name: 'Sharedco', apiKey: true });
      const other = createApp({
        db: t2.db,
        now: t2.clock.now,
        apiRateLimit: 50,
        logger: t2.logger,
      });
      const v = await loadValidator(t2.app);
      const one = apiClient(t2.app, v);
      const two = apiClient(other, v);
      t2.clock.current = new Date('2030-01-15T09:00:10.000Z');
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          (i % 2 ? one : two)('GET', '/devices?limit=1', { key: org.apiKey }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 429);
      expect(ok).toHaveLength(50);
      expect(refused).toHaveLength(30);
      // Each granted request saw its own place in the minute: 49, 48, … 0, once each.
      const remaining = ok.map((r) => Number(r.res.headers.get('ratelimit-remaining')));
      expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      for (const r of refused) {
        expect(r.res.headers.get('retry-after')).toBe('50');
        expect(r.res.headers.get('ratelimit-remaining')).toBe('0');
      }
      // The next minute starts over, for both.
      t2.clock.advance(50_000);
      expect((await two('GET', '/devices', { key: org.apiKey })).status).toBe(200);
      expect(
        (await one('GET', '/devices', { key: org.apiKey })).res.headers.get('ratelimit-remaining'),
      ).toBe('48');
    } finally {
      await t2.tasks.idle();
      await t2.close();
    }
  });
});

describe("reads' audit events in batches", () => {
  it('records every one of many concurrent calls, in a chain that verifies, beside a change', async () => {
    const org = await makeOrg(t, { name: 'Chainco', devices: 3, alerts: 2, apiKey: true });
    const api = apiClient(t.app, await loadValidator(t.app));
    await t.tasks.idle();
    const before = await eventsOf(org.id);
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, () => api('GET', '/devices', { key: org.apiKey })),
      api('GET', '/devices?colour=blue', { key: org.apiKey }),
      // A change in the middle: its event is written in its own transaction, at once.
      api('POST', '/alerts/close', { key: org.apiKey, json: { ids: [org.alerts[0]!.scanId] } }),
    ]);
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(31);
    const closed = await eventsOf(org.id, 'alert.closed');
    expect(closed).toHaveLength(1);
    await t.tasks.idle();
    const added = (await eventsOf(org.id)).slice(before.length);
    expect(added).toHaveLength(31);
    expect(added.filter((e) => e.outcome === 'failure')).toHaveLength(1);
    const ids = new Set(added.map((e) => e.requestId));
    expect(ids.size).toBe(31);
    for (const e of added) {
      expect(e).toMatchObject({ actorType: 'api_key', targetType: 'api_key' });
      expect(e.changes).toMatchObject({ operation: 'listDevices', path: '/api/v1/devices' });
    }
    const result = await verifyAuditChains(t.db, { slug: org.slug });
    expect(result.broken).toBeNull();
    expect(result.events).toBeGreaterThanOrEqual(32);
  });

  it('appendEvents numbers and chains after appendEvent and before it, for several organizations', async () => {
    const a = await makeOrg(t, { name: 'Batcha' });
    const b = await makeOrg(t, { name: 'Batchb' });
    const event = (orgId: number, i: number): NewAuditEvent => ({
      orgId,
      time: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
      actor: { type: 'api_key', id: 'abcdef012345', display: 'API key mdsk_…AbCd' },
      action: 'api_key.called',
      target: { type: 'api_key', id: 'abcdef012345', display: 'mdsk_…AbCd' },
      outcome: 'success',
      message: i % 2 ? null : 'a "quoted" — ünïcode message',
      ip: '203.0.113.9',
      userAgent: null,
      requestId: `r${i}`,
      changes: { operation: 'listDevices', status: 200, nested: { list: [1, 'two', null] } },
    });
    await appendEvent(t.db, event(a.id, 0));
    await appendEvents(t.db, [event(a.id, 1), event(b.id, 2), event(a.id, 3), event(b.id, 4)]);
    await appendEvent(t.db, event(b.id, 5));
    await appendEvents(t.db, []);
    for (const org of [a, b]) {
      const result = await verifyAuditChains(t.db, { slug: org.slug });
      expect(result.broken, org.slug).toBeNull();
    }
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, 'r3'))
      .orderBy(asc(auditEvents.seq));
    expect(rows.map((r) => r.orgId)).toEqual([a.id]);
  });

  it('writes within flushMs without being asked, at once when full, and what waits at shutdown', async () => {
    const org = await makeOrg(t, { name: 'Flushco' });
    const tasks = new BackgroundTasks(t.logger);
    const buffer = new ReadEventBuffer(t.db, tasks, t.logger, { flushMs: 30, maxEvents: 5 });
    const event = (i: number): NewAuditEvent => ({
      orgId: org.id,
      time: t.clock.now(),
      actor: { type: 'api_key', id: 'abcdef012345', display: 'API key' },
      action: 'api_key.called',
      target: null,
      outcome: 'success',
      requestId: `flush-${i}`,
    });
    buffer.add(event(1));
    expect(buffer.size).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    expect(await eventsOf(org.id)).toHaveLength(1);
    for (let i = 2; i <= 6; i++) buffer.add(event(i));
    // Full at five: written in the next turn, not after flushMs.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    await buffer.flush();
    expect((await eventsOf(org.id)).length).toBeGreaterThanOrEqual(6);
    buffer.add(event(7));
    // A graceful shutdown awaits the background tasks before closing the database (main.ts).
    await tasks.idle();
    expect((await eventsOf(org.id)).map((e) => e.requestId)).toEqual(
      Array.from({ length: 7 }, (_, i) => `flush-${i + 1}`),
    );
    expect(buffer.size).toBe(0);
  });

  it('tries a failed write once more, then drops it with a log line that counts it', async () => {
    const org = await makeOrg(t, { name: 'Failco' });
    let failures = 1;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && failures > 0) {
          return () => {
            failures -= 1;
            return Promise.reject(new Error('connection reset'));
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Database;
    const tasks = new BackgroundTasks(t.logger);
    const buffer = new ReadEventBuffer(flaky, tasks, t.logger, { flushMs: 5, maxEvents: 100 });
    const event: NewAuditEvent = {
      orgId: org.id,
      time: t.clock.now(),
      actor: { type: 'api_key', id: 'abcdef012345', display: 'API key' },
      action: 'api_key.called',
      target: null,
      outcome: 'success',
      requestId: 'flaky-1',
    };
    buffer.add(event);
    await tasks.idle();
    expect((await eventsOf(org.id)).map((e) => e.requestId)).toEqual(['flaky-1']);
    expect(t.logger.lines.join('\n')).toContain('tried again with the next batch');

    failures = 2;
    buffer.add({ ...event, requestId: 'flaky-2' });
    await tasks.idle();
    expect((await eventsOf(org.id)).map((e) => e.requestId)).toEqual(['flaky-1']);
    expect(t.logger.lines.join('\n')).toContain('1 lost after a second try');
    expect(buffer.size).toBe(0);
  });
});

describe('cached pages', () => {
  it('picks gzip as the compress middleware would', () => {
    expect(picksGzip(undefined)).toBe(false);
    expect(picksGzip('gzip')).toBe(true);
    expect(picksGzip('gzip, deflate, br')).toBe(true);
    expect(picksGzip('GZIP;q=0.5')).toBe(true);
    expect(picksGzip('gzip;q=0')).toBe(false);
    expect(picksGzip('deflate')).toBe(false);
    expect(picksGzip('deflate, gzip;q=0.5')).toBe(false);
    expect(picksGzip('*')).toBe(true);
    expect(picksGzip('br, identity')).toBe(false);
  });

  it('answer the same bytes, headers and Link as the uncached page, and change with the devices', async () => {
    const org = await makeOrg(t, { name: 'Cacheco', devices: 12, apiKey: true });
    const plain = createApp({
      db: t.db,
      now: t.clock.now,
      apiRateLimit: 10_000,
      apiPageCache: false,
      logger: t.logger,
    });
    const v = await loadValidator(t.app);
    const cached = apiClient(t.app, v);
    const uncached = apiClient(plain, v);
    for (const path of ['/devices?limit=5', '/devices?limit=5&sort=code&order=desc']) {
      const a = await cached('GET', path, { key: org.apiKey });
      const b = await cached('GET', path, { key: org.apiKey });
      const c = await uncached('GET', path, { key: org.apiKey });
      expect(a.text).toBe(c.text);
      expect(b.text).toBe(c.text);
      expect(a.res.headers.get('content-type')).toBe(c.res.headers.get('content-type'));
      expect(b.res.headers.get('link')).toBe(c.res.headers.get('link'));
      expect(b.res.headers.get('link')).toMatch(/rel="next"$/);
      expect(b.res.headers.get('ratelimit-limit')).toBe('10000');
    }
    // gzip: compressed once per page, the same JSON inside, as the compress middleware would answer.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request('/api/v1/devices?limit=5', {
        headers: { authorization: `Bearer ${org.apiKey}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('ratelimit-limit')).toBe('10000');
      const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      expect(body).toBe((await uncached('GET', '/devices?limit=5', { key: org.apiKey })).text);
    }
    const first = await cached('GET', '/devices?limit=100', { key: org.apiKey });
    const code = first.data.devices[0].code as string;
    const gone = await cached('POST', '/devices/unenroll', {
      key: org.apiKey,
      json: { codes: [code] },
    });
    expect(gone.status).toBe(200);
    const again = await cached('GET', '/devices?limit=100', { key: org.apiKey });
    expect(again.data.devices.map((d: { code: string }) => d.code)).not.toContain(code);
    expect(again.data.devices).toHaveLength(first.data.devices.length - 1);
  });
});
