/**
 * Walks every organization's audit chain (docs/decisions/018-audit-log.md, 'Verification'):
 * from the newest checkpoint (or the genesis) through every event in order, recomputing each
 * hash, up to the head recorded in audit_logs — so an edited, removed, inserted or cut-off event
 * is found at the first event where the chain no longer holds. Read-only; safe while the server
 * runs on PostgreSQL (the head is read first, later events are left for the next run).
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { auditCheckpoints, auditEvents, auditLogs, organizations } from '../db/schema';
import { ChainWalker, GENESIS_HASH, type ChainBreak } from './chain';

export interface VerifyResult {
  events: number;
  organizations: number;
  broken: (ChainBreak & { orgId: number; slug: string }) | null;
}

const PAGE = 5000;

export async function verifyAuditChains(
  db: Database,
  options: { slug?: string } = {},
): Promise<VerifyResult> {
  const logs = await db
    .select({
      orgId: auditLogs.orgId,
      slug: organizations.slug,
      headSeq: auditLogs.headSeq,
      headHash: auditLogs.headHash,
    })
    .from(auditLogs)
    .innerJoin(organizations, eq(organizations.id, auditLogs.orgId))
    .where(options.slug === undefined ? undefined : eq(organizations.slug, options.slug))
    .orderBy(asc(organizations.slug));
  let events = 0;
  for (const log of logs) {
    const [checkpoint] = await db
      .select({ seq: auditCheckpoints.seq, hash: auditCheckpoints.hash })
      .from(auditCheckpoints)
      .where(eq(auditCheckpoints.orgId, log.orgId))
      .orderBy(desc(auditCheckpoints.seq))
      .limit(1);
    const start = checkpoint ?? { seq: 0, hash: GENESIS_HASH };
    const walker = new ChainWalker(start);
    let after = start.seq;
    for (;;) {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.orgId, log.orgId),
            gt(auditEvents.seq, after),
            lte(auditEvents.seq, log.headSeq),
          ),
        )
        .orderBy(asc(auditEvents.seq))
        .limit(PAGE);
      const problem = walker.check(rows);
      if (problem)
        return {
          events,
          organizations: logs.length,
          broken: { ...problem, orgId: log.orgId, slug: log.slug },
        };
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.seq;
    }
    const head = walker.head;
    if (head.seq !== log.headSeq) {
      // Events at the end are missing (the head says more were written).
      return {
        events,
        organizations: logs.length,
        broken: {
          orgId: log.orgId,
          slug: log.slug,
          seq: head.seq + 1,
          problem: 'gap',
          expectedSeq: head.seq + 1,
        },
      };
    }
    if (head.hash !== log.headHash) {
      return {
        events,
        organizations: logs.length,
        broken: {
          orgId: log.orgId,
          slug: log.slug,
          seq: head.seq,
          problem: 'hash',
          expected: log.headHash,
          found: head.hash,
        },
      };
    }
    events += walker.count;
  }
  return { events, organizations: logs.length, broken: null };
}

/** The line `npm run audit:verify` prints. */
export function describeVerification(result: VerifyResult): string {
  if (!result.broken) {
    return `audit chain ok: ${result.events} events in ${result.organizations} organizations`;
  }
  const b = result.broken;
  const detail =
    b.problem === 'gap'
      ? `event ${b.expectedSeq} is missing`
      : b.problem === 'previous hash'
        ? `its previous hash ${b.found} is not the hash of the event before (${b.expected})`
        : `its content does not match its hash (stored ${b.found}, computed ${b.expected})`;
  return `audit chain BROKEN: organization ${b.slug}, event ${b.seq}: ${detail}`;
}

/** Whether the audit tables exist (a database from before the audit log has none to verify). */
export async function hasAuditLog(db: Database): Promise<boolean> {
  const result = await db.execute(sql`SELECT to_regclass('public.audit_logs') IS NOT NULL AS ok`);
  const rows = (result as unknown as { rows: Array<{ ok: boolean }> }).rows;
  return rows[0]?.ok === true;
}
