/**
 * Test harness (not a test file): a fresh database per test app (in-memory PGlite, or a database
 * of its own on the PostgreSQL of TEST_DATABASE_URL), migrated and empty, with cheap scrypt and a
 * clock. Tests make their data with ./factories.ts; only the tests of server/seed/ ask for the
 * demo data (`createTestApp({ seed: 'demo' })`).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createApp } from '../app';
import { openDatabase, wrapPglite, type DatabaseHandle } from '../db';
import { prepareDatabase } from '../bootstrap';
import { loadMigrations } from '../db/migrate';
import { BackgroundTasks } from '../system/background';
import { JobQueue } from '../queue/queue';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import type { AppDeps, Logger } from '../deps';
import { NoticeHub } from '../events/hub';

export class TestClock {
  current = new Date('2030-01-15T09:00:00.000Z');
  now = () => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * A minimal built portal (index.html, one hashed asset, the favicon) in a new temporary
 * directory, for tests of static serving; `remove` deletes it.
 */
export function makeStaticFixture(prefix: string): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push =
    (level: string) =>
    (message: string, ...details: unknown[]) => {
      lines.push(
        [level, message, ...details.map((d) => (d instanceof Error ? d.stack : String(d)))].join(
          ' ',
        ),
      );
    };
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/**
 * `db` whose next `times` uses of `method` fail as a lost PostgreSQL deadlock does: Drizzle's
 * "Failed query" error (with the parameters Drizzle would print) caused by the driver's, SQLSTATE
 * 40P01 (server/db/conflicts.ts). Every other use, and every later one, reaches `db`.
 */
export function deadlockingDatabase<D extends object>(
  db: D,
  method: 'transaction' | 'select',
  times = 1,
): D {
  let left = times;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === method && left > 0) {
        left -= 1;
        return () => {
          throw new Error('Failed query: select 1\nparams: secret-hash-value', {
            cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
          });
        };
      }
      return Reflect.get(target, prop);
    },
  });
}

interface RequestOptions {
  json?: unknown;
  /** Sent as is (for malformed bodies). */
  rawBody?: string;
  cookie?: string | null;
  headers?: Record<string, string>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '../..');
const ALIASES: Record<string, string> = { '@domain/': 'domain/', '@contract/': 'contract/' };

/**
 * The repository's source files `entries` run, following their imports (relative and
 * `@domain/`, `@contract/`): what the demo seed's rows depend on.
 */
function sourceClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s+'([^']+)'/g)) {
      if (!spec) continue;
      const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
      const base = alias
        ? path.join(ROOT, ALIASES[alias]!, spec.slice(alias.length))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (!base) continue;
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => existsSync(f));
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen].sort();
}

/** The demo seed's own files: every non-test file of server/seed/. */
function seedFiles(): string[] {
  const dir = path.join(HERE, '../seed');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));
}

type TemplateKind = 'migrated' | 'demo';

/**
 * Changes whenever the template database would: the migrations and the PGlite version; for the
 * demo template also the seed's files and every source file they import (path and content), and
 * the scrypt parameters its password hash is made with.
 */
