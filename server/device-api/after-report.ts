/**
 * What else acts on a device's report, in its transaction: conditional access evaluates the
 * members whose devices changed (docs/product/integrations.md, 'Conditional access';
 * docs/decisions/053-policies-and-reminders.md). Called by enrolment and scan ingestion
 * (./routes.ts) after their changes, before the commit: a report that quarantines its member
 * commits with the quarantine and its audit event, or not at all.
 */
import type { Database } from '../db';
import { evaluateMemberAccess } from '../policies/evaluate';

export async function afterDeviceReport(
  tx: Database,
  orgId: number,
  memberIds: number[],
  now: Date,
): Promise<void> {
  if (memberIds.length === 0) return;
  await evaluateMemberAccess(tx, orgId, memberIds, now);
}
