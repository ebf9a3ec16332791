/**
 * Housekeeping as a recurring job of the queue (server/system/jobs.ts): scheduled by every process
 * start yet queued once, run through the queue, re-queued an interval later by each run, and
 * still there after a restart. (Two instances on PostgreSQL: queue-postgres.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db';
import { jobs } from '../db/schema';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { insertJobs } from '../queue/data';
import { JobQueue } from '../queue/queue';
import { captureLogger, openTestDatabase } from '../test-support';
import { FINISHED_JOBS_KEPT_MS } from './housekeeping';
import {
  defineSystemJobs,
  HOUSEKEEPING_AFTER_FAILURE_MS,
  HOUSEKEEPING_INTERVAL_MS,
  HOUSEKEEPING_JOB,
  HOUSEKEEPING_KEY,
  scheduleHousekeeping,
} from './jobs';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(jobs);
});

/** A server process on the test database: its app registers the job kinds on its queue. */
function startProcess(now = () => new Date()) {
  const logger = captureLogger();
  const queue = new JobQueue(handle.db, { logger, retrySchedule: [], now });
  createApp({ db: handle.db, queue, scrypt: TEST_SCRYPT_PARAMS, logger, now });
  return { queue, logger };
}

const housekeepingRows = () =>
  handle.db
    .select({ status: jobs.status, runAt: jobs.runAt, dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(eq(jobs.kind, HOUSEKEEPING_JOB))
    .orderBy(jobs.id);

describe('housekeeping on the queue', () => {
  it('two process starts schedule it once; it runs once and queues the next run an interval later', async () => {
    const first = startProcess();
    const second = startProcess();
    await scheduleHousekeeping(first.queue, handle.db);
    await scheduleHousekeeping(second.queue, handle.db);
    expect(await housekeepingRows()).toEqual([
      expect.objectContaining({ status: 'queued', dedupeKey: HOUSEKEEPING_KEY }),
    ]);

    const before = Date.now();
    await first.queue.drain();
    await second.queue.drain();
    const rows = await housekeepingRows();
    expect(rows.map((r) => r.status)).toEqual(['done', 'queued']);
    // The next run: an interval after this one, not due yet (so drain() stopped).
    const next = rows[1]!.runAt.getTime();
    expect(next).toBeGreaterThanOrEqual(before + HOUSEKEEPING_INTERVAL_MS);
    expect(next).toBeLessThanOrEqual(Date.now() + HOUSEKEEPING_INTERVAL_MS);
    // A later start merges into the queued run (brought forward to now), still one row queued.
    await scheduleHousekeeping(second.queue, handle.db);
    const merged = await housekeepingRows();
    expect(merged.map((r) => r.status)).toEqual(['done', 'queued']);
    expect(merged[1]!.runAt.getTime()).toBeLessThan(next);
  });

  it('does its work: finished jobs past their keeping time are deleted, newer ones kept', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - FINISHED_JOBS_KEPT_MS - 60_000);
    const [oldId, newId] = await insertJobs(
      handle.db,
      [
        { kind: 'test.old', runAt: old, maxAttempts: 1 },
        { kind: 'test.new', runAt: now, maxAttempts: 1 },
      ],
      old,
    );
    await handle.db
      .update(jobs)
      .set({ status: 'done', finishedAt: old })
      .where(eq(jobs.id, oldId!));
    await handle.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now })
      .where(eq(jobs.id, newId!));
    const { queue } = startProcess();
    await scheduleHousekeeping(queue, handle.db);
    await queue.drain();
    const kinds = (await handle.db.select({ kind: jobs.kind }).from(jobs)).map((r) => r.kind);
    expect(kinds).not.toContain('test.old');
    expect(kinds).toContain('test.new');
  });

  it('survives a restart: a run queued by a process that stopped is run by the next one', async () => {
    const stopped = startProcess();
    await scheduleHousekeeping(stopped.queue, handle.db);
    // That process ends without running it; a new one starts on the same database.
    const restarted = startProcess();
    await restarted.queue.drain();
    expect((await housekeepingRows()).map((r) => r.status)).toEqual(['done', 'queued']);
  });

  it('a failed run is logged and the next one is queued sooner', async () => {
    const { queue, logger } = startProcess();
    // A housekeeping that cannot do its work, under the real job definition.
    defineSystemJobs(queue, {
      db: handle.db,
      now: () => new Date(),
      logger,
      housekeeping: async () => {
        throw new Error('database away');
      },
    });
    await scheduleHousekeeping(queue, handle.db);
    const before = Date.now();
    await queue.drain();
    const rows = await handle.db
      .select({ status: jobs.status, lastError: jobs.lastError, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, HOUSEKEEPING_JOB))
      .orderBy(jobs.id);
    expect(rows.map(({ status, lastError }) => ({ status, lastError }))).toEqual([
      { status: 'failed', lastError: 'Error' },
      { status: 'queued', lastError: null },
    ]);
    const next = rows[1]!.runAt.getTime();
    expect(next).toBeGreaterThanOrEqual(before + HOUSEKEEPING_AFTER_FAILURE_MS);
    expect(next).toBeLessThan(before + HOUSEKEEPING_INTERVAL_MS);
    expect(logger.lines.join('\n')).toMatch(
      /\[queue\] housekeeping job \d+ failed after 1 attempt/,
    );
  });
});
