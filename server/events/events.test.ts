/**
 * The live console's event stream, GET /api/events (docs/decisions/052-live-console.md): its
 * session rule, organization scope, what publishes a notice (only a committed change), resuming
 * with Last-Event-ID, the heartbeat and its session check, coalescing, and the end of streams at
 * shutdown. On PGlite here (its NOTIFY in-process); events-postgres.test.ts runs two instances on
 * one PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { readSse } from '../test-support/sse';
import { openAlert, openAlerts, type NewAlert } from '../alerts/open-alert';
import { changeNotices } from '../db/schema';
import { deleteOldNotices, REPLAY_LIMIT } from './data';
import { publishNotice } from './notices';
import { parseLastEventId } from './stream-options';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const HEARTBEAT_MS = 150;

let t: TestApp;
let acme: TestOrg;
let globex: TestOrg;
let scan = 0;

const newAlert = (org: TestOrg): NewAlert => ({
  scanId: `scan_live_${++scan}`,
  deviceId: org.devices[0]!.id,
  alertName: 'Malicious app',
  alertDescription: JSON.stringify([{ threat: 'Trojan.Test' }]),
  severity: 'HIGH',
  scanTime: t.clock.now(),
});

const open = (cookie: string | null, headers: Record<string, string> = {}) =>
  t.app.request('/api/events', { headers: { ...(cookie ? { cookie } : {}), ...headers } });

async function stream(cookie: string, headers: Record<string, string> = {}) {
  const res = await open(cookie, headers);
  expect(res.status).toBe(200);
  return readSse(res);
}

beforeAll(async () => {
  t = await createTestApp({ liveStream: { heartbeatMs: HEARTBEAT_MS, coalesceMs: 20 } });
  acme = await makeOrg(t, { name: 'Acme', devices: 3, alerts: 2 });
  globex = await makeOrg(t, { name: 'Globex', devices: 3, alerts: 2 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/events: who may listen', () => {
  it('401 without a session, as every call (the 401 rule)', async () => {
    const res = await open(null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });

  it('401 with an expired (idle) session', async () => {
    const cookie = await acme.session();
    t.clock.advance(31 * 60 * 1000);
    try {
      const res = await open(cookie);
      expect(res.status).toBe(401);
    } finally {
      t.clock.advance(-31 * 60 * 1000);
    }
  });

  it('an event stream: not cached, not compressed, with the security headers', async () => {
    const res = await open(acme.cookie, { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const s = readSse(res);
    const ready = await s.nextEvent();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^\d+$/);
    await s.close();
  });
});

describe('notices', () => {
  it("an alert opened in Acme reaches Acme's stream, never Globex's", async () => {
    const a = await stream(acme.cookie);
    const g = await stream(globex.cookie);
    const ready = await a.nextEvent();
    await g.nextEvent();
    await openAlert(t.queue, t.db, acme.id, newAlert(acme), t.clock.now());
    const event = await a.nextEvent();
    expect(event.event).toBe('alerts');
    expect(JSON.parse(event.data!)).toEqual({ opened: 1 });
    expect(Number(event.id)).toBeGreaterThan(Number(ready.id));
    expect(await g.collect(200)).toEqual([]);
    // Globex's own change reaches Globex.
    await openAlert(t.queue, t.db, globex.id, newAlert(globex), t.clock.now());
    expect((await g.nextEvent()).event).toBe('alerts');
    expect(await a.collect(100)).toEqual([]);
    await Promise.all([a.close(), g.close()]);
  });

  it('a rolled-back change publishes nothing: no row, no event', async () => {
    const a = await stream(acme.cookie);
    await a.nextEvent();
    const before = await t.db.$count(changeNotices);
    await expect(
      t.db.transaction(async (tx) => {
        await openAlerts(t.queue, tx, acme.id, [newAlert(acme)], t.clock.now());
        throw new Error('scan rejected');
      }),
    ).rejects.toThrow('scan rejected');
    expect(await t.db.$count(changeNotices)).toBe(before);
    expect(await a.collect(200)).toEqual([]);
    await a.close();
  });

  it('closing alerts and unenrolling devices through the portal publish', async () => {
    const a = await stream(acme.cookie);
    await a.nextEvent();
    const close = await t.call('POST', '/api/update-alerts', {
      cookie: acme.cookie,
      json: { alertIds: [acme.alerts[0]!.scanId], status: 'Closed' },
    });
    expect(close.status, close.text).toBe(200);
    const closed = await a.nextEvent();
    expect(closed.event).toBe('alerts');
    expect(JSON.parse(closed.data!)).toEqual({ opened: 0 });
    const unenroll = await t.call('POST', '/api/orgs/unenroll-devices', {
      cookie: acme.cookie,
      json: { codes: [acme.devices[2]!.code] },
    });
    expect(unenroll.status, unenroll.text).toBe(200);
    expect((await a.nextEvent()).event).toBe('devices');
    // Closing the alert may also have changed its device's severity (a `devices` notice of its
    // own: server/alerts/device-severity.ts); only devices notices may still be on their way.
    expect((await a.collect(150)).every((e) => e.event === 'devices')).toBe(true);
    // Nothing changed (an unknown code): nothing published.
    await t.call('POST', '/api/orgs/unenroll-devices', {
      cookie: acme.cookie,
      json: { codes: ['NOPE-0000'] },
    });
    expect(await a.collect(150)).toEqual([]);
    await a.close();
  });

  it('a burst is coalesced: 40 alerts opened at once arrive as few events that add up', async () => {
    const a = await stream(acme.cookie);
    await a.nextEvent();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        openAlert(t.queue, t.db, acme.id, newAlert(acme), t.clock.now()),
      ),
    );
    const events = await a.collect(300);
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThan(40);
    expect(events.every((e) => e.event === 'alerts')).toBe(true);
    expect(events.reduce((n, e) => n + (JSON.parse(e.data!) as { opened: number }).opened, 0)).toBe(
      40,
    );
    await a.close();
  });

  it('the development route that opens an alert (as a scan would) publishes it', async () => {
    const a = await stream(acme.cookie);
    await a.nextEvent();
    const r = await t.call('POST', '/api/dev/open-alert', {
      cookie: acme.cookie,
      json: { alertName: 'Trojan.Dev', severity: 'Critical' },
    });
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse((await a.nextEvent()).data!)).toEqual({ opened: 1 });
    const list = await t.call('GET', '/api/alerts?status=open&page=1&pageSize=50', {
      cookie: acme.cookie,
    });
    expect(list.data.alerts.map((x: { scanId: string }) => x.scanId)).toContain(r.data.scanId);
    await a.close();
  });

  it('"devices changed" is written once per transaction', async () => {
    const before = await t.db.$count(changeNotices);
    await t.db.transaction(async (tx) => {
      await publishNotice(tx, acme.id, { topic: 'devices' });
      await publishNotice(tx, acme.id, { topic: 'devices' });
      await publishNotice(tx, globex.id, { topic: 'devices' });
    });
    expect((await t.db.$count(changeNotices)) - before).toBe(2);
    // Outside a transaction object (the database itself, or the services' scoped one, which stands
    // for whichever request transaction is open): every call writes.
    await publishNotice(t.db, acme.id, { topic: 'devices' });
    await publishNotice(t.db, acme.id, { topic: 'devices' });
    expect((await t.db.$count(changeNotices)) - before).toBe(4);
  });
});

describe('resuming with Last-Event-ID', () => {
  it('replays the notices after the id, of this organization only', async () => {
    const a = await stream(acme.cookie);
    const ready = await a.nextEvent();
    await a.close();
    // While the console is away: two changes of Acme, one of Globex.
    await openAlert(t.queue, t.db, acme.id, newAlert(acme), t.clock.now());
    await openAlert(t.queue, t.db, globex.id, newAlert(globex), t.clock.now());
    await t.db.transaction((tx) => publishNotice(tx, acme.id, { topic: 'devices' }));
    const again = await stream(acme.cookie, { 'last-event-id': ready.id! });
    const events = [await again.nextEvent(), await again.nextEvent()];
    expect(events.map((e) => e.event)).toEqual(['alerts', 'devices']);
    expect(JSON.parse(events[0]!.data!)).toEqual({ opened: 1 });
    expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
    expect(await again.collect(100)).toEqual([]);
    // The same from the query (a stream the portal opens anew names the id there).
    const byQuery = readSse(
      await t.app.request(`/api/events?lastEventId=${ready.id}`, {
        headers: { cookie: acme.cookie },
      }),
    );
    expect((await byQuery.nextEvent()).event).toBe('alerts');
    await byQuery.close();
    // Resuming from the newest id replays nothing.
    await again.close();
    const current = await stream(acme.cookie, { 'last-event-id': events[1]!.id! });
    expect(await current.collect(150)).toEqual([]);
    await current.close();
  });

  it('a reset when the notices after the id are gone (pruned), unknown or garbage', async () => {
    const a = await stream(acme.cookie);
    const ready = await a.nextEvent();
    await a.close();
    await openAlert(t.queue, t.db, acme.id, newAlert(acme), t.clock.now());
    await t.db.execute(sql`UPDATE change_notices SET created_at = now() - interval '1 hour'`);
    expect(await deleteOldNotices(t.db)).toBeGreaterThan(0);
    for (const id of [ready.id!, '999999999999', 'abc', '-1']) {
      const s = await stream(acme.cookie, { 'last-event-id': id });
      const event = await s.nextEvent();
      expect(event.event, `Last-Event-ID ${id}`).toBe('reset');
      expect(event.id).toMatch(/^\d+$/);
      await s.close();
    }
    // Notices after the pruning resume normally.
    const fresh = await stream(acme.cookie);
    const from = await fresh.nextEvent();
    await fresh.close();
    await openAlert(t.queue, t.db, acme.id, newAlert(acme), t.clock.now());
    const resumed = await stream(acme.cookie, { 'last-event-id': from.id! });
    expect((await resumed.nextEvent()).event).toBe('alerts');
    await resumed.close();
  });

  it('more than the replay limit: a reset instead of a flood', async () => {
    const a = await stream(globex.cookie);
    const ready = await a.nextEvent();
    await a.close();
    await t.db.execute(sql`
      INSERT INTO change_notices (org_id, topic, opened)
      SELECT ${globex.id}, 'alerts', 1 FROM generate_series(1, ${REPLAY_LIMIT + 1})`);
    const s = await stream(globex.cookie, { 'last-event-id': ready.id! });
    expect((await s.nextEvent()).event).toBe('reset');
    await s.close();
  });

  it('Last-Event-ID parsing', () => {
    expect(parseLastEventId(undefined)).toBeUndefined();
    expect(parseLastEventId(' ')).toBeUndefined();
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId('4.2')).toBeNull();
    expect(parseLastEventId('1e9')).toBeNull();
    expect(parseLastEventId('9'.repeat(16))).toBeNull();
  });
});

describe('heartbeat, sign-out and shutdown', () => {
  it('a heartbeat comment every interval', async () => {
    const a = await stream(acme.cookie);
    await a.nextEvent();
    const started = Date.now();
    const beat = await a.next(HEARTBEAT_MS * 4);
    expect(beat.comment).toBe('heartbeat');
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS / 2);
    expect((await a.next(HEARTBEAT_MS * 4)).comment).toBe('heartbeat');
    await a.close();
  });

  it('signing out ends the stream at the next heartbeat, with `signed-out`', async () => {
    const cookie = await acme.session();
    const a = await stream(cookie);
    await a.nextEvent();
    const out = await t.call('POST', '/api/logout', { cookie });
    expect(out.status).toBe(200);
    const event = await a.nextEvent(HEARTBEAT_MS * 4);
    expect(event.event).toBe('signed-out');
    await a.whenEnded();
  });

  it('closing the hub (server shutdown) ends every open stream', async () => {
    const streams = [await stream(acme.cookie), await stream(globex.cookie)];
    for (const s of streams) await s.nextEvent();
    expect(t.notices.size).toBeGreaterThanOrEqual(2);
    await t.notices.close();
    for (const s of streams) await s.whenEnded();
    expect(t.notices.size).toBe(0);
  });
});
