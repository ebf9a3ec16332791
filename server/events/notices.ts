/**
 * Change notices for the live console (docs/product/device-api.md, 'What a report changes'): a
 * change that the dashboard or the alerts console shows tells the organization's open consoles,
 * inside the change's own transaction, so a notice is delivered exactly when the change commits
 * (PostgreSQL holds NOTIFY until COMMIT and drops it on ROLLBACK).
 *
 * This is the seam the device API calls; the live console (Server-Sent Events) listens on the
 * `portal_notices` channel and may replace this module with a fuller one of the same signature.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db';

export type ChangeNotice = { topic: 'devices' } | { topic: 'alerts'; opened: number };

export const NOTICE_CHANNEL = 'portal_notices';

export async function publishNotice(
  tx: Database,
  orgId: number,
  notice: ChangeNotice,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify({ orgId, ...notice })})`,
  );
}
