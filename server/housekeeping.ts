import type { Database } from './db';
import { deleteExpiredSessions } from './data/sessions';
import { deleteOldLoginAttempts } from './data/login-attempts';
import { deleteStaleResetTokens } from './data/password-resets';
import { analyzeDevices } from './data/devices';
import { analyzeAlerts } from './data/alerts';
import { processPendingRemovals } from './data/conditional-access';
import { deleteStaleBillingRows } from './data/billing';

/**
 * Deletes rows that can no longer matter: expired sessions and reset tokens, old failed sign-ins,
 * stale card setups and payment methods that never became a default.
 * Refreshes the planner statistics of the device and alert lists (PGlite runs no autovacuum).
 */
export async function runHousekeeping(db: Database, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteOldLoginAttempts(db, now);
  await deleteStaleResetTokens(db, now);
  await deleteStaleBillingRows(db, now);
  // Conditional access removal requests a restart interrupted (normally a task runs them).
  await processPendingRemovals(db, now);
  await analyzeDevices(db);
  await analyzeAlerts(db);
}
