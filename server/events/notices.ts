/**
 * Change notices of the live console (docs/decisions/052-live-console.md): "something changed in
 * this organization's devices / alerts", so an open dashboard or alerts console fetches its
 * visible page again. A notice is a row of `change_notices` (a console that reconnects resumes
 * after the last id it saw) and a NOTIFY on {@link NOTICE_CHANNEL} (every server process's
 * {@link NoticeHub} hears it), both written in the transaction of the change: PostgreSQL (and
 * PGlite) deliver a NOTIFY only when its transaction commits, so a notice exists iff the change
 * committed.
 */
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { NoticeTopic } from '@domain/live';
import type { Database } from '../db';

export type ChangeNotice = { topic: 'devices' } | { topic: 'alerts'; opened: number };

export const NOTICE_CHANNEL = 'portal_notices';

/** A notice as it travels: `id:orgId:topic:opened` (NOTIFY payloads are text, at most 8000 bytes). */
export interface Notice {
  id: number;
  orgId: number;
  topic: NoticeTopic;
  /** Alerts opened by the change (0 for an update or for devices). */
  opened: number;
}

/**
 * "Devices changed" is said once per transaction: a scan report that updates its device and a
 * bulk unenrolment of 500 devices each write one row. Keyed by the transaction object, so a
 * savepoint (a transaction object of its own) never hides the notice of its parent; only real
 * transaction objects (the services' `db`, which stands for whichever request transaction is open,
 * is one object for all of them: every call through it writes).
 */
const devicesSaid = new WeakMap<object, Set<number>>();

/**
 * Call INSIDE the transaction of the change (`tx`), after the change. One statement: the row and
 * its NOTIFY (cheap enough for every scan report: an insert into a narrow table, no lock on a
 * shared row, so concurrent reports never wait for each other).
 */
export async function publishNotice(
  tx: Database,
  orgId: number,
  notice: ChangeNotice,
): Promise<void> {
  if (notice.topic === 'devices' && tx instanceof PgTransaction) {
    const said = devicesSaid.get(tx) ?? new Set<number>();
    if (said.has(orgId)) return;
    said.add(orgId);
    devicesSaid.set(tx, said);
  }
  const opened = notice.topic === 'alerts' ? Math.max(0, Math.trunc(notice.opened)) : 0;
  await tx.execute(sql`
    WITH n AS (
      INSERT INTO change_notices (org_id, topic, opened)
      VALUES (${orgId}, ${notice.topic}, ${opened})
      RETURNING id, org_id, topic, opened
    )
    SELECT pg_notify(${NOTICE_CHANNEL}, n.id || ':' || n.org_id || ':' || n.topic || ':' || n.opened)
    FROM n`);
}

/** The payload of a NOTIFY on NOTICE_CHANNEL; null for anything else. */
export function parseNotice(payload: string): Notice | null {
  const m = /^(\d+):(\d+):(devices|alerts):(\d+)$/.exec(payload);
  if (!m) return null;
  return {
    id: Number(m[1]),
    orgId: Number(m[2]),
    topic: m[3] as NoticeTopic,
    opened: Number(m[4]),
  };
}
