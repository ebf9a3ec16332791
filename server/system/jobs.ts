/**
 * The server's own deferred work as jobs of the queue (docs/decisions/017b-background-work-on-the-queue.md):
 *
 * - **Housekeeping** is a recurring job: one queued `housekeeping` row at a time (its dedupe key),
 *   however many server processes schedule it. Each run, when it ends (done or failed), queues
 *   the next one an interval later in the transaction that records its end, so the chain never
 *   breaks; every process start schedules it as well (at once: a start also tidies up), which
 *   merges into the one queued row rather than adding one.
 * - **Conditional access removal** (server/integrations/conditional-access-data.ts) is enqueued in
 *   the transaction that records the removal request, a short delay later.
 *
 * Both survive a restart (they are rows), and on PostgreSQL each runs in exactly one process.
 */
import type { Database } from '../db';
import type { Logger } from '../deps';
import type { JobQueue } from '../queue/queue';
import { processRemoval } from '../integrations/conditional-access-data';
import { runHousekeeping } from './housekeeping';

export const HOUSEKEEPING_JOB = 'housekeeping';
/** The dedupe key of the one queued housekeeping run. */
export const HOUSEKEEPING_KEY = 'housekeeping';
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** After a run that failed (or was interrupted), the next one comes sooner. */
export const HOUSEKEEPING_AFTER_FAILURE_MS = 5 * 60 * 1000;

export const CONDITIONAL_ACCESS_REMOVAL_JOB = 'conditional-access-removal';

export interface SystemJobServices {
  db: Database;
  now: () => Date;
  logger: Logger;
  sessionIdleMs?: number;
  /** Between two housekeeping runs (default hourly). */
  housekeepingIntervalMs?: number;
  /** The work of a run (default {@link runHousekeeping}); tests give one that fails. */
  housekeeping?: typeof runHousekeeping;
}

/** Queues a housekeeping run (at once unless `delayMs`), merged into the one already queued. */
export async function scheduleHousekeeping(
  queue: JobQueue,
  tx: Database,
  delayMs = 0,
): Promise<void> {
  await queue.enqueue(tx, { kind: HOUSEKEEPING_JOB, dedupeKey: HOUSEKEEPING_KEY, delayMs });
}

/** Queues the processing of the organization's removal request; call it in the request's transaction. */
export async function enqueueConditionalAccessRemoval(
  queue: JobQueue,
  tx: Database,
  orgId: number,
  delayMs: number,
): Promise<void> {
  await queue.enqueue(tx, { kind: CONDITIONAL_ACCESS_REMOVAL_JOB, orgId, delayMs });
}

/** Registers the housekeeping and conditional access removal jobs with the queue. */
export function defineSystemJobs(queue: JobQueue, s: SystemJobServices): void {
  const interval = s.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  queue.define(HOUSEKEEPING_JOB, {
    // No retries of the same row: a retry would put it back to `queued` beside the run another
    // process may have queued meanwhile (one queued row per key). A failure queues the next run.
    retrySchedule: [],
    async run() {
      await (s.housekeeping ?? runHousekeeping)(s.db, s.now(), { sessionIdleMs: s.sessionIdleMs });
      return undefined;
    },
    async recorded(tx, _job, outcome) {
      // The next run, in the transaction that ends this one (merged into a queued one, if a
      // process start queued one meanwhile).
      const delay =
        outcome.state === 'failed' ? Math.min(interval, HOUSEKEEPING_AFTER_FAILURE_MS) : interval;
      await scheduleHousekeeping(queue, tx, delay);
    },
  });

  queue.define(CONDITIONAL_ACCESS_REMOVAL_JOB, {
    async run(job) {
      if (job.orgId === null) return undefined;
      const done = await processRemoval(s.db, job.orgId, s.now());
      if (done) {
        s.logger.info(
          `[conditional-access] removed for organization ${job.orgId}; ${done.unblocked} member(s) unblocked`,
        );
      }
      return undefined;
    },
  });
}
