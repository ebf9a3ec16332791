/**
 * `npm run test:postgres`: the server's test suite against a real PostgreSQL (Debian's package).
 *
 *   a throw-away cluster (scripts/pg-cluster.ts: Debian's binaries, initdb in a temporary folder,
 *   started on 127.0.0.1 at a free port, one database; here without durability)
 *   → `npx vitest run server` with TEST_DATABASE_URL and DATABASE_URL set
 *   → always: pg_ctl stop -m fast, remove the folder (also on failure and Ctrl-C)
 *
 * As root the cluster runs as the unprivileged `postgres` user (PG_OS_USER overrides). Arguments are
 * vitest filters instead of `server` (`npm run test:postgres -- server/alerts/alerts.test.ts`). Exits with
 * vitest's code and ends with one summary line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './pg-cluster';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

function fail(message: string): never {
  console.error(`test:postgres: ${message}`);
  process.exit(1);
}

let stopCluster: (() => void) | null = null;
/** Stops the cluster and removes its folder; synchronous so it also runs on the way out. */
function cleanUp(): void {
  stopCluster?.();
}

let vitest: ChildProcess | null = null;
let interrupted: NodeJS.Signals | null = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interrupted = signal;
    // vitest runs in a process group of its own (npx, vitest and its workers): end all of it; the
    // main flow then cleans up once it has exited. Before vitest started: clean up now.
    if (vitest?.pid && vitest.exitCode === null && vitest.signalCode === null) {
      try {
        process.kill(-vitest.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    } else {
      cleanUp();
      process.exit(130);
    }
  });
}

async function main(): Promise<number> {
  const t0 = Date.now();
  // A throw-away cluster: no durability needed. Test files run in parallel and each test app has
  // its own database and connection pool, hence max_connections.
  const cluster = await startCluster({
    database: 'portal_test',
    settings: [
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
      'max_connections=300',
      'shared_buffers=64MB',
    ],
    onStoppable: (stop) => (stopCluster = stop),
  });
  const pgVersion = cluster.version || '?';
  const { url } = cluster;
  const clusterTime = seconds(t0);
  console.log(`test:postgres: PostgreSQL ${pgVersion} ready at ${url} (${clusterTime})`);

  // Beside the cluster's data, removed with it.
  const report = join(cluster.dataDir, '..', 'vitest.json');
  const filters = process.argv.slice(2);
  const code = await new Promise<number>((resolve) => {
    vitest = spawn(
      'npx',
      [
        'vitest',
        'run',
        ...(filters.length ? filters : ['server']),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      {
        cwd: ROOT,
        // Its own process group, so one signal ends npx, vitest and the workers; no stdin, which a
        // background group may not touch.
        detached: true,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: url },
      },
    );
    vitest.on('error', () => resolve(1));
    vitest.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 130 : 1)));
  });

  let counts = 'no test report';
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as Record<string, number>;
    counts = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`;
  }
  cleanUp();
  console.log(
    `test:postgres: ${counts} on PostgreSQL ${pgVersion} in ${seconds(started)} ` +
      `(cluster ${clusterTime})${interrupted ? `, interrupted (${interrupted})` : ''}`,
  );
  return interrupted ? 130 : code;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    cleanUp();
    fail(error.message);
  },
);
