/**
 * Starts the reference API server: `node --import tsx server/main.ts`.
 * Environment: PORT (8080), HOST (127.0.0.1 in development, 0.0.0.0 in production), DATA_DIR
 * (.data/), DATABASE_URL (Postgres instead of PGlite), NODE_ENV, PUBLIC_URL (base of e-mailed
 * links), STATIC_DIR (dist/), TRUST_PROXY=1, SEED_DEMO (development: 0 to start without the demo
 * organizations), SESSION_IDLE_MINUTES (30), DEV_PORTAL_ORIGIN (the Vite dev server, set by
 * `npm run dev`), SENTRY_DSN, CSP_CONNECT_ORIGINS, SMTP_URL and MAIL_FROM (e-mail),
 * DELIVERY_RETRY_SCHEDULE (seconds between attempts of e-mails and webhook deliveries), STRIPE_*
 * (server/README.md, "Running it", "Stripe").
 */
import { createApp } from './app';
import { serveApp } from './http/http-server';
import { openDatabase } from './db';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { loopbackOrigins } from './http/public-url';
import { prepareDatabase } from './bootstrap';
import { BackgroundTasks, describeError } from './system/background';
import { DEMO_SIGN_INS } from './seed/seed';
import { scheduleHousekeeping } from './system/jobs';
import { schedulePolicyEvaluation, scheduleScanReminders } from './policies/jobs';
import { scheduleRetention } from './audit/retention';
import { ConfigError, readServerConfig, type ServerConfig } from './config';
import { JobQueue } from './queue/queue';
import { SmtpMailer } from './mail/smtp-mailer';
import { notReady, type NodeMount } from './http/node-mount';
import { DEV_IDP_PATH } from './oidc/redirect-url';
import type { DevProvider } from './oidc/dev-provider';
import { NoticeHub } from './events/hub';

const started = performance.now();
const fail = (line: string): never => {
  console.error(`[config] ${line}`);
  process.exit(1);
};
let config: ServerConfig;
try {
  config = readServerConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const { production, port, host, dataDir, seedDemo, sessionIdleMs } = config;
for (const warning of config.warnings) console.warn(`[config] ${warning}`);

let ready = false;
let stopping = false;
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
let url = `http://${shownHost}:${port}`;
const tasks = new BackgroundTasks();
let releaseDataDir = () => {};
if (!config.databaseUrl) {
  try {
    releaseDataDir = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }
}
const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir },
);
// Where this server is reached in development (links are built only for these): loopback names
// with its port (filled in once it listens: PORT=0 picks one) and the Vite dev server's origin.
const ownOrigins: string[] = [];
const fillOwnOrigins = (actualPort: number) => {
  ownOrigins.splice(
    0,
    ownOrigins.length,
    ...config.devPortalOrigins,
    ...loopbackOrigins(actualPort),
  );
};
fillOwnOrigins(port);

// Every e-mail and webhook delivery is a job; this process's workers start once the database is
// ready (several processes on one Postgres share the queue: server/queue/queue.ts).
const queue = new JobQueue(handle.db, { retrySchedule: config.retrySchedule });
const mailer = config.mail.smtpUrl
  ? new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
  : undefined;

// Change notices for open consoles (server/events/): one LISTEN of this process, started by the
// first event stream; on PostgreSQL it hears the changes of every process sharing the database.
const notices = new NoticeHub(handle.listen);

const app = createApp({
  db: handle.db,
  notices,
  queue,
  mailer,
  mailFromDomain: config.mail.fromDomain,
  retrySchedule: config.retrySchedule,
  production,
  publicUrl: config.publicUrl,
  staticDir: config.staticDir,
  isReady: () => ready,
  trustProxy: config.trustProxy,
  tasks,
  warmUpPasswords: true,
  contentSecurity: config.contentSecurity,
  ownOrigins,
  sessionIdleMs,
  stripe: config.stripe,
  apiRateLimit: config.apiRateLimit,
});

