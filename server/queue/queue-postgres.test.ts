/**
 * The job queue on PostgreSQL across processes (`npm run test:postgres`; skipped on PGlite): two
 * server instances, each with its own connection pool and its own running workers (as two
 * processes have), share one database. 200 webhook deliveries go through them: each reaches the
 * receiver exactly once, and both instances did some of the work (FOR UPDATE SKIP LOCKED claims).
 * Both schedule the recurring housekeeping job as they start: it runs once (its dedupe key).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createApp } from '../app';
import { openDatabase } from '../db';
import { jobs } from '../db/schema';
import { captureLogger, openTestDatabase } from '../test-support';
import { makeOrg } from '../test-support/factories';
import { emitWebhookEvents, WEBHOOK_JOB } from '../webhooks/events';
import { webhookJobDefinition } from '../webhooks/jobs';
import { JobQueue } from './queue';
import { defineSystemJobs, HOUSEKEEPING_JOB, scheduleHousekeeping } from '../system/jobs';
import { runHousekeeping } from '../system/housekeeping';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the job queue across server processes', () => {
  it('200 deliveries through two instances: each delivered exactly once', async () => {
    const hits = new Map<string, number>();
    const receiver = http.createServer((req, res) => {
      const id = req.headers['webhook-id'] as string;
      hits.set(id, (hits.get(id) ?? 0) + 1);
      req.resume();
      // A little work on the receiver's side, so the two instances' attempts overlap.
      setTimeout(() => res.writeHead(200).end(), 5);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const first = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: first.url! });
    const queues = [first, second].map(
      (handle, i) =>
        new JobQueue(handle.db, {
          logger: captureLogger(),
          workerId: `instance-${i + 1}`,
          pollMs: 20,
          concurrency: 4,
        }),
    );
    try {
      const ranBy = [0, 0];
      [first, second].forEach((handle, i) => {
        const queue = queues[i]!;
        createApp({ db: handle.db, queue, logger: captureLogger() });
        // The app's webhook job, counting which instance ran each attempt.
        const definition = webhookJobDefinition({
          db: handle.db,
          logger: captureLogger(),
          delivery: { production: false, timeoutMs: 10_000, resolveHost: async () => [] },
        });
        queue.define(WEBHOOK_JOB, {
          ...definition,
          run: (job) => {
            ranBy[i]! += 1;
            return definition.run(job);
          },
        });
      });
      // One organization whose endpoint is the receiver.
      const { id: orgId } = await makeOrg(first, { name: 'Example', webhook: { url } });
      const timestamp = new Date().toISOString();
      await first.db.transaction((tx) =>
        emitWebhookEvents(
          queues[0]!,
          tx,
          orgId,
          Array.from({ length: 200 }, (_, i) => ({
            type: 'webhook.test' as const,
            timestamp,
            data: { message: `event ${i}` },
          })),
        ),
      );
      for (const queue of queues) queue.start();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const open = await first.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.kind, 'webhook'))
          .then((rows) => rows.length);
        const done = await first.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, 'webhook'), eq(jobs.status, 'done')));
        if (done.length >= 200 && open >= 200) break;
        if (Date.now() > deadline) throw new Error(`only ${done.length} of 200 done in time`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(queues.map((queue) => queue.stop()));

      expect(hits.size).toBe(200);
      expect([...hits.values()].every((n) => n === 1)).toBe(true);
      const finished = await first.db
        .select({ attempts: jobs.attempts, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.kind, 'webhook'));
      expect(finished).toHaveLength(200);
      expect(finished.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      // 200 attempts in all, and both instances claimed some.
      expect(ranBy[0]! + ranBy[1]!).toBe(200);
      expect(ranBy[0]).toBeGreaterThan(0);
      expect(ranBy[1]).toBeGreaterThan(0);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await second.close();
      await first.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 120_000);

  it('housekeeping scheduled by two instances at once runs once, and is queued once after', async () => {
    const first = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: first.url! });
    const runs = [0, 0];
    const queues = [first, second].map((handle, i) => {
      const logger = captureLogger();
      const queue = new JobQueue(handle.db, { logger, workerId: `instance-${i + 1}`, pollMs: 20 });
      createApp({ db: handle.db, queue, logger });
      // The app's housekeeping job, counting each instance's runs.
      defineSystemJobs(queue, {
        db: handle.db,
        now: () => new Date(),
        logger,
        housekeeping: (...args) => {
          runs[i]! += 1;
          return runHousekeeping(...args);
        },
      });
      return queue;
    });
    try {
      // Both processes start together: each schedules housekeeping and starts its workers.
      await Promise.all(
        queues.map((queue, i) => scheduleHousekeeping(queue, [first, second][i]!.db)),
      );
      for (const queue of queues) queue.start();
      const deadline = Date.now() + 30_000;
      const rows = () =>
        first.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(eq(jobs.kind, HOUSEKEEPING_JOB))
          .then((r) => r.map((row) => row.status).sort());
      while (!(await rows()).includes('done')) {
        if (Date.now() > deadline) throw new Error('housekeeping did not run in time');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Give a second run, if there were one, the time to happen.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await Promise.all(queues.map((queue) => queue.stop()));
      expect(runs[0]! + runs[1]!).toBe(1);
      expect(await rows()).toEqual(['done', 'queued']);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await second.close();
      await first.close();
    }
  }, 60_000);
});
