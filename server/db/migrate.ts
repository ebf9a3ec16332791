/**
 * A tiny migrator: applies server/db/migrations/NNNN_name.sql in file-name order, each in its own
 * transaction, and records it in `schema_migrations`. An advisory lock keeps several server
 * processes starting against one Postgres from applying the same file twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface MigrationExecutor {
  exec(text: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface MigrationRunner {
  transaction<T>(work: (q: MigrationExecutor) => Promise<T>): Promise<T>;
}

export interface Migration {
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Arbitrary constant key for pg_advisory_xact_lock. */
const MIGRATION_LOCK_KEY = 72_431_001;

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(
  runner: MigrationRunner,
  migrations: Migration[] = loadMigrations(),
): Promise<string[]> {
  await runner.transaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await runner.transaction(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const rows = await q.query<{ name: string }>(
        'SELECT name FROM schema_migrations WHERE name = $1',
        [migration.name],
      );
      if (rows.length > 0) return false;
      await q.exec(migration.sql);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
