/**
 * 0014_background_jobs.sql: conditional access removal requests recorded before the removal
 * became a job (an in-process timer ran them) get their job, so the queue processes them; an
 * organization without a pending request gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './index';
import { loadMigrations, migrate } from './migrate';
import { openEmptyTestDatabase } from '../test-support';
import { CONDITIONAL_ACCESS_REMOVAL_JOB } from '../system/jobs';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openEmptyTestDatabase();
  const all = loadMigrations();
  const at0014 = all.findIndex((m) => m.name.startsWith('0014_'));
  expect(at0014).toBeGreaterThan(0);
  await migrate(handle.runner, all.slice(0, at0014));
  await handle.runner.transaction(async (q) => {
    for (const [i, slug] of ['pending', 'settled'].entries()) {
      await q.query('INSERT INTO organizations (id, name, slug) VALUES ($1, $2, $3)', [
        i + 1,
        slug,
        slug,
      ]);
    }
    await q.query(
      `INSERT INTO conditional_access (org_id, removal_requested_at, updated_at)
       VALUES (1, now() - interval '1 hour', now()), (2, NULL, now())`,
    );
  });
  expect(await migrate(handle.runner, all)).toEqual(all.slice(at0014).map((m) => m.name));
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe('0014: pending conditional access removals become jobs', () => {
  it('queues one due removal job for the organization with a pending request', async () => {
    const rows = await handle.runner.transaction((q) =>
      q.query<{ kind: string; org_id: number; status: string; due: boolean; max_attempts: number }>(
        'SELECT kind, org_id, status, run_at <= now() AS due, max_attempts FROM jobs ORDER BY id',
      ),
    );
    expect(rows).toEqual([
      {
        kind: CONDITIONAL_ACCESS_REMOVAL_JOB,
        org_id: 1,
        status: 'queued',
        due: true,
        max_attempts: 6,
      },
    ]);
  });
});
