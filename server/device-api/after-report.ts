/**
 * What else acts on a device's report, in its transaction: conditional access evaluates the
 * members whose devices changed (docs/product/integrations.md, 'Conditional access'). Called by
 * enrolment and scan ingestion (./routes.ts) after their changes, before the commit.
 */
import type { Database } from '../db';

export async function afterDeviceReport(
  tx: Database,
  orgId: number,
  memberIds: number[],
  now: Date,
): Promise<void> {
  // The lead wires the policy evaluation here at merge:
  // `await evaluateMemberAccess(tx, orgId, memberIds, now)` (server/policies/evaluate.ts).
  void tx;
  void orgId;
  void memberIds;
  void now;
}
