/**
 * The public API (docs/decisions/054-public-api.md): key authentication, problem details, strict
 * inputs, every resource, cursors, per-item bulk results, audit events and the rate limit. Every
 * answer is checked against the served OpenAPI document (./api-client.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import { createTestApp, deadlockingDatabase } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { auditEvents } from '../db/schema';
import { apiClient, loadValidator, type ApiAnswer } from './api-client';

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let api: ReturnType<typeof apiClient>;
let acme: TestOrg;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 10_000 });
  api = apiClient(t.app, await loadValidator(t.app));
  acme = await makeOrg(t, { name: 'Apico', members: 12, devices: 57, alerts: 9, apiKey: true });
  key = acme.apiKey as string;
});
afterAll(() => t.close());

const problem = (r: ApiAnswer, status: number) => {
  expect(r.status, r.text).toBe(status);
  expect(r.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.data).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(typeof r.data.detail).toBe('string');
};

describe('authentication', () => {
  it('answers 401 without a key, naming the Bearer scheme, and with the same shape for a bad one', async () => {
    const none = await api('GET', '/devices');
    problem(none, 401);
    expect(none.res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    for (const bad of [
      'mdsk_nope',
      `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
      'x'.repeat(300),
    ]) {
      const r = await api('GET', '/devices', { key: bad });
      problem(r, 401);
      expect(r.res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('refuses an expired key, a revoked key and an organization without API access', async () => {
    const expired = await makeOrg(t, {
      name: 'Expiredco',
      apiKey: { expiresAt: new Date(t.clock.now().getTime() - 1000) },
    });
    problem(await api('GET', '/devices', { key: expired.apiKey }), 401);

    const revoked = await makeOrg(t, { name: 'Revokedco', apiKey: true });
    expect((await api('GET', '/devices', { key: revoked.apiKey })).status).toBe(200);
    const del = await t.call('DELETE', '/api/api/token', { cookie: revoked.cookie });
    expect(del.status).toBe(200);
    const r = await api('GET', '/devices', { key: revoked.apiKey });
    problem(r, 401);
    expect(r.res.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const noAccess = await makeOrg(t, { name: 'Noaccess', apiKey: true, apiAccess: false });
    problem(await api('GET', '/devices', { key: noAccess.apiKey }), 401);
  });

  it('a session cookie authenticates nothing; no CSRF header is needed with a key; no CORS', async () => {
    problem(await api('GET', '/devices', { headers: { cookie: acme.cookie } }), 401);
    const viaCookie = await api('POST', '/alerts/close', {
      headers: { cookie: acme.cookie, 'x-requested-with': 'portal' },
      json: { ids: [acme.alerts[0]?.scanId] },
    });
    problem(viaCookie, 401);
    const withKey = await api('POST', '/alerts/reopen', {
      key,
      json: { ids: ['nothing-like-this'] },
      headers: { origin: 'https://evil.example' },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.app.request('/api/v1/devices', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('records every call as an audit event whose actor is the key (id and last four, never the key)', async () => {
    const before = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, acme.id));
    await api('GET', '/devices?limit=1', { key });
    await api('GET', '/devices?colour=red', { key });
    // Reads' events are written in batches, at most 100 ms later (read-events.ts).
    await t.tasks.idle();
    const after = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, acme.id));
    const added = after.filter((e) => !before.some((b) => b.seq === e.seq));
    expect(added.map((e) => [e.action, e.outcome])).toEqual([
      ['api_key.called', 'success'],
      ['api_key.called', 'failure'],
    ]);
    for (const e of added) {
      expect(e.actorType).toBe('api_key');
      expect(e.actorDisplay).toBe(`API key mdsk_…${key.slice(-4)}`);
      expect(e.actorId).toMatch(/^[0-9a-f]{12}$/);
      expect(JSON.stringify(e)).not.toContain(key);
    }
  });
});

describe('strict inputs and problem details', () => {
  it('refuses unknown query parameters and body fields with 400 and names them', async () => {
    const q = await api('GET', '/devices?limit=5&colour=red', { key });
    problem(q, 400);
    expect(q.data.errors).toEqual([
      { location: 'query.colour', message: "Unknown query parameter 'colour'" },
    ]);
    problem(await api('GET', '/devices/ABC?x=1', { key }), 400);
    const b = await api('POST', '/alerts/close', { key, json: { ids: ['a'], status: 'Closed' } });
    problem(b, 400);
    expect(b.data.errors).toEqual([{ location: 'body.status', message: "Unknown field 'status'" }]);
    const nested = await api('POST', '/members', {
      key,
      json: { members: [{ name: 'A', email: 'a@example.com', role: 'admin' }] },
    });
    problem(nested, 400);
    expect(nested.data.errors[0].location).toBe('body.members.0.role');
  });

  it('answers validation, JSON, media type, size and cap failures as problems', async () => {
    problem(await api('GET', '/devices?limit=0', { key }), 400);
    problem(await api('GET', '/devices?limit=101', { key }), 400);
    problem(await api('GET', '/devices?severity=purple', { key }), 400);
    problem(
      await api('POST', '/alerts/close', {
        key,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    problem(
      await api('POST', '/alerts/close', {
        key,
        rawBody: 'ids=1',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    );
    problem(await api('POST', '/alerts/close', { key, json: { ids: [] } }), 400);
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    problem(await api('POST', '/alerts/close', { key, json: { ids: many } }), 400);
    problem(await api('POST', '/alerts/close', { key, json: { ids: ['a\u0000b'] } }), 400);
    problem(
      await api('POST', '/alerts/close', {
        key,
        rawBody: JSON.stringify({ ids: ['x'.repeat(2 * 1024 * 1024)] }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    problem(await api('GET', '/nothing-here', { key }), 404);
    const wrongMethod = await api('DELETE', '/devices', { key });
    problem(wrongMethod, 405);
    expect(wrongMethod.res.headers.get('allow')).toBe('GET');
    problem(await api('GET', '/devices?cursor=bm90LWEtY3Vyc29y', { key }), 400);
    problem(await api('GET', '/devices?cursor=not%20base64', { key }), 400);
  });
});

describe('devices', () => {
  it('walks every device once with cursors, in the dashboard order, with a Link header', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/devices?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await api('GET', path, { key });
      expect(r.status).toBe(200);
      expect(r.res.headers.get('ratelimit-limit')).toBe('10000');
      seen.push(...r.data.devices.map((d: { code: string }) => d.code));
      cursor = r.data.next;
      if (cursor) {
        expect(r.res.headers.get('link')).toBe(
          `</api/v1/devices?limit=10&cursor=${cursor}>; rel="next"`,
        );
      } else {
        expect(r.res.headers.get('link')).toBeNull();
      }
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(6);
    expect([...seen].sort()).toEqual(acme.devices.map((d) => d.code).sort());
    // The same order as the dashboard's pages.
    const dash = await t.call('GET', '/api/orgs?page=1&pageSize=57', { cookie: acme.cookie });
    expect(seen).toEqual(dash.data.devices.map((d: { code: string }) => d.code));
  });

  it('filters and sorts as the dashboard, and a cursor is tied to its order', async () => {
    for (const query of [
      'severity=critical&severity=warning',
      'enrolled=false',
      'sort=lastScanAt&order=desc',
      'sort=osVersion',
      'sort=model&order=desc&enrolled=true',
    ]) {
      const all: string[] = [];
      let cursor: string | null = null;
      let first: ApiAnswer | null = null;
      do {
        const r = await api(
          'GET',
          `/devices?${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
          { key },
        );
        expect(r.status).toBe(200);
        first ??= r;
        all.push(...r.data.devices.map((d: { code: string }) => d.code));
        cursor = r.data.next;
      } while (cursor);
      const dash = await t.call('GET', `/api/orgs?${query}&page=1&pageSize=100`, {
        cookie: acme.cookie,
      });
      expect(all, query).toEqual(dash.data.devices.map((d: { code: string }) => d.code));
    }
    const r = await api('GET', '/devices?limit=5', { key });
    problem(await api('GET', `/devices?limit=5&sort=code&cursor=${r.data.next}`, { key }), 400);
  });

  it('gets one device by code; another organization’s code is not found', async () => {
    const device = acme.devices[0]!;
    const r = await api('GET', `/devices/${device.code}`, { key });
    expect(r.status).toBe(200);
    expect(r.data.code).toBe(device.code);
    problem(await api('GET', '/devices/NOSUCHCODE', { key }), 404);
  });

  it('unenrolls with one result per code, a webhook-worthy change and its audit event', async () => {
    const [a, b] = acme.devices.slice(-2).map((d) => d.code);
    const r = await api('POST', '/devices/unenroll', { key, json: { codes: [a, 'NOPE1234', b] } });
    expect(r.status).toBe(200);
    expect(r.data.results).toEqual([
      { code: a, result: 'unenrolled' },
      { code: 'NOPE1234', result: 'not_found' },
      { code: b, result: 'unenrolled' },
    ]);
    problem(await api('GET', `/devices/${a}`, { key }), 404);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'device.unenrolled'));
    expect(event).toMatchObject({ actorType: 'api_key', outcome: 'success', orgId: acme.id });
    // The list reflects it at once (the cached pages belong to the old devices_version).
    const list = await api('GET', '/devices?limit=100', { key });
    expect(list.data.devices.map((d: { code: string }) => d.code)).not.toContain(a);
  });
});

describe('alerts', () => {
  it('lists newest first with status, severity and since filters and cursors', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await api('GET', `/alerts?limit=4${cursor ? `&cursor=${cursor}` : ''}`, { key });
      all.push(...r.data.alerts.map((a: { scanId: string }) => a.scanId));
      cursor = r.data.next;
    } while (cursor);
    expect(all).toEqual(acme.alerts.map((a) => a.scanId));

    const open = await api('GET', '/alerts?status=open&limit=100', { key });
    expect(open.data.alerts.map((a: { scanId: string }) => a.scanId)).toEqual(
      acme.alerts.filter((a) => a.alertStatus === 'Open').map((a) => a.scanId),
    );
    const severity = acme.alerts[0]!.severity;
    const bySeverity = await api(
      'GET',
      `/alerts?severity=${encodeURIComponent(severity)}&limit=100`,
      { key },
    );
    expect(bySeverity.data.alerts.length).toBe(
      acme.alerts.filter((a) => a.severity === severity).length,
    );
    const since = acme.alerts[2]!.scanTime.toISOString();
    const recent = await api('GET', `/alerts?since=${since}&limit=100`, { key });
    expect(recent.data.alerts.length).toBe(
      acme.alerts.filter((a) => a.scanTime >= acme.alerts[2]!.scanTime).length,
    );
    problem(await api('GET', '/alerts?since=yesterday', { key }), 400);
  });

  it('gets one alert, and closes and reopens with one result per id', async () => {
    const open = acme.alerts.find((a) => a.alertStatus === 'Open')!;
    const got = await api('GET', `/alerts/${encodeURIComponent(open.scanId)}`, { key });
    expect(got.data.scanId).toBe(open.scanId);
    problem(await api('GET', '/alerts/no-such-alert', { key }), 404);

    const close = await api('POST', '/alerts/close', {
      key,
      json: { ids: [open.scanId, 'missing'] },
    });
    expect(close.data.results).toEqual([
      { id: open.scanId, result: 'updated' },
      { id: 'missing', result: 'not_found' },
    ]);
    const again = await api('POST', '/alerts/close', { key, json: { ids: [open.scanId] } });
    expect(again.data.results).toEqual([{ id: open.scanId, result: 'unchanged' }]);
    expect(
      (await api('GET', `/alerts/${encodeURIComponent(open.scanId)}`, { key })).data.alertStatus,
    ).toBe('Closed');
    const reopen = await api('POST', '/alerts/reopen', { key, json: { ids: [open.scanId] } });
    expect(reopen.data.results).toEqual([{ id: open.scanId, result: 'updated' }]);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, acme.id));
    // Every call is an event (the one that changed nothing too), with the key as actor.
    expect(
      events.filter((e) => e.action === 'alert.closed' && e.actorType === 'api_key'),
    ).toHaveLength(2);
    expect(
      events.filter((e) => e.action === 'alert.reopened' && e.actorType === 'api_key'),
    ).toHaveLength(2);
  });
});

describe('members', () => {
  it('lists with search, status and source and pages with cursors; gets one by id', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await api('GET', `/members?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { key });
      all.push(...r.data.members.map((m: { id: string }) => m.id));
      cursor = r.data.next;
    } while (cursor);
    expect([...all].sort()).toEqual(acme.members.map((m) => String(m.id)).sort());
    const who = acme.members[3]!;
    const search = await api('GET', `/members?q=${encodeURIComponent(who.email)}`, { key });
    expect(search.data.members.map((m: { id: string }) => m.id)).toEqual([String(who.id)]);
    const one = await api('GET', `/members/${who.id}`, { key });
    expect(one.data).toMatchObject({ id: String(who.id), email: who.email });
    problem(await api('GET', '/members/999999', { key }), 404);
    problem(await api('GET', '/members/abc', { key }), 404);
    const status = await api('GET', '/members?status=invited&status=enrolled&source=manual', {
      key,
    });
    expect(status.status).toBe(200);
    problem(await api('GET', '/members?status=gone', { key }), 400);
  });

  it('invites with the portal duplicate rule and e-mails the invitations', async () => {
    const existing = acme.members[0]!;
    const r = await api('POST', '/members', {
      key,
      json: {
        members: [
          { name: 'New Person', email: 'new.person@apico.test' },
          { name: 'Again', email: existing.email.toUpperCase() },
          { name: 'Twice', email: 'new.person@apico.test' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.data.results).toEqual([
      { email: 'new.person@apico.test', result: 'invited' },
      { email: existing.email.toUpperCase(), result: 'duplicate' },
      { email: 'new.person@apico.test', result: 'duplicate' },
    ]);
    const allowed = await api('POST', '/members', {
      key,
      json: {
        members: [{ name: 'Again', email: existing.email }],
        allowedDuplicates: [existing.email],
      },
    });
    expect(allowed.data.results).toEqual([{ email: existing.email, result: 'invited' }]);
    await t.settle();
    const outbox = await t.call('GET', '/api/dev/outbox');
    const to = JSON.stringify(outbox.data);
    expect(to).toContain('new.person@apico.test');
    problem(
      await api('POST', '/members', {
        key,
        json: { members: [{ name: 'X', email: 'not-an-email' }] },
      }),
      400,
    );
  });
});

describe('audit events', () => {
  it('lists the Activity log with its filters and cursors', async () => {
    await t.tasks.idle();
    const r = await api('GET', '/audit-events?limit=3&action=api_key.called', { key });
    expect(r.status).toBe(200);
    expect(r.data.events).toHaveLength(3);
    expect(r.data.events.every((e: { action: string }) => e.action === 'api_key.called')).toBe(
      true,
    );
    const next = await api(
      'GET',
      `/audit-events?limit=3&action=api_key.called&cursor=${r.data.next}`,
      { key },
    );
    expect(Number(next.data.events[0].id)).toBeLessThan(Number(r.data.events[2].id));
    const failures = await api('GET', '/audit-events?outcome=failure&limit=100', { key });
    expect(failures.data.events.every((e: { outcome: string }) => e.outcome === 'failure')).toBe(
      true,
    );
    problem(await api('GET', '/audit-events?action=nope', { key }), 400);
  });
});

describe('rate limit', () => {
  it('counts per key in the database: headers on every answer, 429 with Retry-After, shared by two processes, reset next minute', async () => {
    const t2 = await createTestApp({ apiRateLimit: 3 });
    try {
      const org = await makeOrg(t2, { name: 'Limited', apiKey: true });
      // A second "process": another app on the same database.
      const other = createApp({ db: t2.db, now: t2.clock.now, apiRateLimit: 3, logger: t2.logger });
      const v = await loadValidator(t2.app);
      const one = apiClient(t2.app, v);
      const two = apiClient(other, v);
      t2.clock.current = new Date('2030-01-15T09:00:10.000Z');
      const a = await one('GET', '/devices', { key: org.apiKey });
      expect(a.res.headers.get('ratelimit-limit')).toBe('3');
      expect(a.res.headers.get('ratelimit-remaining')).toBe('2');
      expect(a.res.headers.get('ratelimit-reset')).toBe('50');
      const b = await two('GET', '/devices?colour=x', { key: org.apiKey });
      expect(b.status).toBe(400);
      expect(b.res.headers.get('ratelimit-remaining')).toBe('1');
      expect(
        (await one('GET', '/devices', { key: org.apiKey })).res.headers.get('ratelimit-remaining'),
      ).toBe('0');
      const over = await two('GET', '/devices', { key: org.apiKey });
      problem(over, 429);
      expect(over.res.headers.get('retry-after')).toBe('50');
      expect(over.res.headers.get('ratelimit-remaining')).toBe('0');
      t2.clock.advance(50_000);
      const fresh = await one('GET', '/devices', { key: org.apiKey });
      expect(fresh.status).toBe(200);
      expect(fresh.res.headers.get('ratelimit-remaining')).toBe('2');
      // A new key starts a fresh budget.
      await one('GET', '/devices', { key: org.apiKey });
      await one('GET', '/devices', { key: org.apiKey });
      problem(await one('GET', '/devices', { key: org.apiKey }), 429);
      const gen = await t2.call('POST', '/api/api/token', {
        cookie: org.cookie,
        json: { expiration: 'ONE_YEAR' },
      });
      expect(gen.status, gen.text).toBe(200);
      const newKey = gen.data.token as string;
      expect((await one('GET', '/devices', { key: newKey })).status).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('slows down guessing: many wrong keys from one address get 429', async () => {
    let last: ApiAnswer | null = null;
    for (let i = 0; i < 40; i++)
      last = await api('GET', '/devices', { key: `mdsk_${'x'.repeat(43)}` });
    problem(last!, 429);
    expect(Number(last!.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('database conflicts', () => {
  it('a write that lost a deadlock changed nothing and answers 503 with Retry-After, as the document says', async () => {
    // Another app on the same database whose next transaction loses a deadlock.
    const db = deadlockingDatabase(t.db, 'transaction');
    const other = createApp({ db, now: t.clock.now, apiRateLimit: 10_000, logger: t.logger });
    const call = apiClient(other, await loadValidator(t.app));
    const id = acme.alerts[acme.alerts.length - 1]!.scanId;
    const path = `/alerts/${encodeURIComponent(id)}`;
    const before = (await api('GET', path, { key })).data.alertStatus;
    const target = before === 'Open' ? '/alerts/close' : '/alerts/reopen';

    const lost = await call('POST', target, { key, json: { ids: [id] } });
    problem(lost, 503);
    expect(lost.data.type).toBe('https://portal.example.com/problems/unavailable');
    expect(lost.res.headers.get('retry-after')).toBe('1');
    expect((await api('GET', path, { key })).data.alertStatus).toBe(before);
    expect(t.logger.lines.join('\n')).toMatch(
      /^warn \[public-api\] POST \/alerts\/(close|reopen): database conflict/m,
    );

    // Sent again, it passes.
    const again = await call('POST', target, { key, json: { ids: [id] } });
    expect(again.status, again.text).toBe(200);
    expect(again.data.results).toEqual([{ id, result: 'updated' }]);
  });
});

describe('the OpenAPI document and the reference page', () => {
  it('serves the document without a key and the reference page with its assets', async () => {
    const doc = await t.app.request('/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect((await doc.json()).openapi).toBe('3.1.0');
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>(?!<)/);
    for (const asset of [
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
      '/api/docs/start.js',
    ]) {
      const r = await t.app.request(asset);
      expect(r.status, asset).toBe(200);
    }
    expect((await t.app.request('/api/docs/package.json')).status).toBe(404);
  });
});

describe('the log', () => {
  it('never holds an API key, after every call above', () => {
    const log = t.logger.lines.join('\n');
    expect(t.logger.lines.length).toBeGreaterThanOrEqual(0);
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(5));
  });
});
