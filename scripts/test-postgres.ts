/**
 * `npm run test:postgres`: the server's test suite against a real PostgreSQL (Debian's package).
 *
 *   find the binaries (PG_BIN, else the newest /usr/lib/postgresql/<major>/bin)
 *   → initdb a throw-away cluster in a temporary folder (trust authentication, user `portal`)
 *   → start it on 127.0.0.1, a free port, its socket in the temporary folder → pg_isready
 *   → create a database → `npx vitest run server` with TEST_DATABASE_URL and DATABASE_URL set
 *   → always: pg_ctl stop -m fast, remove the folder (also on failure and Ctrl-C)
 *
 * initdb and postgres refuse to run as root: as root they run as the unprivileged `postgres` user
 * the Debian package creates (PG_OS_USER overrides), otherwise as the current user. Arguments are
 * vitest filters instead of `server` (`npm run test:postgres -- server/alerts/alerts.test.ts`). Exits with
 * vitest's code and ends with one summary line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

function fail(message: string): never {
  console.error(`test:postgres: ${message}`);
  process.exit(1);
}

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'initdb'))) fail(`PG_BIN=${fromEnv} has no initdb.`);
    return fromEnv;
  }
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    fail(
      'no PostgreSQL found in /usr/lib/postgresql/*/bin. Install it with ' +
        '`apt-get install -y postgresql` (Debian), or set PG_BIN to a folder holding initdb.',
    );
  }
  return join(base, majors[0]!, 'bin');
}

/** As root, the OS user that owns and runs the cluster; null when we are not root. */
function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const name = process.env.PG_OS_USER ?? 'postgres';
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    fail(
      `running as root, and initdb refuses root: there is no user "${name}" to run it as ` +
        '(`apt-get install -y postgresql` creates it; PG_OS_USER names another).',
    );
  }
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const bin = findBinDir();
const user = clusterUser();
const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
if (user) chownSync(dir, user.uid, user.gid);
const data = join(dir, 'data');
const log = join(dir, 'postgres.log');

/** A PostgreSQL binary's command line, run as the cluster's user when we are root. */
function pgCommand(tool: string, args: string[]): [string, string[]] {
  const exe = join(bin, tool);
  return user ? ['runuser', ['-u', user.name, '--', exe, ...args]] : [exe, args];
}

/** Runs a PostgreSQL tool to its end; its output is shown only when it fails. */
function pg(tool: string, args: string[]): Promise<void> {
  const [command, argv] = pgCommand(tool, args);
  return new Promise((resolve, reject) => {
    // cwd: the cluster's user may not be allowed into the repository folder.
    const child = spawn(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} ${args[0] ?? ''} failed (${signal ?? code}):\n${output}`));
    });
  });
}

let clusterStarted = false;
let cleanedUp = false;
/** Stops the cluster and removes the folder; synchronous so it also runs on the way out. */
function cleanUp(): void {
  if (cleanedUp) return;
  cleanedUp = true;
  if (clusterStarted && existsSync(join(data, 'postmaster.pid'))) {
    const [command, argv] = pgCommand('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
    const stop = spawnSync(command, argv, { cwd: dir, encoding: 'utf8' });
    if (stop.status !== 0) console.error(`test:postgres: pg_ctl stop failed:\n${stop.stderr}`);
  }
  rmSync(dir, { recursive: true, force: true });
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
  const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  const pgVersion = version.stdout.trim().replace(/^postgres \(PostgreSQL\) /, '') || '?';

  const t0 = Date.now();
  // Collation C and character type C.UTF-8, UTF-8: what PGlite uses, on every machine.
  await pg('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'portal',
    '-E',
    'UTF8',
    '--lc-collate=C',
    '--lc-ctype=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  // A throw-away cluster: no durability needed. Test files run in parallel and each test app has
  // its own database and connection pool, hence max_connections.
  const options = [
    `-h 127.0.0.1 -p ${port} -k '${dir}'`,
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    '-c max_connections=300 -c shared_buffers=64MB',
  ].join(' ');
  clusterStarted = true;
  await pg('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]).catch(
    (error: Error) => {
      const tail = existsSync(log)
        ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
        : '';
      throw new Error(`${error.message}\n${tail}`);
    },
  );
  const ready = Date.now() + 30_000;
  for (;;) {
    const check = spawnSync(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', `${port}`]);
    if (check.status === 0) break;
    if (Date.now() > ready) throw new Error('PostgreSQL did not become ready within 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await pg('createdb', ['-h', '127.0.0.1', '-p', `${port}`, '-U', 'portal', 'portal_test']);
  const url = `postgres://portal@127.0.0.1:${port}/portal_test`;
  const clusterTime = seconds(t0);
  console.log(`test:postgres: PostgreSQL ${pgVersion} ready at ${url} (${clusterTime})`);

  const report = join(dir, 'vitest.json');
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
