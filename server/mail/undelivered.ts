/**
 * Undelivered e-mails (docs/product/notifications.md, "Undelivered e-mails";
 * docs/decisions/017b-background-work-on-the-queue.md): an organization's mail jobs that failed for
 * good, read from the `jobs` table itself. A failed e-mail is listed until a later e-mail of the
 * same kind to the same address was queued (sent again by 'Resend' here, by the members' 'Email
 * members', or the administrators' Resend) or housekeeping deleted it (finished jobs go after 30
 * days: server/system/housekeeping.ts). Its row holds
 * only the template, the address and the Message-ID by then: links and codes were scrubbed when
 * it finished, so nothing secret can be shown.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { UndeliveredEmail } from '@contract/undelivered-emails';
import {
  canResendEmail,
  EMAIL_KINDS,
  UNDELIVERED_EMAILS_LIST_SIZE,
  type EmailKind,
} from '@domain/mail';
import type { Database } from '../db';
import { jobs } from '../db/schema';
import { MAIL_JOB } from './jobs';

export interface UndeliveredEmailRow {
  id: number;
  kind: EmailKind;
  to: string;
  failedAt: Date;
  attempts: number;
  reason: string;
}

/** Failed mail jobs of the organization not superseded by a later one of the same kind and address. */
function listed(orgId: number) {
  const later = sql`NOT EXISTS (
    SELECT 1 FROM jobs AS later
    WHERE later.kind = ${MAIL_JOB}
      AND later.org_id = ${jobs.orgId}
      AND later.id > ${jobs.id}
      AND later.payload->>'template' = ${jobs.payload}->>'template'
      AND lower(later.payload->>'to') = lower(${jobs.payload}->>'to')
  )`;
  return and(eq(jobs.kind, MAIL_JOB), eq(jobs.orgId, orgId), eq(jobs.status, 'failed'), later);
}

const columns = {
  id: jobs.id,
  template: sql<string>`${jobs.payload}->>'template'`,
  to: sql<string>`${jobs.payload}->>'to'`,
  finishedAt: jobs.finishedAt,
  attempts: jobs.attempts,
  lastError: jobs.lastError,
};

function toRow(row: {
  id: number;
  template: string;
  to: string;
  finishedAt: Date | null;
  attempts: number;
  lastError: string | null;
}): UndeliveredEmailRow | null {
  const kind = EMAIL_KINDS.find((k) => k === row.template);
  if (!kind || !row.finishedAt) return null;
  return {
    id: row.id,
    kind,
    to: row.to,
    failedAt: row.finishedAt,
    attempts: row.attempts,
    reason: row.lastError ?? 'unknown',
  };
}

/** The newest undelivered e-mails of the organization. */
export async function listUndeliveredEmailRows(
  db: Database,
  orgId: number,
): Promise<UndeliveredEmailRow[]> {
  const rows = await db
    .select(columns)
    .from(jobs)
    .where(listed(orgId))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(UNDELIVERED_EMAILS_LIST_SIZE);
  return rows.flatMap((row) => toRow(row) ?? []);
}

/** One listed undelivered e-mail of the organization, or null (another's, or not listed). */
export async function findUndeliveredEmail(
  db: Database,
  orgId: number,
  id: number,
): Promise<UndeliveredEmailRow | null> {
  const [row] = await db
    .select(columns)
    .from(jobs)
    .where(and(eq(jobs.id, id), listed(orgId)))
    .limit(1);
  return row ? toRow(row) : null;
}

export function toUndeliveredEmail(row: UndeliveredEmailRow): UndeliveredEmail {
  return {
    id: String(row.id),
    kind: row.kind,
    to: row.to,
    failedAt: row.failedAt.toISOString(),
    attempts: row.attempts,
    reason: row.reason,
    canResend: canResendEmail(row.kind),
  };
}
