/**
 * The job queue: one mechanism for all work that leaves the server (e-mails, webhook deliveries)
 * and for the server's own deferred work (conditional access removal, housekeeping).
 * Why our own table rather than pg-boss or graphile-worker: docs/decisions/017-job-queue.md.
 *
 * - **Transactional outbox.** `enqueue(tx, …)` inserts the job with the transaction of the change
 *   that causes it: if the change rolls back, there is no job; if it commits, the job is there.
 * - **Workers** in every server process claim due jobs (FOR UPDATE SKIP LOCKED: on PostgreSQL each
 *   job goes to exactly one process) and hold them for a lease. A job whose process died mid-run
 *   is claimed again once its lease has run out: interrupted work is retried, never lost.
 * - **Retries** follow the job kind's schedule (by default `DELIVERY_RETRY_SCHEDULE`); a handler
 *   throws {@link PermanentJobError} for failures a retry cannot fix (an SMTP 5xx, a 410). After
 *   the last attempt the job is `failed`, and stays visible as such.
 * - **Tests** call `drain()`: every due job runs before it resolves (with `includeScheduled`, also
 *   the retries waiting for their time). The server calls `start()`; `stop()` lets running jobs end.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db';
import type { JobRow } from '../db/schema';
import type { Logger } from '../deps';
import {
  claimJobs,
  endAttempt,
  failUnrun,
  insertJobs,
  nextDueAt,
  upsertKeyedJob,
  type AttemptEnd,
} from './data';
import { attemptsOf, DEFAULT_RETRY_SCHEDULE_SECONDS, nextAttemptAt } from './schedule';

/** A claimed job as its handler sees it; `attempt` is this attempt's number (1-based). */
export interface Job<P = Record<string, unknown>> {
  id: number;
  kind: string;
  orgId: number | null;
  payload: P;
  attempt: number;
  maxAttempts: number;
  createdAt: Date;
}

/** A failure of an attempt, with a reason that is safe to log and store (no secrets). */
export class JobAttemptError extends Error {
  constructor(
    message: string,
    /** What the handler wants recorded with the attempt (status code, duration…). */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'JobAttemptError';
  }
}

/** A failure no retry can fix: the job fails at once. */
export class PermanentJobError extends JobAttemptError {
  constructor(message: string, detail?: unknown) {
    super(message, detail);
    this.name = 'PermanentJobError';
  }
}

/** How an attempt ended, as recorded (given to `recorded` in the same transaction). */
export type AttemptOutcome =
  | { state: 'done'; at: Date; detail?: unknown }
  | { state: 'queued'; at: Date; error: string; nextRunAt: Date; detail?: unknown }
  | { state: 'failed'; at: Date; error: string; detail?: unknown };

export interface JobDefinition<P = Record<string, unknown>> {
  /**
   * One attempt. Resolving means done (its value is the `detail` given to `recorded`); throwing
   * {@link PermanentJobError} fails the job; any other throw is retried on the schedule (a
   * {@link JobAttemptError}'s message is the recorded reason, otherwise only the error's name).
   */
  run(job: Job<P>): Promise<unknown>;
  /** Seconds between attempts; default: the queue's (DELIVERY_RETRY_SCHEDULE). `[]`: one attempt. */
  retrySchedule?: readonly number[];
  /**
   * Runs in the transaction that records the attempt's end, e.g. to update a delivery log row or
   * to give a claim back once an e-mail failed for good. Not called when the claim was lost.
   */
  recorded?(tx: Database, job: Job<P>, outcome: AttemptOutcome): Promise<void>;
  /** Payload keys removed once the job has finished (e.g. a reset link's token). */
  scrubWhenFinished?: readonly string[];
}

export interface NewJob {
  kind: string;
  orgId?: number | null;
  payload?: Record<string, unknown>;
  /** Not before this delay (default: due at once). */
  delayMs?: number;
  /** At most one queued job per key; a second enqueue keeps the first (at the earlier time). */
  dedupeKey?: string;
}

