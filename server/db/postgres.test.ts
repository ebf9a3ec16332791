/**
 * The node-postgres path, against a real Postgres when TEST_DATABASE_URL is set (skipped otherwise).
 * The database's public schema is dropped and recreated: point it at a throw-away database.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './index';
import { prepareDatabase } from '../bootstrap';
import { createApp } from '../app';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { captureLogger } from '../test-support';

const url = process.env.TEST_DATABASE_URL;

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
      expect(results.flatMap((r) => r.applied)).toEqual(['0001_init.sql']);

      const app = createApp({ db: a.db, scrypt: TEST_SCRYPT_PARAMS, logger: captureLogger() });
      const res = await app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@initech.test', password: 'Portal-Demo-1!' }),
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
