import type { Database } from '../db';
import { deleteExpiredSessions } from '../auth/sessions';
import { deleteStaleThrottleRows } from '../auth/login-throttle';
import { deleteStaleResetTokens } from '../auth/password-resets';
import { analyzeDevices, deleteOldDeviceListChanges } from '../devices/data';
import { analyzeAlerts } from '../alerts/data';
import { deleteFinishedJobs } from '../queue/data';
import { deleteStaleBillingRows } from '../billing/data';
import { deleteOldStripeEvents } from '../billing/stripe/data';
import { deleteExpiredTransactions } from '../oidc/data';
import { deleteOldNotices } from '../events/data';
import { deleteOldReportIds } from '../device-api/data';
import { vacuumLikeAutovacuum } from './vacuum';

/** How long finished jobs are kept. */
export const FINISHED_JOBS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Runs as the recurring `housekeeping` job of the queue (server/system/jobs.ts).
 * Deletes rows that can no longer matter: expired or idle sessions and reset tokens, throttle rows
 * with nothing left to remember, single sign-ons that never came back from their provider,
 * stale card setups and payment methods that never became a default, finished jobs, change
 * notices too old to resume from, the device lists' change log older than 10 minutes, scan report
 * ids past their retry window.
 * Refreshes the planner statistics of the device and alert lists (PGlite runs no autovacuum), and
 * on PGlite vacuums the tables autovacuum would (./vacuum.ts).
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
  // Finished jobs (done or failed) after 30 days: failed e-mails stay listed for administrators
  // that long (Settings → Notifications, "Undelivered e-mails").
  await deleteFinishedJobs(db, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS));
  // Change notices past resuming (a console away longer gets a reset: server/events/data.ts).
  await deleteOldNotices(db);
  // The device lists' change log beyond any server's anchors (docs/decisions/055).
  await deleteOldDeviceListChanges(db, now);
  // Report ids past the retry window (docs/decisions/056-scan-ingestion-throughput.md).
  await deleteOldReportIds(db, now);
  await analyzeDevices(db);
  await analyzeAlerts(db);
  await vacuumLikeAutovacuum(db);
}
