/**
 * Change notices across server processes on PostgreSQL (`npm run test:postgres`; skipped on
 * PGlite): two app instances, each with its own pool and its own LISTEN connection (as two
 * processes have), on one database. A change committed through one reaches an event stream open
 * on the other; a rolled-back one reaches neither; a lost LISTEN connection comes back and its
 * streams get a `reset` (they may have missed notices meanwhile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db';
import {
  captureLogger,
  openTestDatabase,
  TestClock,
  type TestDatabaseHandle,
} from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { readSse } from '../test-support/sse';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { openAlert, openAlerts } from '../alerts/open-alert';
import { JobQueue } from '../queue/queue';
import { NoticeHub } from './hub';

describe.skipIf(!process.env.TEST_DATABASE_URL)('change notices across server processes', () => {
  let first: TestDatabaseHandle;
  let second: DatabaseHandle;
  const hubs: NoticeHub[] = [];
  const apps: Array<ReturnType<typeof createApp>> = [];
  const clock = new TestClock();
  let acme: TestOrg;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openDatabase({ databaseUrl: first.url! });
    for (const handle of [first, second]) {
      const logger = captureLogger();
      const hub = new NoticeHub(handle.listen, logger);
      hubs.push(hub);
      apps.push(
        createApp({
          db: handle.db,
          notices: hub,
          logger,
          now: clock.now,
          scrypt: TEST_SCRYPT_PARAMS,
          queue: new JobQueue(handle.db, { logger, retrySchedule: [] }),
          liveStream: { heartbeatMs: 10_000, coalesceMs: 10 },
        }),
      );
    }
    acme = await makeOrg({ db: first.db, clock }, { devices: 2 });
  }, 60_000);
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    await second?.close();
    await first?.close();
  });

  const stream = async (i: number) => {
    const res = await apps[i]!.request('/api/events', { headers: { cookie: acme.cookie } });
    expect(res.status).toBe(200);
    const s = readSse(res);
    expect((await s.nextEvent()).event).toBe('ready');
    return s;
  };
  const alert = (scanId: string) => ({
    scanId,
    deviceId: acme.devices[0]!.id,
    alertName: 'Malicious app',
    alertDescription: '[]',
    severity: 'HIGH',
    scanTime: clock.now(),
  });

  it('a change committed through one instance reaches a stream of the other', async () => {
    const onSecond = await stream(1);
    const onFirst = await stream(0);
    const queue = new JobQueue(first.db, { logger: captureLogger(), retrySchedule: [] });
    await openAlert(queue, first.db, acme.id, alert('scan_pg_1'), clock.now());
    for (const s of [onSecond, onFirst]) {
      const event = await s.nextEvent();
      expect(event.event).toBe('alerts');
      expect(JSON.parse(event.data!)).toEqual({ opened: 1 });
    }
    // Rolled back in the second instance: nothing anywhere.
    const queue2 = new JobQueue(second.db, { logger: captureLogger(), retrySchedule: [] });
    await expect(
      second.db.transaction(async (tx) => {
        await openAlerts(queue2, tx, acme.id, [alert('scan_pg_2')], clock.now());
        throw new Error('rejected');
      }),
    ).rejects.toThrow('rejected');
    expect(await onFirst.collect(300)).toEqual([]);
    expect(await onSecond.collect(0)).toEqual([]);
    await Promise.all([onFirst.close(), onSecond.close()]);
  });

  it('a lost LISTEN connection reconnects: its streams get a reset, then notices again', async () => {
    const s = await stream(1);
    // Ends the second instance's LISTEN connection from the server side.
    const admin = new pg.Client({ connectionString: first.url! });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
    } finally {
      await admin.end();
    }
    expect((await s.nextEvent(5000)).event).toBe('reset');
    const queue = new JobQueue(first.db, { logger: captureLogger(), retrySchedule: [] });
    await openAlert(queue, first.db, acme.id, alert('scan_pg_3'), clock.now());
    expect((await s.nextEvent()).event).toBe('alerts');
    await s.close();
  });
});