function templateKey(kind: TemplateKind): string {
  const hash = createHash('sha256')
    .update(kind)
    .update(JSON.stringify(loadMigrations()))
    .update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  if (kind === 'demo') {
    for (const file of sourceClosure(seedFiles())) {
      hash.update(path.relative(ROOT, file)).update(readFileSync(file));
    }
    hash.update(JSON.stringify(TEST_SCRYPT_PARAMS));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A test database; on PostgreSQL also its URL, so a test can open a second pool on it (a "second process"). */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

export interface TestDatabaseOptions {
  /** 'demo': with the demo organizations (only the tests of server/seed/). Default: none. */
  seed?: 'demo';
}

const prepareTemplate = (handle: DatabaseHandle, kind: TemplateKind) =>
  prepareDatabase(handle, { scrypt: TEST_SCRYPT_PARAMS, seedDemo: kind === 'demo' });

/**
 * A fresh, migrated database of its own, empty or (`seed: 'demo'`) with the demo data. With
 * TEST_DATABASE_URL, a new database on that PostgreSQL (see `openPostgresTestDatabase`).
 * Otherwise an in-memory PGlite: creating one runs initdb, which takes seconds; so the first call
 * dumps a prepared template into the OS temp folder (keyed by what decides its content:
 * `templateKey`) and every later call, in any test file, loads it.
 */
export async function openTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<TestDatabaseHandle> {
  const kind: TemplateKind = options.seed === 'demo' ? 'demo' : 'migrated';
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openPostgresTestDatabase(url, kind);
  const prefix = `portal-server-test-db-${kind}-`;
  const file = path.join(os.tmpdir(), `${prefix}${templateKey(kind)}.tar`);
  if (existsSync(file)) {
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) }));
  }
  const client = await PGlite.create('memory://');
  const handle = wrapPglite(client);
  await prepareTemplate(handle, kind);
  const dump = await client.dumpDataDir('none');
  // Write then rename: test files running in parallel never read half a template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of earlier migrations or seeds are of no use any more.
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(prefix) && name.endsWith('.tar') && path.join(os.tmpdir(), name) !== file) {
      rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }
  return handle;
}

