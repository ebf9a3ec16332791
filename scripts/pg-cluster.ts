/**
 * A throw-away PostgreSQL cluster, for `npm run test:postgres` (scripts/test-postgres.ts) and the
 * benches (scripts/bench-scans-postgres.ts): Debian's binaries (PG_BIN, else the newest
 * /usr/lib/postgresql/<major>/bin), initdb in a temporary folder (trust authentication, user
 * `portal`, collation C like PGlite), started on 127.0.0.1 at a free port, one database. As root
 * the cluster runs as the `postgres` user (PG_OS_USER overrides): initdb refuses root.
 *
 * Durable by default (fsync and synchronous_commit on, as a deployment runs): a bench figure must
 * not depend on skipped flushes; the tests pass settings that turn that off. `stop()` is
 * synchronous so it also runs on the way out (exit, Ctrl-C).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  url: string;
  /** The cluster's data folder (its postmaster.pid names the server's process). */
  dataDir: string;
  version: string;
  stop(): void;
}

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'initdb'))) throw new Error(`PG_BIN=${fromEnv} has no initdb.`);
    return fromEnv;
  }
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new Error(
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
    throw new Error(
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

export interface ClusterOptions {
  /** The one database created (default `portal_bench`). */
  database?: string;
  /** Extra `-c name=value` server settings (later ones win over the defaults). */
  settings?: string[];
  /** Called as soon as there is something to stop: a signal during the start can clean up. */
  onStoppable?: (stop: () => void) => void;
}

/** Starts the cluster (initdb, pg_ctl start, createdb); its URL names the one database. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const { database = 'portal_bench', settings = [], onStoppable } = options;
  const bin = findBinDir();
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const command = (tool: string, args: string[]): [string, string[]] => {
    const exe = join(bin, tool);
    return user ? ['runuser', ['-u', user.name, '--', exe, ...args]] : [exe, args];
  };
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = command(tool, args);
      // cwd: the cluster's user may not be allowed into the repository folder.
      const child = spawn(cmd, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}):\n${output}`)),
      );
    });
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started && existsSync(join(data, 'postmaster.pid'))) {
      const [cmd, argv] = command('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      const result = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) console.error(`pg_ctl stop failed:\n${result.stderr}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  onStoppable?.(stop);
  try {
    await run('initdb', [
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
    const serverOptions = [
      `-h 127.0.0.1 -p ${port} -k '${dir}'`,
      '-c max_connections=100 -c shared_buffers=128MB',
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ');
    started = true;
    await run('pg_ctl', [
      'start',
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
    ]).catch((error: Error) => {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20) : [];
      throw new Error(`${error.message}\n${tail.join('\n')}`);
    });
    await run('createdb', ['-h', '127.0.0.1', '-p', `${port}`, '-U', 'portal', database]);
    const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' })
      .stdout.trim()
      .replace(/^postgres \(PostgreSQL\) /, '');
    return {
      url: `postgres://portal@127.0.0.1:${port}/${database}`,
      dataDir: data,
      version,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
