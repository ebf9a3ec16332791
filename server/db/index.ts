/**
 * Opens the portal's database: PGlite (embedded Postgres, data in `dataDir`, `memory://` for tests)
 * or a real Postgres through node-postgres when a `databaseUrl` is given. Both share one schema and
 * one set of SQL migrations.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { MigrationRunner } from './migrate';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Whether `db` is the embedded PGlite (one transaction at a time) rather than a PostgreSQL pool. */
export function isPglite(db: Database): boolean {
  return db instanceof PgliteDatabase;
}

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
  /**
   * LISTENs on `channel` until the returned function is called: `onNotify` gets each payload
   * NOTIFYed after a commit. PGlite delivers its own NOTIFYs in-process; on Postgres a connection
   * of its own listens (so NOTIFYs of every process sharing the database arrive), and when it is
   * lost it reconnects and calls `onGap`: notifications sent meanwhile were missed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onGap?(): void;
}

/** Our own channel names only (LISTEN takes an identifier, not a parameter). */
function channelIdent(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unexpected channel name ${channel}`);
  return `"${channel}"`;
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
    async listen(channel, handlers) {
      channelIdent(channel);
      return client.listen(channel, (payload) => handlers.onNotify(payload));
    },
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
  const listeners = new Set<() => Promise<void>>();
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
    async listen(channel, handlers) {
      const stop = await listenOnPostgres(
        connectionString,
        channelIdent(channel),
        channel,
        handlers,
      );
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** After a lost LISTEN connection, the next attempt waits this long (then doubles, up to 30 s). */
const LISTEN_RETRY_MS = 500;

/**
 * A connection outside the pool that only LISTENs (a pooled one would be handed to queries and
 * lose its LISTEN on release). Resolves once the first LISTEN is in place, so a caller that then
 * reads the table misses nothing committed after that read.
 */
async function listenOnPostgres(
  connectionString: string,
  ident: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = LISTEN_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.onNotify(m.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${ident}`);
    client = c;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = LISTEN_RETRY_MS;
          handlers.onGap?.();
        },
        (error: unknown) => {
          console.error('[db] LISTEN reconnect failed:', (error as Error).message);
          retryMs = Math.min(retryMs * 2, 30_000);
          if (!stopped) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
