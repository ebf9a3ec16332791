import type { Database } from './db';
import { deleteExpiredSessions } from './data/sessions';
import { deleteOldLoginAttempts } from './data/login-attempts';
import { deleteStaleResetTokens } from './data/password-resets';
import { analyzeDevices } from './data/devices';
import { analyzeAlerts } from './data/alerts';

/**
 * Deletes rows that can no longer matter: expired sessions and reset tokens, old failed sign-ins.
 * Refreshes the planner statistics of the device and alert lists (PGlite runs no autovacuum).
 */
export async function runHousekeeping(db: Database, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteOldLoginAttempts(db, now);
  await deleteStaleResetTokens(db, now);
  await analyzeDevices(db);
  await analyzeAlerts(db);
}
