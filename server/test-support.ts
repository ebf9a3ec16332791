/** Test harness (not a test file): a fresh in-memory PGlite, seeded, with cheap scrypt and a clock. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from './app';
import { wrapPglite, type DatabaseHandle } from './db';
import { prepareDatabase } from './bootstrap';
import { loadMigrations } from './db/migrate';
import { BackgroundTasks } from './background';
import { TEST_SCRYPT_PARAMS } from './auth/passwords';
import type { AppDeps, Logger } from './deps';

export const DEMO = {
  admin: { email: 'admin@acme.test', password: 'Portal-Demo-1!' },
  blocked: { email: 'blocked@acme.test', password: 'Portal-Demo-1!' },
  sso: { email: 'sso.admin@globex.test' },
  initech: { email: 'admin@initech.test', password: 'Portal-Demo-1!' },
  newco: { email: 'owner@newco.test', password: 'Portal-Demo-1!' },
} as const;

export class TestClock {
  current = new Date('2030-01-15T09:00:00.000Z');
  now = () => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
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

interface RequestOptions {
  json?: unknown;
  /** Sent as is (for malformed bodies). */
  rawBody?: string;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * A fresh, migrated and seeded in-memory PGlite. Creating a PGlite database runs initdb, which takes
 * seconds; so the first call dumps a migrated+seeded template into the OS temp folder (keyed by the
 * migrations, the seed and the PGlite version) and every later call, in any test file, loads it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const key = createHash('sha256')
    .update(JSON.stringify(loadMigrations()))
    .update(readFileSync(path.join(here, 'seed.ts')))
    .update(readFileSync(path.join(here, 'seed-devices.ts')))
    .update(readFileSync(path.join(here, 'seed-sso.ts')))
    .update(readFileSync(path.join(here, 'seed-alerts.ts')))
    .update(readFileSync(path.join(here, 'seed-settings.ts')))
    .update(readFileSync(path.join(here, 'seed-integrations.ts')))
    .update(readFileSync(path.join(here, 'seed-billing.ts')))
    .update(readFileSync(path.join(here, 'members/codes.ts')))
    .update(JSON.stringify(TEST_SCRYPT_PARAMS))
    .update(readFileSync(path.join(here, '../node_modules/@electric-sql/pglite/package.json')))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `portal-server-test-db-${key}.tar`);
  if (existsSync(file)) {
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) }));
  }
  const client = await PGlite.create('memory://');
  const handle = wrapPglite(client);
  await prepareDatabase(handle, { scrypt: TEST_SCRYPT_PARAMS });
  const dump = await client.dumpDataDir('none');
  // Write then rename: test files running in parallel never read half a template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of earlier migrations or seeds are of no use any more.
  for (const name of readdirSync(os.tmpdir())) {
    if (
      name.startsWith('portal-server-test-db-') &&
      name.endsWith('.tar') &&
      path.join(os.tmpdir(), name) !== file
    ) {
      rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }
  return handle;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}) {
  const handle = await openTestDatabase();
  const clock = new TestClock();
  const tasks = new BackgroundTasks();
  const logger = captureLogger();
  const app = createApp({
    db: handle.db,
    scrypt: TEST_SCRYPT_PARAMS,
    now: clock.now,
    tasks,
    logger,
    ...overrides,
  });

  async function call(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
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

  /** Signs in and returns the `portal_session=…` cookie pair. */
  async function signIn(
    email: string = DEMO.admin.email,
    password: string = DEMO.admin.password,
    cookie?: string,
  ) {
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
    logger,
    call,
    signIn,
    close: () => handle.close(),
  };
}

export function sessionCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /portal_session=([^;]*)/.exec(header);
  if (!match) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return `portal_session=${match[1]}`;
}
