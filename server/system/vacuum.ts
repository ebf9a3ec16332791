/**
 * What PostgreSQL's autovacuum does, for PGlite, which runs none (one process in single-user mode:
 * no launcher, no workers). Without it every updated or deleted row stays in its table and its
 * indexes for good: a device is updated on every scan, jobs and sessions are deleted every hour,
 * so an embedded deployment would grow without end, and the transaction counter would one day
 * reach the wraparound limit, where PostgreSQL stops accepting writes.
 *
 * Housekeeping (hourly) vacuums the tables autovacuum would pick, by its own default rules:
 * - dead rows more than 50 + 20 % of the live ones (autovacuum_vacuum_threshold and
 *   autovacuum_vacuum_scale_factor);
 * - or the oldest unfrozen transaction id older than autovacuum_freeze_max_age (read from the
 *   server, 200 million by default).
 * One table at a time (`VACUUM (ANALYZE) t`; not FULL, which would rewrite the table under an
 * exclusive lock), so requests queued on PGlite's one connection wait for one table, not all.
 * On PostgreSQL, autovacuum does this itself: nothing happens here.
 */
import { sql } from 'drizzle-orm';
import { isPglite, type Database } from '../db';

/** Vacuums the tables autovacuum would; returns their names (none on PostgreSQL). */
export async function vacuumLikeAutovacuum(db: Database): Promise<string[]> {
  if (!isPglite(db)) return [];
  const due = (await db.execute(sql`
    SELECT c.relname AS name
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
      AND (s.n_dead_tup > 50 + 0.2 * s.n_live_tup
        OR age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint)
    ORDER BY s.n_dead_tup DESC`)) as unknown as { rows: Array<{ name: string }> };
  const names = due.rows.map((row) => row.name);
  for (const name of names) {
    // The name comes from the catalogue; quoted as an identifier all the same.
    await db.execute(sql.raw(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`));
  }
  return names;
}
