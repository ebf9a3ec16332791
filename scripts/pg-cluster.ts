/**
 * A throw-away PostgreSQL cluster for the benches (as `npm run test:postgres` starts one for the
 * tests, scripts/test-postgres.ts): Debian's binaries (PG_BIN, else the newest
 * /usr/lib/postgresql/<major>/bin), initdb in a temporary folder (trust authentication, user
 * `portal`, collation C like PGlite), started on 127.0.0.1 at a free port, one database. As root
 * the cluster runs as the `postgres` user (PG_OS_USER overrides): initdb refuses root.
 *
 * Unlike the tests' cluster this one is durable by default (fsync and synchronous_commit on, as
 * a deployment runs): a bench figure must not depend on skipped flushes. `stop()` is synchronous
 * so it also runs on the way out (exit, Ctrl-C).
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
  if (fromEnv) return fromEnv;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) throw new Error('no PostgreSQL in /usr/lib/postgresql/*/bin (PG_BIN)');
  return join(base, majors[0]!, 'bin');
}

function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const name = process.env.PG_OS_USER ?? 'postgres';
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`running as root: no user "${name}"`);
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

/** Starts the cluster; `settings` are extra `-c name=value` server settings. */
export async function startCluster(settings: string[] = []): Promise<Cluster> {
  const bin = findBinDir();
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
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
      spawnSync(cmd, argv, { cwd: dir });
    }
    rmSync(dir, { recursive: true, force: true });
  };
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
    const options = [
      `-h 127.0.0.1 -p ${port} -k '${dir}'`,
      '-c max_connections=100 -c shared_buffers=128MB',
      ...settings.map((s) => `-c ${s}`),
    ].join(' ');
    started = true;
    await run('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]).catch(
      (error: Error) => {
        const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20) : [];
        throw new Error(`${error.message}\n${tail.join('\n')}`);
      },
    );
    await run('createdb', ['-h', '127.0.0.1', '-p', `${port}`, '-U', 'portal', 'portal_bench']);
    const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' })
      .stdout.trim()
      .replace(/^postgres \(PostgreSQL\) /, '');
    return {
      url: `postgres://portal@127.0.0.1:${port}/portal_bench`,
      dataDir: data,
      version,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
