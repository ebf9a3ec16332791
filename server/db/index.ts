/**
 * Opens the portal's database: PGlite (embedded Postgres, data in `dataDir`, `memory://` for tests)
 * or a real Postgres through node-postgres when a `databaseUrl` is given. Both share one schema and
 * one set of SQL migrations.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { MigrationRunner } from './migrate';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabaseOptions {
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir?: string;
  /** A Postgres connection string; when set, `dataDir` is ignored. */
  databaseUrl?: string;
}

export interface DatabaseHandle {
  db: Database;
  /** Which engine backs `db`. */
  kind: 'pglite' | 'postgres';
  /** Runs SQL text (several statements allowed) inside one transaction: for the migrator only. */
  runner: MigrationRunner;
  /**
   * Runs `work` holding the session-level advisory lock `key`, so of several processes sharing
   * one Postgres only one at a time runs it (start-up: migrate and seed). PGlite belongs to one
   * process: `work` just runs.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(dataDir));
}

/** A handle over an existing PGlite instance (tests load one from a prepared template). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    runner: {
      transaction: (work) =>
        client.transaction((tx) =>
          work({
            exec: async (text) => {
              await tx.exec(text);
            },
            query: async <R>(text: string, params: unknown[] = []) =>
              (await tx.query<R>(text, params)).rows,
          }),
        ),
    },
    withLock: (_key, work) => work(),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    runner: {
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work({
            exec: async (text) => {
              await client.query(text);
            },
            query: async <R>(text: string, params: unknown[] = []) =>
              (await client.query(text, params)).rows as R[],
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    },
    async withLock(key, work) {
      // A connection of its own holds the lock while `work` uses the rest of the pool.
      const client = await pool.connect();
      let locked = false;
      let unlocked = false;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        locked = true;
        return await work();
      } finally {
        if (locked) {
          unlocked = await client.query('SELECT pg_advisory_unlock($1)', [key]).then(
            () => true,
            () => false,
          );
        }
        // A connection that failed, or may still hold the lock, is closed (which releases it).
        client.release(!unlocked);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
