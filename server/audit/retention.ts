/**
 * Retention (docs/decisions/018-audit-log.md, 'Retention'): an hourly job deletes, per
 * organization, the whole prefix of its chain older than its retention (six months, one year;
 * never for NEVER), writes a checkpoint (the last deleted event's number and hash, where
 * verification then starts) and records `audit.retention_applied` by the system. Only this
 * transaction may delete events: it sets portal.audit_retention, which the table's trigger
 * checks.
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_MONTHS, type AuditRetention } from '@domain/audit';
import type { Database } from '../db';
import { auditCheckpoints, auditEvents, auditLogs } from '../db/schema';
import type { JobQueue } from '../queue/queue';
import type { Logger } from '../deps';
import { appendEvent } from './data';

export const AUDIT_RETENTION_JOB = 'audit-retention';

/** The moment before which events are deleted, or null when they are kept for ever. */
export function retentionCutoff(retention: AuditRetention, now: Date): Date | null {
  const months = AUDIT_RETENTION_MONTHS[retention];
  if (months === null) return null;
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes the prefix of one organization's events older than `cutoff`: every event up to the
 * first one at or after it (so a clock that went backwards never leaves a hole in the chain).
 * Returns how many were deleted.
 */
export async function applyRetention(
  db: Database,
  orgId: number,
  cutoff: Date,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('portal.audit_retention', 'on', true)`);
    // The head row: no event of this organization is appended while the prefix moves.
    const [log] = await tx
      .select({ headSeq: auditLogs.headSeq })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, orgId))
      .for('no key update');
    if (!log) return 0;
    // The first event kept: in chain order, the first not older than the cut-off.
    const [firstKept] = await tx
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.occurredAt, cutoff)))
      .orderBy(auditEvents.seq)
      .limit(1);
    const lastDeleted = firstKept ? firstKept.seq - 1 : Number(log.headSeq);
    const [last] = await tx
      .select({ hash: auditEvents.hash })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.seq, lastDeleted)));
    // Nothing to delete (already cut there, or no event old enough).
    if (!last) return 0;
    const deleted = await tx
      .delete(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), sql`${auditEvents.seq} <= ${lastDeleted}`))
      .returning({ seq: auditEvents.seq });
    await tx.insert(auditCheckpoints).values({
      orgId,
      seq: lastDeleted,
      hash: last.hash,
      deleted: deleted.length,
      createdAt: now,
    });
    await appendEvent(tx, {
      orgId,
      time: now,
      actor: { type: 'system', id: 'retention', display: 'Retention' },
      action: 'audit.retention_applied',
      target: { type: 'audit_log', id: null, display: 'Activity log' },
      outcome: 'success',
      changes: { deleted: deleted.length, before: cutoff.toISOString(), throughEvent: lastDeleted },
    });
    return deleted.length;
  });
}

/** One run over every organization that keeps its events for a limited time. */
export async function runRetention(db: Database, now: Date, logger?: Logger): Promise<number> {
  const logs = await db
    .select({ orgId: auditLogs.orgId, retention: auditLogs.retention })
    .from(auditLogs)
    .where(ne(auditLogs.retention, 'NEVER'));
  let total = 0;
  for (const log of logs) {
    const cutoff = retentionCutoff(log.retention, now);
    if (!cutoff) continue;
    const n = await applyRetention(db, log.orgId, cutoff, now);
    if (n > 0) logger?.info(`[audit] retention deleted ${n} event(s) of organization ${log.orgId}`);
    total += n;
  }
  return total;
}

/** How often retention runs, and how soon again after a failed run. */
export const AUDIT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
export const AUDIT_RETENTION_AFTER_FAILURE_MS = 5 * 60 * 1000;

/**
 * Registers the job. Like housekeeping (server/system/jobs.ts), it is recurring: one queued row at
 * a time (its dedupe key), and each run queues the next in the transaction that records its end.
 */
export function defineAuditJobs(
  queue: JobQueue,
  s: { db: Database; now: () => Date; logger: Logger },
): void {
  queue.define(AUDIT_RETENTION_JOB, {
    // No retries of the same row (a process start may have queued the next run meanwhile); a
    // failure queues the next run sooner instead.
    retrySchedule: [],
    run: async () => {
      await runRetention(s.db, s.now(), s.logger);
      return undefined;
    },
    async recorded(tx, _job, outcome) {
      await scheduleRetention(
        queue,
        tx,
        outcome.state === 'failed' ? AUDIT_RETENTION_AFTER_FAILURE_MS : AUDIT_RETENTION_INTERVAL_MS,
      );
    },
  });
}

/** Queues a retention run (at once unless `delayMs`), merged into the one already queued. */
export async function scheduleRetention(queue: JobQueue, db: Database, delayMs = 0): Promise<void> {
  await queue.enqueue(db, { kind: AUDIT_RETENTION_JOB, dedupeKey: AUDIT_RETENTION_JOB, delayMs });
}
