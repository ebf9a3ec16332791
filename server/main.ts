/**
 * Starts the reference API server: `node --import tsx server/main.ts`.
 * Environment: PORT (8080), HOST (0.0.0.0), DATA_DIR (.data/), DATABASE_URL (Postgres instead of
 * PGlite), NODE_ENV, PUBLIC_URL (base of e-mailed links), STATIC_DIR (dist/), TRUST_PROXY=1,
 * SENTRY_DSN and CSP_CONNECT_ORIGINS (extra Content-Security-Policy sources, server/README.md).
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db';
import { prepareDatabase } from './bootstrap';
import { BackgroundTasks, describeError } from './background';
import { DEMO_SIGN_INS } from './seed';
import { runHousekeeping } from './housekeeping';
import { cspOptionsFromEnv, type CspOptions } from './security-headers';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

const started = performance.now();
const env = process.env;
const production = env.NODE_ENV === 'production';
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(env.DATA_DIR ?? '.data/');
const staticDir = path.resolve(env.STATIC_DIR ?? 'dist');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  process.exit(1);
}
let contentSecurity: CspOptions;
try {
  contentSecurity = cspOptionsFromEnv(env);
} catch (error) {
  console.error(`[config] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (production && !env.PUBLIC_URL) {
  console.error(
    '[config] PUBLIC_URL is not set: password reset e-mails cannot contain links in production.',
  );
}

let ready = false;
let stopping = false;
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
let url = `http://${shownHost}:${port}`;
const tasks = new BackgroundTasks();
const handle = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir },
);

const app = createApp({
  db: handle.db,
  production,
  publicUrl: env.PUBLIC_URL || undefined,
  staticDir,
  isReady: () => ready,
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  tasks,
  warmUpPasswords: true,
  contentSecurity,
});

// Listen before migrating and seeding, so /api/health answers 503 meanwhile.
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  url = `http://${shownHost}:${info.port}`;
  if (!ready) console.log(`Listening on ${url} (health answers 503 until the database is ready)`);
});
server.on('error', (error) => {
  console.error(`[server] cannot listen on ${host}:${port}:`, describeError(error));
  void shutdown('listen error', 1);
});

async function shutdown(reason: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`Shutting down (${reason})…`);
  const force = setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Idle keep-alive connections would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await tasks.idle();
  // PGlite must be closed to leave its files consistent.
  await handle.close();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const { applied, seeded } = await prepareDatabase(handle);
  ready = true;
  const housekeeping = () =>
    tasks.run('housekeeping', () => runHousekeeping(handle.db, new Date()));
  housekeeping();
  setInterval(housekeeping, HOUSEKEEPING_INTERVAL_MS).unref();

  const where = handle.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const migrations = applied.length ? applied.join(', ') : 'none';
  console.log(
    `Database: ${where}; migrations applied now: ${migrations}; seeded: ${seeded ? 'yes' : 'no (kept existing data)'}`,
  );
  const mode = production ? 'production' : 'development';
  console.log(
    `Admin portal ready at ${url} (${mode}) in ${Math.round(performance.now() - started)} ms`,
  );
  if (!production) {
    console.log('Demo sign-ins:');
    for (const d of DEMO_SIGN_INS) {
      console.log(
        `  ${d.org.padEnd(8)} ${d.email.padEnd(24)} ${(d.password ?? '(SSO)').padEnd(16)} ${d.note}`,
      );
    }
    console.log(`Development mailbox: ${url}/api/dev/outbox`);
  }
} catch (error) {
  console.error('[startup] could not prepare the database:', describeError(error));
  await shutdown('startup failure', 1);
}
