/**
 * The node-postgres path, against a real Postgres when TEST_DATABASE_URL is set (skipped otherwise;
 * `npm run test:postgres` sets it). The database's public schema is dropped and recreated: point it
 * at a throw-away database.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '.';
import { loadMigrations } from './migrate';
import { prepareDatabase } from '../bootstrap';
import { createApp } from '../app';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { captureLogger } from '../test-support';
import { makeOrg, TEST_PASSWORD } from '../test-support/factories';

const url = process.env.TEST_DATABASE_URL;
/** Every .sql file of the folder: one the migrator's name pattern skipped would show up here. */
const migrationFiles = readdirSync(fileURLToPath(new URL('./migrations/', import.meta.url)))
  .filter((file) => file.endsWith('.sql'))
  .sort();

describe.skipIf(!url)('Postgres through DATABASE_URL', () => {
  it('migrates, seeds once (also when two processes start together) and signs in', async () => {
    const a = await openDatabase({ databaseUrl: url });
    const b = await openDatabase({ databaseUrl: url });
    try {
      await a.db.execute(sql`DROP SCHEMA public CASCADE`);
      await a.db.execute(sql`CREATE SCHEMA public`);
      const results = await Promise.all([
        prepareDatabase(a, { scrypt: TEST_SCRYPT_PARAMS }),
        prepareDatabase(b, { scrypt: TEST_SCRYPT_PARAMS }),
      ]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      // Every file of the folder, applied in order by the process that seeded, and recorded; the
      // other waited for it and found nothing to do.
      expect(migrationFiles.length).toBeGreaterThanOrEqual(8);
      expect(loadMigrations().map((m) => m.name)).toEqual(migrationFiles);
      const [first, second] = results[0].seeded ? results : [results[1], results[0]];
      expect(first.applied).toEqual(migrationFiles);
      expect(second.applied).toEqual([]);
      const recorded = await a.runner.transaction((q) =>
        q.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
      );
      expect(recorded.map((r) => r.name)).toEqual(migrationFiles);
      // A later start applies and seeds nothing.
      expect(await prepareDatabase(b, { scrypt: TEST_SCRYPT_PARAMS })).toEqual({
        applied: [],
        seeded: false,
      });

      // The migrated database serves: an administrator of an organization whose plan ended signs
      // in and is sent to billing.
      const { admin } = await makeOrg({ db: a.db }, { name: 'Lapsed', plan: 'canceled' });
      const app = createApp({ db: a.db, scrypt: TEST_SCRYPT_PARAMS, logger: captureLogger() });
      const res = await app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      const cookie = /portal_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const session = await app.request('/api/session', { headers: { cookie } });
      expect((await session.json()).error.type).toBe('update-billing');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