// The development OpenID Provider (never in production): served in front of the app at
// /api/dev/idp once the database is ready (http/node-mount.ts says why not through the app).
let devProvider: DevProvider | null = null;
const mounts: NodeMount[] = production
  ? []
  : [
      {
        prefix: DEV_IDP_PATH,
        handle: (req, res) => (devProvider ? devProvider.handle(req, res) : notReady(res)),
      },
    ];

// Listen before migrating and seeding, so /api/health answers 503 meanwhile.
const server = serveApp(app, { port, hostname: host, mounts }, (info) => {
  url = `http://${shownHost}:${info.port}`;
  fillOwnOrigins(info.port);
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
  // Open event streams end first: server.close() waits for every open response.
  await notices.close();
  await new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Idle keep-alive connections would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await tasks.idle();
  // Running jobs end first (a job cut off here is retried after its lease: never lost).
  await queue.stop();
  await mailer?.close();
  // PGlite must be closed to leave its files consistent.
  await handle.close();
  releaseDataDir();
  process.exit(code);
}

// Migrating PGlite keeps the event loop busy: wait until the port is open (and its number known,
// with PORT=0) before starting, so the listening message and the URL are right.
if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const { applied, seeded } = await prepareDatabase(handle, { seedDemo });
  if (!production) {
    // Imported here only: production never loads oidc-provider.
    const { startDevProvider } = await import('./oidc/dev-provider');
    const serverOrigin = `http://localhost:${(server.address() as { port: number }).port}`;
    devProvider = await startDevProvider({
      db: handle.db,
      serverOrigin,
      publicUrl: config.publicUrl,
      origins: () => [...(config.publicUrl ? [config.publicUrl] : []), ...ownOrigins],
      logger: console,
    });
  }
  ready = true;
  // Housekeeping is a recurring job (server/system/jobs.ts): this start queues a run now, merged
  // into the one queued row however many processes share the database; each run queues the next.
  await scheduleHousekeeping(queue, handle.db);
  // The audit log's retention is a recurring job too (server/audit/retention.ts).
  await scheduleRetention(queue, handle.db);
  // Conditional access's time-based rules and the scan reminders (server/policies/jobs.ts).
  await schedulePolicyEvaluation(queue, handle.db);
  await scheduleScanReminders(queue, handle.db);
  queue.start();

  const where = handle.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const migrations = applied.length ? applied.join(', ') : 'none';
  const seedNote = seeded
    ? 'demo data seeded'
    : seedDemo
      ? 'no demo data added (kept existing data)'
      : production
        ? 'no demo data (production)'
        : 'no demo data (SEED_DEMO=0)';
  console.log(`Database: ${where}; migrations applied now: ${migrations}; ${seedNote}`);
  const mode = production ? 'production' : 'development';
  console.log(
    `Admin portal ready at ${url} (${mode}) in ${Math.round(performance.now() - started)} ms`,
  );
  if (seedDemo) {
    console.log('Demo sign-ins:');
    for (const d of DEMO_SIGN_INS) {
      console.log(
        `  ${d.org.padEnd(8)} ${d.email.padEnd(24)} ${(d.password ?? '(SSO)').padEnd(16)} ${d.note}`,
      );
    }
  }
  // Which card processor runs; never a key (docs/decisions/040-stripe.md).
  console.log(
    config.stripe
      ? `Billing: Stripe (${/_live_/.test(config.stripe.secretKey) ? 'live' : 'test'} mode); events at ${url}/api/stripe/webhook`
      : 'Billing: the built-in test processor (no STRIPE_SECRET_KEY)',
  );
  if (config.mail.smtpUrl) {
    // The host only: SMTP_URL may hold a password.
    console.log(`E-mail: SMTP via ${new URL(config.mail.smtpUrl).host}, from ${config.mail.from}`);
  } else if (!production) {
    console.log(`Development mailbox: ${url}/api/dev/outbox (set SMTP_URL to send real e-mail)`);
  }
  if (!production) {
    console.log(`Development OpenID Provider: ${devProvider?.issuer}`);
  }
} catch (error) {
  console.error('[startup] could not prepare the database:', describeError(error));
  await shutdown('startup failure', 1);
}