export interface JobQueueOptions {
  /** Seconds between attempts for kinds without their own schedule (DELIVERY_RETRY_SCHEDULE). */
  retrySchedule?: readonly number[];
  logger?: Logger;
  /** The queue's clock (real time by default; it is not the request clock tests move). */
  now?: () => Date;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (other processes' jobs, scheduled retries). */
  pollMs?: number;
  /** How long a claim holds: a job still running after this is taken to be interrupted. */
  leaseMs?: number;
  /** Names this process in `locked_by`. */
  workerId?: string;
}

export const DEFAULT_LEASE_MS = 2 * 60 * 1000;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_CONCURRENCY = 4;

export class JobQueue {
  readonly retrySchedule: readonly number[];
  readonly workerId: string;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly db: Database,
    options: JobQueueOptions = {},
  ) {
    this.retrySchedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_SECONDS;
    this.logger = options.logger ?? console;
    this.now = options.now ?? (() => new Date());
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** Registers the handler of a job kind (createApp registers them all). */
  define<P>(kind: string, definition: JobDefinition<P>): void {
    this.definitions.set(kind, definition as JobDefinition<never>);
  }

  private scheduleOf(kind: string): readonly number[] {
    return this.definitions.get(kind)?.retrySchedule ?? this.retrySchedule;
  }

  /**
   * Adds jobs in the caller's transaction (`tx`): they exist once it commits, and never if it
   * rolls back. Returns their ids. Call `wake()` after the commit to start them at once (the app
   * does so after every request that changes data).
   */
  async enqueue(tx: Database, ...newJobs: NewJob[]): Promise<number[]> {
    const now = this.now();
    const keyed = newJobs.filter((j) => j.dedupeKey !== undefined);
    const plain = newJobs.filter((j) => j.dedupeKey === undefined);
    const row = (job: NewJob) => ({
      kind: job.kind,
      orgId: job.orgId ?? null,
      payload: job.payload ?? {},
      runAt: new Date(now.getTime() + (job.delayMs ?? 0)),
      maxAttempts: attemptsOf(this.scheduleOf(job.kind)),
    });
    const ids = await insertJobs(tx, plain.map(row), now);
    for (const job of keyed) {
      ids.push(await upsertKeyedJob(tx, { ...row(job), dedupeKey: job.dedupeKey as string }, now));
    }
    return ids;
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Starts this process's worker loop. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming; resolves once the jobs this process is running have ended. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loopDone;
    await this.settled();
  }

  /**
   * Runs jobs until none is due: for tests (and the development mailbox, which waits for the
   * e-mails in flight). With `includeScheduled`, also waits for retries scheduled later, until no
   * job except recurring ones (housekeeping) is waiting, or `timeoutMs` has passed (then throws).
   */
  async drain(options: { includeScheduled?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const claimed = await this.claimAndRun(this.concurrency);
      await this.settled();
      if (claimed > 0) continue;
      if (!options.includeScheduled) return;
      const next = await nextDueAt(this.db, { recurring: false });
      if (!next) return;
      if (Date.now() > deadline) throw new Error('the job queue did not drain in time');
      const wait = Math.min(Math.max(next.getTime() - this.now().getTime(), 5), 250);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      const free = this.concurrency - this.inFlight.size;
      this.woken = false;
      if (free > 0) {
        try {
          claimed = await this.claimAndRun(free);
        } catch (error) {
          this.logger.error(`[queue] claiming jobs failed: ${errorName(error)}`);
        }
      }
      // More may be due: claim again as soon as a slot is free.
      if (claimed > 0 && claimed === free) {
        if (this.inFlight.size > 0) await Promise.race([...this.inFlight]);
        continue;
      }
      if (!this.running || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** Claims up to `limit` due jobs and starts them; resolves with how many were claimed. */
  private async claimAndRun(limit: number): Promise<number> {
    if (limit <= 0) return 0;
    const now = this.now();
    const rows = await claimJobs(this.db, {
      worker: this.workerId,
      limit,
      now,
      leaseEnd: new Date(now.getTime() + this.leaseMs),
    });
    for (const row of rows) {
      const task = this.runOne(row)
        .catch((error: unknown) =>
          this.logger.error(
            `[queue] ${row.kind} job ${row.id}: recording its attempt failed: ${errorName(error)}`,
          ),
        )
        .finally(() => {
          this.inFlight.delete(task);
          // A free slot: the loop may claim the next job.
          this.wake();
        });
      this.inFlight.add(task);
    }
    return rows.length;
  }

  private async runOne(row: JobRow): Promise<void> {
    const definition = this.definitions.get(row.kind) as JobDefinition | undefined;
    if (!definition) {
      this.logger.error(`[queue] job ${row.id}: no handler for kind ${row.kind}; failed`);
      await failUnrun(this.db, row, this.workerId, `no handler for ${row.kind}`, this.now());
      return;
    }
    const job: Job = {
      id: row.id,
      kind: row.kind,
      orgId: row.orgId,
      payload: row.payload as Record<string, unknown>,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      createdAt: row.createdAt,
    };
    // A job claimed more often than it may be attempted was interrupted every time (a process
    // that dies running it): fail it rather than take every process down in turn.
    if (row.attempts > row.maxAttempts) {
      await this.record(definition, job, row, {
        state: 'failed',
        at: this.now(),
        error: 'interrupted on every attempt',
      });
      return;
    }
    let outcome: AttemptOutcome;
    try {
      const detail = await definition.run(job);
      outcome = { state: 'done', at: this.now(), detail };
    } catch (error) {
      const at = this.now();
      const reason = error instanceof JobAttemptError ? error.message : errorName(error);
      const detail = error instanceof JobAttemptError ? error.detail : undefined;
      const schedule = definition.retrySchedule ?? this.retrySchedule;
      const next =
        error instanceof PermanentJobError
          ? null
          : nextAttemptAt(schedule, job.attempt, job.maxAttempts, at);
      outcome = next
        ? { state: 'queued', at, error: reason, nextRunAt: next, detail }
        : { state: 'failed', at, error: reason, detail };
    }
    await this.record(definition, job, row, outcome);
  }

  /** Writes the attempt's end and the kind's own record of it in one transaction. */
  private async record(
    definition: JobDefinition,
    job: Job,
    row: JobRow,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const scrub = definition.scrubWhenFinished ?? [];
    const end: AttemptEnd =
      outcome.state === 'queued'
        ? { state: 'queued', at: outcome.at, runAt: outcome.nextRunAt, error: outcome.error }
        : outcome.state === 'failed'
          ? { state: 'failed', at: outcome.at, error: outcome.error, scrub }
          : { state: 'done', at: outcome.at, scrub };
    const kept = await this.db.transaction(async (tx) => {
      if (!(await endAttempt(tx, row, this.workerId, end))) return false;
      await definition.recorded?.(tx, job, outcome);
      return true;
    });
    if (!kept) {
      this.logger.warn(
        `[queue] ${job.kind} job ${job.id}: its lease ran out during attempt ${job.attempt}; another worker has it`,
      );
      return;
    }
    if (outcome.state === 'queued') {
      this.logger.warn(
        `[queue] ${job.kind} job ${job.id}: attempt ${job.attempt} of ${job.maxAttempts} failed (${outcome.error}); next at ${outcome.nextRunAt.toISOString()}`,
      );
    } else if (outcome.state === 'failed') {
      this.logger.error(
        `[queue] ${job.kind} job ${job.id} failed after ${job.attempt} attempt(s): ${outcome.error}`,
      );
    }
  }
}

/** An error's name (and code), never its message: messages can carry addresses or links. */
export function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}
