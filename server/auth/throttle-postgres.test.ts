/**
 * The sign-in throttle on PostgreSQL (docs/decisions/015-sign-in-security.md; `npm run
 * test:postgres`; skipped on PGlite): two server instances, each with its own connection pool (as
 * two processes have), share one database. 200 parallel guesses at one account, split between them,
 * reach the password check at most 5 times in all.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db';
import { PasswordVerifier, TEST_SCRYPT_PARAMS } from './passwords';
import { captureLogger, openTestDatabase } from '../test-support';
import { makeOrg } from '../test-support/factories';

describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-in throttle across server processes', () => {
  it('of 200 parallel guesses through two instances, at most 5 are verified; the rest are 429', async () => {
    const first = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: first.url! });
    try {
      const { admin } = await makeOrg({ db: first.db });
      const verifiers = [
        new PasswordVerifier(TEST_SCRYPT_PARAMS),
        new PasswordVerifier(TEST_SCRYPT_PARAMS),
      ];
      const apps = [first, second].map((handle, i) =>
        createApp({ db: handle.db, passwords: verifiers[i], logger: captureLogger() }),
      );
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          apps[i % 2]!.request('/api/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
            body: JSON.stringify({ email: admin.email, password: `Guess-${i}!` }),
          }),
        ),
      );
      const verified = verifiers[0]!.verifications + verifiers[1]!.verifications;
      const statuses = answers.map((a) => a.status);
      expect(verified).toBeGreaterThan(0);
      expect(verified).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 401)).toHaveLength(verified);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200 - verified);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
