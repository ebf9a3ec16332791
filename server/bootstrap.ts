import type { DatabaseHandle } from './db';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed/seed';
import { seedDemoDevices } from './seed/seed-devices';
import { seedDemoSsoDevProvider, seedDemoSsoDirectory } from './seed/seed-sso';
import { seedDemoAlerts } from './seed/seed-alerts';
import { seedDemoSettings } from './seed/seed-settings';
import { seedDemoIntegrations } from './seed/seed-integrations';
import { seedDemoAudit } from './seed/seed-audit';
import { seedDemoBilling } from './seed/seed-billing';
import type { ScryptParams } from './auth/passwords';

/** Advisory lock key of the whole start-up preparation (migrate.ts and the seed steps use others). */
const PREPARE_LOCK_KEY = 72_431_000;

export interface PrepareOptions {
  scrypt?: ScryptParams;
  /**
   * Write the demo organizations (published password!) into an empty database. Development only:
   * main.ts never passes true in production (docs/decisions/015-sign-in-security.md), and
   * `org:create` passes false.
   */
  seedDemo?: boolean;
}

/**
 * Migrates, then (with `seedDemo`, the default) seeds an empty database. Safe to run at
 * every start. Several server processes starting together against one Postgres take turns: the
 * first migrates and seeds, the others then find nothing to do (the migrator's and the seed
 * steps' own locks stay as a second guard).
 */
export function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  return handle.withLock(PREPARE_LOCK_KEY, () => prepareNow(handle, options));
}

async function prepareNow(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrate(handle.runner);
  if (options.seedDemo === false) return { applied, seeded: false };
  const seeded = await seedIfEmpty(handle.db, options);
  // Runs once per database (recorded in seed_steps), also on one seeded before devices existed.
  const seededDevices = await seedDemoDevices(handle.db);
  // The simulated identity provider's directory: once per database, after the devices.
  const seededDirectory = await seedDemoSsoDirectory(handle.db);
  // Demo alerts on the demo devices: once per database, after the devices.
  const seededAlerts = await seedDemoAlerts(handle.db);
  // Settings demo data: pending administrators, threat hunter users; once per database.
  const seededSettings = await seedDemoSettings(handle.db);
  // Billing demo data: subscriptions and cards of the demo organizations; once.
  const seededBilling = await seedDemoBilling(handle.db);
  // Integrations and notifications demo data; once per database, after the members.
  const seededIntegrations = await seedDemoIntegrations(handle.db);
  // A few past events of Acme for the Activity tab; once, after the alerts and the API key.
  const seededAudit = await seedDemoAudit(handle.db);
  // Globex through the development OpenID Provider (docs/decisions/019-openid-connect.md), on
  // databases seeded before it.
  await seedDemoSsoDevProvider(handle.db);
  return {
    applied,
    seeded:
      seeded ||
      seededDevices ||
      seededDirectory ||
      seededAlerts ||
      seededSettings ||
      seededIntegrations ||
      seededAudit ||
      seededBilling,
  };
}
