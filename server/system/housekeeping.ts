import type { Database } from '../db';
import { deleteExpiredSessions } from '../auth/sessions';
import { deleteStaleThrottleRows } from '../auth/login-throttle';
import { deleteStaleResetTokens } from '../auth/password-resets';
import { analyzeDevices } from '../devices/data';
import { analyzeAlerts } from '../alerts/data';
import { processPendingRemovals } from '../integrations/conditional-access-data';
import { deleteStaleBillingRows } from '../billing/data';
import { deleteOldStripeEvents } from '../billing/stripe/data';
import { deleteExpiredTransactions } from '../oidc/data';

/**
 * Deletes rows that can no longer matter: expired or idle sessions and reset tokens, throttle rows
 * with nothing left to remember, single sign-ons that never came back from their provider,
 * stale card setups and payment methods that never became a default.
 * Refreshes the planner statistics of the device and alert lists (PGlite runs no autovacuum).
 */
export async function runHousekeeping(
  db: Database,
  now: Date,
  options: { sessionIdleMs?: number } = {},
): Promise<void> {
  await deleteExpiredSessions(db, now, options.sessionIdleMs);
  await deleteStaleThrottleRows(db, now);
  await deleteStaleResetTokens(db, now);
  await deleteExpiredTransactions(db, now);
  await deleteStaleBillingRows(db, now);
  // Stripe event ids long after Stripe stops re-sending them (docs/decisions/040-stripe.md).
  await deleteOldStripeEvents(db, now);
  // Conditional access removal requests a restart interrupted (normally a task runs them).
  await processPendingRemovals(db, now);
  await analyzeDevices(db);
  await analyzeAlerts(db);
}
