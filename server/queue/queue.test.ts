/**
 * The job queue on a real database (PGlite here; PostgreSQL under `npm run test:postgres`, where
 * queue-postgres.test.ts also runs two workers on one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db';
import { jobs } from '../db/schema';
import { captureLogger, openTestDatabase } from '../test-support';
import { claimJobs, endAttempt, findJob } from './data';
import { JobAttemptError, JobQueue, PermanentJobError, type AttemptOutcome } from './queue';
import { nextAttemptAt, parseRetrySchedule } from './schedule';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

/** A clock the test moves. */
function clock(start = Date.parse('2031-03-01T10:00:00Z')) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('the retry schedule', () => {
  it('reads DELIVERY_RETRY_SCHEDULE, with the default and no retries', () => {
    expect(parseRetrySchedule(undefined)).toEqual([60, 300, 1800, 7200, 43200]);
    expect(parseRetrySchedule(' 1, 1 ,1 ')).toEqual([1, 1, 1]);
    expect(parseRetrySchedule('0.5')).toEqual([0.5]);
    expect(parseRetrySchedule('none')).toEqual([]);
    expect(() => parseRetrySchedule('60,,300')).toThrow(/"" is not a positive number/);
    expect(() => parseRetrySchedule('60,-5')).toThrow(/"-5" is not a positive number/);
    expect(() => parseRetrySchedule('1m')).toThrow(/"1m"/);
    expect(() => parseRetrySchedule('9999999')).toThrow(/longer than a week/);
  });

  it('spaces the attempts by the schedule, and ends after the last', () => {
    const at = new Date('2031-01-01T00:00:00Z');
    const schedule = [60, 300];
    expect(nextAttemptAt(schedule, 1, 3, at)?.toISOString()).toBe('2031-01-01T00:01:00.000Z');
    expect(nextAttemptAt(schedule, 2, 3, at)?.toISOString()).toBe('2031-01-01T00:05:00.000Z');
    expect(nextAttemptAt(schedule, 3, 3, at)).toBeNull();
    expect(nextAttemptAt([], 1, 1, at)).toBeNull();
  });
});

