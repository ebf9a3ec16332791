import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '.';
import { prepareDatabase } from '../bootstrap';
import { organizations, users } from './schema';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a PGlite data directory survives a restart: migrated and seeded once', async () => {
  const dataDir = path.join(dir, 'data');
  const first = await openDatabase({ dataDir });
  expect(await prepareDatabase(first, { scrypt: TEST_SCRYPT_PARAMS })).toEqual({
    applied: [
      '0001_init.sql',
      '0002_devices.sql',
      '0003_members.sql',
      '0004_sso.sql',
      '0005_alerts.sql',
      '0006_settings.sql',
      '0007_billing.sql',
      '0008_integrations.sql',
      '0009_sign_in_security.sql',
      '0010_outbound.sql',
      '0011_openid_connect.sql',
      '0012_stripe.sql',
      '0013_audit.sql',
      '0014_background_jobs.sql',
      '0015_members_without_devices.sql',
      '0016_scim.sql',
      '0017_members_directory.sql',
      '0018_device_facts.sql',
      '0019_device_api.sql',
      '0020_change_notices.sql',
      '0021_policies_and_reminders.sql',
      '0022_api_rate_limits.sql',
      '0023_lists_under_change.sql',
      '0024_report_id_retention.sql',
      '0025_threat_alert_emails.sql',
      '0026_device_report_facts.sql',
      '0027_admin_preferences.sql',
    ],
    seeded: true,
  });
  await first.db.update(organizations).set({ name: 'Acme Renamed' });
  await first.close();

  const second = await openDatabase({ dataDir });
  try {
    expect(await prepareDatabase(second, { scrypt: TEST_SCRYPT_PARAMS })).toEqual({
      applied: [],
      seeded: false,
    });
    const [orgs] = await second.db.select({ n: count() }).from(organizations);
    const [admins] = await second.db.select({ n: count() }).from(users);
    expect(orgs?.n).toBe(4);
    // 5 from the first seed, 2 pending Acme administrators from the settings step.
    expect(admins?.n).toBe(7);
    const names = (await second.db.select({ name: organizations.name }).from(organizations)).map(
      (o) => o.name,
    );
    expect(names.every((n) => n === 'Acme Renamed')).toBe(true);
  } finally {
    await second.close();
  }
}, 120_000);
