/**
 * PGlite runs no autovacuum: housekeeping vacuums the tables autovacuum would (./vacuum.ts). On
 * PostgreSQL (`npm run test:postgres`) autovacuum does it and housekeeping leaves it alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db';
import { jobs } from '../db/schema';
import { insertJobs } from '../queue/data';
import { openTestDatabase } from '../test-support';
import { vacuumLikeAutovacuum } from './vacuum';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(() => handle?.close());

/** The table's counters as the statistics system has them now (its pending ones flushed first). */
async function stats(table: string) {
  await handle.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await handle.db.execute(sql`SELECT 1`);
  const { rows } = (await handle.db.execute(sql`
    SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed
    FROM pg_stat_user_tables WHERE relname = ${table}`)) as unknown as {
    rows: Array<{ dead: number; vacuumed: boolean }>;
  };
  return rows[0]!;
}

it('dead rows past autovacuum’s threshold are vacuumed on PGlite; PostgreSQL is left to autovacuum', async () => {
  const now = new Date();
  await insertJobs(
    handle.db,
    Array.from({ length: 300 }, (_, i) => ({
      kind: 'vacuum-test',
      payload: { i },
      runAt: now,
      maxAttempts: 1,
    })),
    now,
  );
  await handle.db.delete(jobs);
  expect((await stats('jobs')).dead).toBeGreaterThanOrEqual(300);

  const vacuumed = await vacuumLikeAutovacuum(handle.db);
  if (handle.kind === 'postgres') {
    expect(vacuumed).toEqual([]);
    return;
  }
  expect(vacuumed).toContain('jobs');
  expect(await stats('jobs')).toEqual({ dead: 0, vacuumed: true });
  // Below the threshold now: the next run leaves the table alone.
  expect(await vacuumLikeAutovacuum(handle.db)).not.toContain('jobs');
});