/** Key of the session advisory lock under which one test process builds the template database. */
const TEMPLATE_LOCK_KEY = 72_431_900;
let adminPool: pg.Pool | undefined;
const postgresTemplates = new Map<TemplateKind, Promise<string>>();

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Our generated database names only; never user input. */
function ident(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

/**
 * The template `portal_template_<key>` of a kind (migrated, or with the demo data) on the
 * PostgreSQL of `url`, built once for all test processes: the first takes an advisory lock and builds it, the others wait for the
 * lock and find it. `IS_TEMPLATE true` marks it complete (a run interrupted while building leaves
 * an unmarked one, which the next run rebuilds). No connection to it stays open: CREATE DATABASE …
 * TEMPLATE refuses a template that has one.
 */
async function buildPostgresTemplate(
  url: string,
  admin: pg.Pool,
  kind: TemplateKind,
): Promise<string> {
  const name = `portal_template_${templateKey(kind)}`;
  // Both current templates stay; any other is of an earlier migration or seed.
  const current = (['migrated', 'demo'] as const).map((k) => `portal_template_${templateKey(k)}`);
  const client = await admin.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await client.query<{ datistemplate: boolean }>(
        'SELECT datistemplate FROM pg_database WHERE datname = $1',
        [name],
      );
      if (found.rows[0]?.datistemplate) return name;
      await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${ident(name)}`);
      const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
      try {
        await prepareTemplate(handle, kind);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${ident(name)} IS_TEMPLATE true`);
      // Templates of earlier migrations or seeds are of no use any more.
      const stale = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'portal\\_template\\_%' AND NOT datname = ANY($1)`,
        [current],
      );
      for (const { datname } of stale.rows) {
        await client
          .query(`ALTER DATABASE ${ident(datname)} IS_TEMPLATE false`)
          .then(() => client.query(`DROP DATABASE ${ident(datname)}`))
          .catch(() => undefined);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * A database of its own on the PostgreSQL of `url` (TEST_DATABASE_URL): a copy of the template
 * (`CREATE DATABASE test_<random> TEMPLATE portal_template_<key>`, ~0.1 s), dropped on close.
 */
async function openPostgresTestDatabase(
  url: string,
  kind: TemplateKind,
): Promise<TestDatabaseHandle> {
  adminPool ??= new pg.Pool({ connectionString: url, max: 3, allowExitOnIdle: true });
  const admin = adminPool;
  if (!postgresTemplates.has(kind)) {
    postgresTemplates.set(kind, buildPostgresTemplate(url, admin, kind));
  }
  const template = await postgresTemplates.get(kind)!;
  return openPostgresDatabaseOfItsOwn(url, admin, `TEMPLATE ${ident(template)}`);
}

/** `CREATE DATABASE test_<random> <options>` on the PostgreSQL of `url`, dropped on close. */
async function openPostgresDatabaseOfItsOwn(
  url: string,
  admin: pg.Pool,
  options: string,
): Promise<TestDatabaseHandle> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${ident(name)} ${options}`);
  const databaseUrl = withDatabase(url, name);
  const handle = await openDatabase({ databaseUrl });
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    url: databaseUrl,
    close() {
      closing ??= handle
        .close()
        .then(() => admin.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`))
        .then(() => undefined);
      return closing;
    },
  };
}

/**
 * An empty database, not migrated and not seeded: for tests of the migrations themselves (the
 * schema-drift test), which must not depend on the seed (a seed written for a changed schema.ts
 * would fail before the migrations are even compared). With TEST_DATABASE_URL a new database on
 * that PostgreSQL, dropped on close; otherwise an in-memory PGlite, whose freshly initialised
 * cluster is dumped once into the OS temp folder (keyed by the PGlite version) and loaded from
 * there by later calls, like the seeded template above.
 */
export async function openEmptyTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    adminPool ??= new pg.Pool({ connectionString: url, max: 3, allowExitOnIdle: true });
    return openPostgresDatabaseOfItsOwn(url, adminPool, 'TEMPLATE template0');
  }
  const key = createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `portal-server-empty-db-${key}.tar`);
  if (existsSync(file)) {
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) }));
  }
  const client = await PGlite.create('memory://');
  const dump = await client.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return wrapPglite(client);
}

export async function createTestApp(overrides: Partial<AppDeps> & TestDatabaseOptions = {}) {
  const { seed, ...deps } = overrides;
  // A queue made here tries each job once unless the test gives a schedule (retrySchedule).
  const handle = await openTestDatabase({ seed });
  const clock = new TestClock();
  const tasks = new BackgroundTasks();
  const logger = captureLogger();
  // Not started: tests run the jobs when they choose (settle(), drain()).
  const queue =
    deps.queue ?? new JobQueue(handle.db, { logger, retrySchedule: deps.retrySchedule ?? [] });
  // Change notices over the test database's LISTEN (started by the first event stream).
  const notices = deps.notices ?? new NoticeHub(handle.listen, logger);
  const app = createApp({
    db: handle.db,
    notices,
    scrypt: TEST_SCRYPT_PARAMS,
    now: clock.now,
    tasks,
    logger,
    queue,
    ...deps,
  });

  /** Waits for the work after the answers (background tasks) and runs the jobs due. */
  async function settle() {
    await tasks.idle();
    await queue.drain();
    await tasks.idle();
  }

  async function call(method: string, path: string, options: RequestOptions = {}) {
    // Like the portal's API client: the CSRF header on every call (server/http/csrf.ts).
    const headers: Record<string, string> = { 'x-requested-with': 'portal', ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    }
    if (options.cookie) headers.cookie = options.cookie;
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    let data: any = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    return { res, status: res.status, data, text };
  }

  /** Signs in through the API and returns the session cookie pair (`portal_session=…`). */
  async function signIn(email: string, password: string, cookie?: string) {
    const r = await call('POST', '/api/login', {
      json: { email, password },
      cookie: cookie ?? null,
    });
    if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
    return sessionCookieOf(r.res);
  }

  return {
    app,
    handle,
    db: handle.db,
    clock,
    tasks,
    queue,
    settle,
    logger,
    call,
    signIn,
    /** Whether the app runs as in production (factories name the cookie as it does). */
    production: deps.production ?? false,
    notices,
    close: async () => {
      // Work started after an answer (a failed sign-in's audit event, say) finishes before the
      // database closes under it; bounded, so a task that never ends cannot hang a test's end.
      await Promise.race([tasks.idle(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await notices.close();
      await handle.close();
    },
  };
}

/** The `name=value` pair of the session cookie an answer set (`__Host-portal_session` in production). */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /((?:__Host-)?portal_session)=([^;]*)/.exec(header);
  if (!match) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return `${match[1]}=${match[2]}`;
}
