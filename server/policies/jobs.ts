/**
 * The policies' background work as jobs of the queue (docs/decisions/017b-background-work-on-the-queue.md,
 * docs/decisions/053-policies-and-reminders.md):
 *
 * - `policy-evaluation`, recurring (one queued row: its dedupe key; each run queues the next in
 *   the transaction that records its end): evaluates every organization with an active policy,
 *   so the time-based rules (no scans, outdated OS) act when no report arrives.
 * - `policy-evaluation-org`, queued (one per organization: its dedupe key) in the transaction that
 *   saves the configuration or the policy: the organization's members are evaluated under the new
 *   policy at once rather than at the next periodic run.
 * - `scan-reminders`, recurring: ./reminders.ts.
 *
 * Members are evaluated in batches, one transaction each, so a large organization never holds a
 * long transaction.
 */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { conditionalAccess, devices, members } from '../db/schema';
import type { Logger } from '../deps';
import type { JobQueue } from '../queue/queue';
import { evaluateMembers } from './evaluate';
import { runScanReminders } from './reminders';

export const POLICY_EVALUATION_JOB = 'policy-evaluation';
export const POLICY_EVALUATION_ORG_JOB = 'policy-evaluation-org';
export const SCAN_REMINDERS_JOB = 'scan-reminders';
/** Periods are days long: an hourly run acts within an hour of a period's end. */
export const POLICY_EVALUATION_INTERVAL_MS = 60 * 60 * 1000;
export const SCAN_REMINDERS_INTERVAL_MS = 60 * 60 * 1000;
export const POLICY_AFTER_FAILURE_MS = 5 * 60 * 1000;
/** Members evaluated per transaction. */
export const EVALUATION_BATCH = 200;

export interface EvaluationResult {
  members: number;
  quarantined: number;
  released: number;
  updated: number;
}

/**
 * Evaluates one organization's members that can be affected: those with an enrolled, active
 * device and those quarantined now (to release them), in batches by id.
 */
export async function evaluateOrganization(
  db: Database,
  orgId: number,
  now: Date,
  batchSize = EVALUATION_BATCH,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { members: 0, quarantined: 0, released: 0, updated: 0 };
  let after = 0;
  for (;;) {
    const ids = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.orgId, orgId),
          gt(members.id, after),
          or(
            eq(members.caBlocked, true),
            sql`EXISTS (SELECT 1 FROM ${devices} WHERE ${devices.memberId} = ${members.id} AND ${devices.orgId} = ${orgId} AND ${devices.enrolled} AND ${devices.deactivatedAt} IS NULL)`,
          ),
        ),
      )
      .orderBy(asc(members.id))
      .limit(batchSize);
    if (ids.length === 0) break;
    const changes = await db.transaction((tx) =>
      evaluateMembers(
        tx,
        orgId,
        ids.map((r) => r.id),
        now,
      ),
    );
    result.members += ids.length;
    for (const c of changes) {
      if (c.change === 'quarantined') result.quarantined += 1;
      else if (c.change === 'released') result.released += 1;
      else result.updated += 1;
    }
    after = ids[ids.length - 1]!.id;
    if (ids.length < batchSize) break;
  }
  return result;
}

/** Organizations whose policy acts now, or that still have quarantined members to release. */
async function organizationsToEvaluate(db: Database): Promise<number[]> {
  const rows = await db
    .select({ orgId: conditionalAccess.orgId })
    .from(conditionalAccess)
    .where(and(eq(conditionalAccess.active, true), isNull(conditionalAccess.removalRequestedAt)))
    .orderBy(asc(conditionalAccess.orgId));
  return rows.map((r) => r.orgId);
}

/** One periodic run over every organization with an active policy. */
export async function runPolicyEvaluation(
  db: Database,
  now: Date,
  logger?: Logger,
): Promise<EvaluationResult & { organizations: number }> {
  const orgs = await organizationsToEvaluate(db);
  const total = { organizations: orgs.length, members: 0, quarantined: 0, released: 0, updated: 0 };
  for (const orgId of orgs) {
    const r = await evaluateOrganization(db, orgId, now);
    total.members += r.members;
    total.quarantined += r.quarantined;
    total.released += r.released;
    total.updated += r.updated;
    if (r.quarantined + r.released + r.updated > 0) {
      logger?.info(
        `[policies] organization ${orgId}: ${r.quarantined} quarantined, ${r.released} released, ${r.updated} reason(s) changed`,
      );
    }
  }
  return total;
}

/** Queues a periodic evaluation (at once unless `delayMs`), merged into the one already queued. */
export async function schedulePolicyEvaluation(
  queue: JobQueue,
  tx: Database,
  delayMs = 0,
): Promise<void> {
  await queue.enqueue(tx, {
    kind: POLICY_EVALUATION_JOB,
    dedupeKey: POLICY_EVALUATION_JOB,
    delayMs,
  });
}

/** Queues a reminder run (at once unless `delayMs`), merged into the one already queued. */
export async function scheduleScanReminders(
  queue: JobQueue,
  tx: Database,
  delayMs = 0,
): Promise<void> {
  await queue.enqueue(tx, { kind: SCAN_REMINDERS_JOB, dedupeKey: SCAN_REMINDERS_JOB, delayMs });
}

/** Queues the evaluation of one organization; call it in the transaction that changes its policy. */
export async function enqueueOrganizationEvaluation(
  queue: JobQueue,
  tx: Database,
  orgId: number,
): Promise<void> {
  await queue.enqueue(tx, {
    kind: POLICY_EVALUATION_ORG_JOB,
    orgId,
    dedupeKey: `${POLICY_EVALUATION_ORG_JOB}:${orgId}`,
  });
}

export function definePolicyJobs(
  queue: JobQueue,
  s: {
    db: Database;
    now: () => Date;
    logger: Logger;
    evaluationIntervalMs?: number;
    remindersIntervalMs?: number;
  },
): void {
  const evaluationInterval = s.evaluationIntervalMs ?? POLICY_EVALUATION_INTERVAL_MS;
  const remindersInterval = s.remindersIntervalMs ?? SCAN_REMINDERS_INTERVAL_MS;
  queue.define(POLICY_EVALUATION_JOB, {
    // No retries of the same row (a process start may have queued the next run meanwhile); a
    // failure queues the next run sooner instead.
    retrySchedule: [],
    async run() {
      await runPolicyEvaluation(s.db, s.now(), s.logger);
      return undefined;
    },
    async recorded(tx, _job, outcome) {
      await schedulePolicyEvaluation(
        queue,
        tx,
        outcome.state === 'failed'
          ? Math.min(evaluationInterval, POLICY_AFTER_FAILURE_MS)
          : evaluationInterval,
      );
    },
  });

  queue.define(POLICY_EVALUATION_ORG_JOB, {
    async run(job) {
      if (job.orgId === null) return undefined;
      await evaluateOrganization(s.db, job.orgId, s.now());
      return undefined;
    },
  });

  queue.define(SCAN_REMINDERS_JOB, {
    retrySchedule: [],
    async run() {
      const r = await runScanReminders(s.db, queue, s.now());
      if (r.emails > 0) {
        s.logger.info(
          `[reminders] ${r.emails} scan reminder e-mail(s) queued, ${r.pushes} push notification(s) not delivered (no push provider)`,
        );
      }
      return undefined;
    },
    async recorded(tx, _job, outcome) {
      await scheduleScanReminders(
        queue,
        tx,
        outcome.state === 'failed'
          ? Math.min(remindersInterval, POLICY_AFTER_FAILURE_MS)
          : remindersInterval,
      );
    },
  });
}