describe('the queue', () => {
  it('a job exists only if the transaction that enqueued it commits', async () => {
    const queue = new JobQueue(handle.db, { logger: captureLogger() });
    const ran: unknown[] = [];
    queue.define('test.outbox', { run: async (job) => void ran.push(job.payload) });
    await handle.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, { kind: 'test.outbox', payload: { n: 1 } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await handle.db.transaction((tx) =>
      queue.enqueue(tx, { kind: 'test.outbox', payload: { n: 2 } }),
    );
    await queue.drain();
    expect(ran).toEqual([{ n: 2 }]);
  });

  it('retries on the schedule, records every attempt, and is done after a success', async () => {
    const time = clock();
    const logger = captureLogger();
    const queue = new JobQueue(handle.db, { logger, now: time.now, retrySchedule: [60, 300] });
    const outcomes: AttemptOutcome['state'][] = [];
    let calls = 0;
    queue.define('test.flaky', {
      run: async () => {
        calls += 1;
        if (calls < 3) throw new JobAttemptError(`try ${calls} refused`, { code: 503 });
        return { code: 200 };
      },
      recorded: async (_tx, _job, outcome) => void outcomes.push(outcome.state),
    });
    const [id] = await queue.enqueue(handle.db, { kind: 'test.flaky' });
    await queue.drain();
    let row = await findJob(handle.db, id as number);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'try 1 refused' });
    expect(row?.runAt.getTime()).toBe(time.now().getTime() + 60_000);

    // Not due yet: nothing runs.
    time.advance(59_000);
    await queue.drain();
    expect(calls).toBe(1);
    time.advance(1000);
    await queue.drain();
    row = await findJob(handle.db, id as number);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'try 2 refused' });
    expect(row?.runAt.getTime()).toBe(time.now().getTime() + 300_000);
    time.advance(300_000);
    await queue.drain();
    row = await findJob(handle.db, id as number);
    expect(row).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedBy: null });
    expect(outcomes).toEqual(['queued', 'queued', 'done']);
    expect(logger.lines.join('\n')).toContain('attempt 1 of 3 failed (try 1 refused)');
  });

  it('fails after the last attempt, and at once for a permanent failure', async () => {
    const queue = new JobQueue(handle.db, { logger: captureLogger(), retrySchedule: [] });
    const outcomes: AttemptOutcome[] = [];
    queue.define('test.down', {
      run: async () => {
        throw new Error('connection refused to someone@example.test');
      },
      recorded: async (_tx, _job, outcome) => void outcomes.push(outcome),
    });
    queue.define('test.gone', {
      retrySchedule: [1, 1, 1],
      run: async () => {
        throw new PermanentJobError('answered 550', { code: 550 });
      },
      recorded: async (_tx, _job, outcome) => void outcomes.push(outcome),
    });
    const [down, gone] = await queue.enqueue(
      handle.db,
      { kind: 'test.down' },
      { kind: 'test.gone' },
    );
    await queue.drain();
    // Only the error's name is kept: its message may carry an address or a link.
    expect(await findJob(handle.db, down as number)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Error',
    });
    expect(await findJob(handle.db, gone as number)).toMatchObject({
      status: 'failed',
      attempts: 1,
      maxAttempts: 4,
      lastError: 'answered 550',
    });
    expect(outcomes.map((o) => [o.state, o.detail])).toEqual(
      expect.arrayContaining([
        ['failed', undefined],
        ['failed', { code: 550 }],
      ]),
    );
  });

  it('a job interrupted mid-run is claimed again once its lease ran out; the old claim changes nothing', async () => {
    const time = clock();
    const leaseMs = 30_000;
    const queue = new JobQueue(handle.db, { logger: captureLogger(), now: time.now, leaseMs });
    const ran: number[] = [];
    queue.define('test.interrupted', { run: async (job) => void ran.push(job.attempt) });
    const [id] = await queue.enqueue(handle.db, { kind: 'test.interrupted' });
    // A worker of a process that then dies: it claims the job and never ends the attempt.
    const [claimed] = await claimJobs(handle.db, {
      worker: 'dead-process',
      limit: 10,
      now: time.now(),
      leaseEnd: new Date(time.now().getTime() + leaseMs),
    });
    expect(claimed?.id).toBe(id);
    await queue.drain();
    expect(ran).toEqual([]);
    time.advance(leaseMs);
    await queue.drain();
    expect(ran).toEqual([2]);
    expect(await findJob(handle.db, id as number)).toMatchObject({ status: 'done', attempts: 2 });
    // The dead worker's late end is refused: the job stays done.
    expect(
      await endAttempt(handle.db, claimed!, 'dead-process', {
        state: 'failed',
        at: time.now(),
        error: 'late',
        scrub: [],
      }),
    ).toBe(false);
    expect(await findJob(handle.db, id as number)).toMatchObject({ status: 'done' });
  });

  it('a job interrupted on every attempt fails instead of being claimed forever', async () => {
    const time = clock();
    const queue = new JobQueue(handle.db, {
      logger: captureLogger(),
      now: time.now,
      leaseMs: 1000,
      retrySchedule: [1],
    });
    const ran: number[] = [];
    queue.define('test.crasher', { run: async (job) => void ran.push(job.attempt) });
    const [id] = await queue.enqueue(handle.db, { kind: 'test.crasher' });
    for (let i = 0; i < 2; i++) {
      await claimJobs(handle.db, {
        worker: `dead-${i}`,
        limit: 1,
        now: time.now(),
        leaseEnd: new Date(time.now().getTime() + 1000),
      });
      time.advance(1000);
    }
    await queue.drain();
    expect(ran).toEqual([]);
    expect(await findJob(handle.db, id as number)).toMatchObject({
      status: 'failed',
      lastError: 'interrupted on every attempt',
    });
  });

  it('removes secrets from the payload once finished; keeps one queued job per dedupe key', async () => {
    const queue = new JobQueue(handle.db, { logger: captureLogger() });
    queue.define('test.secret', { run: async () => undefined, scrubWhenFinished: ['link'] });
    const [id] = await queue.enqueue(handle.db, {
      kind: 'test.secret',
      payload: { to: 'a@example.test', link: 'https://x.test/update-password/abc' },
    });
    await queue.drain();
    expect((await findJob(handle.db, id as number))?.payload).toEqual({ to: 'a@example.test' });

    queue.define('test.recurring', { run: async () => undefined });
    const [first] = await queue.enqueue(handle.db, {
      kind: 'test.recurring',
      dedupeKey: 'test.recurring',
      delayMs: 60_000,
    });
    const [second] = await queue.enqueue(handle.db, {
      kind: 'test.recurring',
      dedupeKey: 'test.recurring',
      delayMs: 0,
    });
    expect(second).toBe(first);
    const rows = await handle.db.select().from(jobs).where(eq(jobs.kind, 'test.recurring'));
    expect(rows).toHaveLength(1);
    // The earlier time wins: it is due now.
    expect(rows[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a job of a kind nobody handles fails, named in the log', async () => {
    const logger = captureLogger();
    const queue = new JobQueue(handle.db, { logger });
    const [id] = await queue.enqueue(handle.db, { kind: 'test.unknown' });
    await queue.drain();
    expect(await findJob(handle.db, id as number)).toMatchObject({
      status: 'failed',
      lastError: 'no handler for test.unknown',
    });
    expect(logger.lines.join('\n')).toContain('no handler for kind test.unknown');
  });

  it('the worker loop runs jobs enqueued while it idles, and stop() waits for running ones', async () => {
    const queue = new JobQueue(handle.db, { logger: captureLogger(), pollMs: 5000 });
    let release: () => void = () => {};
    const started: number[] = [];
    queue.define('test.slow', {
      run: async (job) => {
        started.push(job.id);
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    queue.start();
    const [id] = await queue.enqueue(handle.db, { kind: 'test.slow' });
    // Woken, not polled: well before the 5-second poll.
    queue.wake();
    await expect.poll(() => started, { timeout: 2000 }).toEqual([id]);
    const stopped = queue.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    await stopped;
    expect(await findJob(handle.db, id as number)).toMatchObject({ status: 'done' });
  });
});
