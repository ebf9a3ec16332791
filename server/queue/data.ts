/**
 * The `jobs` table (0010_outbound.sql): inserting jobs (inside the caller's transaction), claiming
 * due ones with FOR UPDATE SKIP LOCKED, and recording how an attempt ended. Every write after the
 * claim is guarded by the claim itself (status, worker, attempt number), so a worker whose lease
 * ran out — and whose job another worker took over — changes nothing.
 */
import { and, asc, eq, inArray, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { jobs, type JobRow } from '../db/schema';

export interface NewJobRow {
  kind: string;
  orgId?: number | null;
  payload?: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  dedupeKey?: string | null;
}

/** Rows per INSERT statement: 10,000 invitations stay well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** Inserts jobs; returns their ids in order. Call it with the transaction of the change. */
export async function insertJobs(
  db: Database,
  rows: readonly NewJobRow[],
  createdAt: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insert(jobs)
      .values(
        rows.slice(i, i + INSERT_CHUNK).map((row) => ({
          kind: row.kind,
          orgId: row.orgId ?? null,
          payload: row.payload ?? {},
          runAt: row.runAt,
          maxAttempts: row.maxAttempts,
          dedupeKey: row.dedupeKey ?? null,
          createdAt,
        })),
      )
      .returning({ id: jobs.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * A job with a dedupe key: at most one queued job per key. If one is queued already, it is kept
 * and runs at the earlier of the two times. Returns the queued job's id.
 */
export async function upsertKeyedJob(
  db: Database,
  row: NewJobRow & { dedupeKey: string },
  createdAt: Date,
): Promise<number> {
  const [saved] = await db
    .insert(jobs)
    .values({
      kind: row.kind,
      orgId: row.orgId ?? null,
      payload: row.payload ?? {},
      runAt: row.runAt,
      maxAttempts: row.maxAttempts,
      dedupeKey: row.dedupeKey,
      createdAt,
    })
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      targetWhere: sql`${jobs.status} = 'queued'`,
      set: { runAt: sql`least(${jobs.runAt}, excluded.run_at)` },
    })
    .returning({ id: jobs.id });
  if (!saved) throw new Error('keyed job vanished while saving it');
  return saved.id;
}

/** Due: queued and due, or running with a lease that ran out (its worker stopped mid-run). */
const due = (now: Date): SQL =>
  and(sql`${jobs.status} IN ('queued', 'running')`, sql`${jobs.runAt} <= ${now}`) as SQL;

/**
 * Claims up to `limit` due jobs for `worker` until `leaseEnd`, oldest due first. Rows another
 * transaction holds are skipped (SKIP LOCKED), so of several workers on one PostgreSQL each job
 * goes to exactly one. The attempt is counted at the claim.
 */
export async function claimJobs(
  db: Database,
  options: { worker: string; limit: number; now: Date; leaseEnd: Date },
): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(due(options.now))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        runAt: options.leaseEnd,
        lockedBy: options.worker,
      })
      .where(
        inArray(
          jobs.id,
          picked.map((p) => p.id),
        ),
      )
      .returning();
  });
}

/** The claim a write must still hold: this worker's, for this attempt. */
const held = (job: Pick<JobRow, 'id' | 'attempts'>, worker: string): SQL =>
  and(
    eq(jobs.id, job.id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, worker),
    eq(jobs.attempts, job.attempts),
  ) as SQL;

/** Payload without the given top-level keys. */
function scrubbed(keys: readonly string[]): SQL {
  let expression: SQL = sql`${jobs.payload}`;
  for (const key of keys) expression = sql`(${expression}) - ${key}::text`;
  return expression;
}

export type AttemptEnd =
  | { state: 'done'; at: Date; scrub: readonly string[] }
  | { state: 'queued'; at: Date; runAt: Date; error: string }
  | { state: 'failed'; at: Date; error: string; scrub: readonly string[] };

/** Records how the attempt ended; false when the claim was lost meanwhile (nothing written). */
export async function endAttempt(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts'>,
  worker: string,
  end: AttemptEnd,
): Promise<boolean> {
  const set =
    end.state === 'queued'
      ? { status: 'queued' as const, runAt: end.runAt, lockedBy: null, lastError: end.error }
      : {
          status: end.state,
          runAt: end.at,
          lockedBy: null,
          finishedAt: end.at,
          lastError: end.state === 'failed' ? end.error : null,
          ...(end.scrub.length ? { payload: scrubbed(end.scrub) } : {}),
        };
  const updated = await db
    .update(jobs)
    .set(set)
    .where(held(job, worker))
    .returning({ id: jobs.id });
  return updated.length === 1;
}

/**
 * Fails a job without running it (too many interrupted attempts, no handler for its kind),
 * guarded like {@link endAttempt}.
 */
export async function failUnrun(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts'>,
  worker: string,
  error: string,
  at: Date,
): Promise<boolean> {
  return endAttempt(db, job, worker, { state: 'failed', at, error, scrub: [] });
}

/**
 * When the next job that is not recurring (no dedupe key) becomes due, or null when none is
 * waiting: for tests that wait for retries, and for the worker's sleep.
 */
export async function nextDueAt(
  db: Database,
  options: { recurring: boolean } = { recurring: true },
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(jobs.runAt) })
    .from(jobs)
    .where(
      and(
        sql`${jobs.status} IN ('queued', 'running')`,
        options.recurring ? undefined : isNull(jobs.dedupeKey),
      ),
    );
  const at = row?.at;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(at);
}

/** Finished jobs older than `before` are deleted (housekeeping); returns how many. */
export async function deleteFinishedJobs(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(and(sql`${jobs.status} IN ('done', 'failed')`, lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return deleted.length;
}

/** One job as stored (tests and the org:create command). */
export async function findJob(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}
