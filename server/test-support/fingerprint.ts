/**
 * Test helper (not a test file): fingerprints of the database, to prove that a series of calls
 * changed nothing (GET calls, refused calls) or nothing of another organization
 * (docs/decisions/021-cross-cutting-checks.md).
 */
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db';

/** Row count and a hash of every row (as text, in a stable order). */
export interface TableFingerprint {
  rows: number;
  hash: string;
}

/** Not organization data: keyed by e-mail address or global. */
const GLOBAL_TABLES = new Set([
  'login_throttle',
  'outbox',
  'seed_steps',
  'schema_migrations',
  // Stripe event ids already handled (an event may concern no organization): docs/decisions/040.
  'stripe_events',
  // The development OpenID Provider's own keys, one set for the whole server.
  'dev_idp_keys',
]);

/** Tables that reach their organization through a parent row. */
const INDIRECT_ORG: Record<string, string> = {
  organizations: 'SELECT t.id AS org_id, t::text AS row FROM organizations t',
  sessions: 'SELECT u.org_id, t::text AS row FROM sessions t JOIN users u ON u.id = t.user_id',
  password_reset_tokens:
    'SELECT u.org_id, t::text AS row FROM password_reset_tokens t JOIN users u ON u.id = t.user_id',
  sso_directory_group_members:
    'SELECT g.org_id, t::text AS row FROM sso_directory_group_members t JOIN sso_directory_groups g ON g.id = t.group_id',
  scim_group_members:
    'SELECT g.org_id, t::text AS row FROM scim_group_members t JOIN scim_groups g ON g.id = t.group_id',
  device_reports:
    'SELECT d.org_id, t::text AS row FROM device_reports t JOIN devices d ON d.id = t.device_id',
};

function query<R>(handle: DatabaseHandle, text: string): Promise<R[]> {
  return handle.runner.transaction((x) => x.query<R>(text));
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    handle,
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Every table of the database: its row count and a hash of all its rows. */
export async function databaseFingerprint(
  handle: DatabaseHandle,
): Promise<Record<string, TableFingerprint>> {
  const out: Record<string, TableFingerprint> = {};
  for (const table of await tableNames(handle)) {
    const [row] = await query<{ rows: number | string; hash: string | null }>(
      handle,
      `SELECT count(*) AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), ''))
       AS hash FROM "${table}" t`,
    );
    out[table] = { rows: Number(row?.rows ?? 0), hash: row?.hash ?? '' };
  }
  return out;
}

/**
 * Every row that belongs to one organization (directly by org_id, or through its parent), per
 * table. A new table must say how it belongs to an organization, or be listed as global.
 */
export async function organizationFingerprint(
  handle: DatabaseHandle,
  orgId: number,
): Promise<Record<string, TableFingerprint>> {
  const withOrgId = new Set(
    (
      await query<{ table_name: string }>(
        handle,
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = 'public' AND column_name = 'org_id'`,
      )
    ).map((r) => r.table_name),
  );
  const out: Record<string, TableFingerprint> = {};
  for (const table of await tableNames(handle)) {
    if (GLOBAL_TABLES.has(table)) continue;
    const source =
      INDIRECT_ORG[table] ??
      (withOrgId.has(table) ? `SELECT t.org_id, t::text AS row FROM "${table}" t` : undefined);
    expect(source, `table ${table}: how does it belong to an organization?`).toBeDefined();
    const [row] = await query<{ rows: number | string; hash: string | null }>(
      handle,
      `SELECT count(*) AS rows, md5(coalesce(string_agg(x.row, E'\\n' ORDER BY x.row), '')) AS hash
       FROM (${source}) x WHERE x.org_id = ${Number(orgId)}`,
    );
    out[table] = { rows: Number(row?.rows ?? 0), hash: row?.hash ?? '' };
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(
  before: Record<string, TableFingerprint>,
  after: Record<string, TableFingerprint>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .sort();
}
