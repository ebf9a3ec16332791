/**
 * 0010_outbound.sql re-issues every webhook secret in the Standard Webhooks format (`whsec_` +
 * standard base64 of 24–64 random bytes; README, "Webhook events"): a database as it was before
 * 0010, with the earlier base64url secrets, is migrated and the secrets are checked — their
 * format, their randomness, and that the `standardwebhooks` package signs and verifies with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { DatabaseHandle } from './index';
import { loadMigrations, migrate } from './migrate';
import { openEmptyTestDatabase } from '../test-support';

/** base64url of 32 bytes, as the secrets before 0010 were drawn (no `whsec_`, `-` and `_`). */
const OLD_SECRETS = [
  'q3-_Zx9Lm0Pp4Rr8Tt2Vv6Xx0Zz4Bb8Dd2Ff6Hh0Jj',
  'A_b-C_d-E_f-G_h-I_j-K_l-M_n-O_p-Q_r-S_t-U',
];

let handle: DatabaseHandle;
let after: Array<{ org_id: number; url: string | null; secret: string | null }>;

beforeAll(async () => {
  handle = await openEmptyTestDatabase();
  const all = loadMigrations();
  const at0010 = all.findIndex((m) => m.name.startsWith('0010_'));
  expect(at0010).toBeGreaterThan(0);
  // The state before 0010: migrations 0001–0009 and three organizations' webhook rows.
  await migrate(handle.runner, all.slice(0, at0010));
  await handle.runner.transaction(async (q) => {
    for (const [i, slug] of ['old-a', 'old-b', 'no-hook'].entries()) {
      await q.query('INSERT INTO organizations (id, name, slug) VALUES ($1, $2, $3)', [
        i + 1,
        slug,
        slug,
      ]);
    }
    await q.query(
      'INSERT INTO webhooks (org_id, url, secret, updated_at) VALUES ($1, $2, $3, now()), ($4, $5, $6, now()), ($7, NULL, NULL, now())',
      [1, 'https://hooks.example.test/a', OLD_SECRETS[0], 2, null, OLD_SECRETS[1], 3],
    );
  });
  // Then 0010 and everything after it, as a server start does.
  expect(await migrate(handle.runner, all)).toEqual(all.slice(at0010).map((m) => m.name));
  after = await handle.runner.transaction((q) =>
    q.query<{ org_id: number; url: string | null; secret: string | null }>(
      'SELECT org_id, url, secret FROM webhooks ORDER BY org_id',
    ),
  );
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe('0010: webhook secrets re-issued in the Standard Webhooks format', () => {
  it('every stored secret is whsec_ + standard base64 of 24 to 64 bytes, and new', () => {
    const reissued = after.filter((row) => row.secret !== null);
    expect(reissued.map((row) => row.org_id)).toEqual([1, 2]);
    for (const row of reissued) {
      const secret = row.secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
      const base64 = secret.slice('whsec_'.length);
      const bytes = Buffer.from(base64, 'base64');
      // Standard base64 that round-trips: not base64url, not truncated.
      expect(bytes.toString('base64')).toBe(base64);
      expect(bytes.length).toBeGreaterThanOrEqual(24);
      expect(bytes.length).toBeLessThanOrEqual(64);
      expect(OLD_SECRETS).not.toContain(secret);
      expect(OLD_SECRETS.map((old) => `whsec_${old}`)).not.toContain(secret);
    }
    // Drawn at random per row, not one value for all.
    expect(new Set(reissued.map((row) => row.secret)).size).toBe(2);
  });

  it('keeps the URLs, and a row without a secret stays without one', () => {
    expect(after).toEqual([
      expect.objectContaining({ org_id: 1, url: 'https://hooks.example.test/a' }),
      expect.objectContaining({ org_id: 2, url: null }),
      { org_id: 3, url: null, secret: null },
    ]);
  });

  it('standardwebhooks signs and verifies with a re-issued secret', () => {
    const secret = after[0]?.secret as string;
    const hook = new Webhook(secret);
    const id = 'msg_migration_test';
    const timestamp = new Date();
    const body = JSON.stringify({ type: 'webhook.test', timestamp: timestamp.toISOString() });
    const signature = hook.sign(id, timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(hook.verify(body, headers)).toEqual(JSON.parse(body));
    // A different re-issued secret does not verify it.
    expect(() => new Webhook(after[1]?.secret as string).verify(body, headers)).toThrow();
  });
});
