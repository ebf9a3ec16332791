/**
 * `npm run bench` (node --import tsx scripts/bench-public-api.ts): the public API's budgets
 * (docs/decisions/054-public-api.md, 'Performance'; docs/decisions/058-public-api-throughput.md)
 * on PGlite in memory, or on the PostgreSQL of DATABASE_URL (an empty database: it is migrated
 * and filled here).
 *
 * An organization with 100,000 devices (the device-list bench's set-based INSERT … SELECT) and an
 * API key. Every request carries the key, so each one pays the key check, the rate-limit count
 * and its audit event, as in production.
 *
 * 1. Latency, in process (app.request), page cache off so every answer is a real query:
 *    `GET /api/v1/devices` first pages (every order in turn) and deep cursors (pages 500 to 1,000
 *    of 1,000 at limit=100), p50/p95/max. Target: p95 ≤ 25 ms each.
 * 2. Throughput over loopback HTTP: 50 concurrent keep-alive clients repeating first pages (the
 *    page cache on: "cached pages"), for BENCH_API_SECONDS, in requests per second, from a
 *    process of their own (./bench-public-api-load.ts: clients do not share the server's thread),
 *    without and with `Accept-Encoding: gzip`. Target ≥ 1,500 req/s (identity) on the 2-core
 *    machine. Reported with p50/p95/p99, CPU per request of the server and of the clients, and
 *    the load average. The rate limit is raised for the bench (API_RATE_LIMIT's dependency).
 *
 * Exits 1 when a target is missed.
 *
 * Environment: BENCH_DEVICES (100000), BENCH_REQUESTS (200), BENCH_API_SECONDS (10),
 * BENCH_API_CLIENTS (50), DATABASE_URL.
 */
import type http from 'node:http';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { apiKeys, organizations, subscriptions } from '../server/db/schema';
import { insertBenchDevices } from './bench-fleet';
import { hashToken } from '../server/auth/tokens';
import { TEST_SCRYPT_PARAMS } from '../server/auth/passwords';
import { apiKeyDisplay, newApiKey } from '../server/integrations/api-key';
import { serveApp } from '../server/http/http-server';
import { BackgroundTasks } from '../server/system/background';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const MEMBERS = Math.ceil(DEVICES * 0.6);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_API_CLIENTS ?? 50);

const started = performance.now();
const log = (message: string) =>
  console.error(
    `[bench-public-api ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`,
  );

const DATABASE_URL = process.env.DATABASE_URL;
// PostgreSQL: an empty database (the bench migrates it and fills it).
const handle = await openDatabase(
  DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: 'memory://' },
);
const db = handle.db;
await migrate(handle.runner);
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench', slug: 'bench', apiAccess: true })
  .returning({ id: organizations.id });
if (!org) throw new Error('no organization');
const orgId = org.id;
await db.insert(subscriptions).values({ orgId, status: 'active', updatedAt: new Date() });
const KEY = newApiKey();
await db.insert(apiKeys).values({
  orgId,
  keyHash: hashToken(KEY),
  display: apiKeyDisplay(KEY),
  expiresAt: null,
  createdAt: new Date(),
});
await db.execute(sql`
  INSERT INTO members (org_id, name, email, created_at)
  SELECT ${orgId}, 'Member ' || i, 'member' || i || '@bench.test', '2026-01-01T00:00:00Z'
  FROM generate_series(1, ${MEMBERS}) AS i`);
await insertBenchDevices(db, orgId, { devices: DEVICES, members: MEMBERS });
await db.execute(sql`ANALYZE`);
log(`${DEVICES} devices, ${MEMBERS} members, one API key`);

const auth = { authorization: `Bearer ${KEY}` };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

// 1. Latency without the page cache ---------------------------------------------------------------
const uncached = createApp({
  db,
  scrypt: TEST_SCRYPT_PARAMS,
  logger: console,
  apiRateLimit: 100_000_000,
  apiPageCache: false,
});
async function get(path: string): Promise<{ ms: number; next: string | null; n: number }> {
  const t0 = performance.now();
  const res = await uncached.request(`/api/v1${path}`, { headers: auth });
  const body = (await res.json()) as { devices: unknown[]; next: string | null };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, next: body.next, n: body.devices.length };
}

const ORDERS = [
  '',
  'sort=severity&order=asc',
  'sort=memberName',
  'sort=memberEmail&order=desc',
  'sort=model',
  'sort=platform&order=desc',
  'sort=osVersion',
  'sort=enrolled&order=desc',
  'sort=lastScanAt&order=desc',
  'sort=code',
];
for (let i = 0; i < 20; i++) await get(`/devices?limit=50&${ORDERS[i % ORDERS.length]}`);
const first: number[] = [];
for (let i = 0; i < REQUESTS; i++)
  first.push((await get(`/devices?limit=50&${ORDERS[i % ORDERS.length]}`)).ms);
first.sort((a, b) => a - b);
log('first pages done');

// The fixed cost of a call: key lookup, rate-limit upsert, a 404 problem and its audit event.
const fixed: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const t0 = performance.now();
  const res = await uncached.request('/api/v1/devices/NO-SUCH-CODE', { headers: auth });
  await res.text();
  fixed.push(performance.now() - t0);
  if (res.status !== 404) throw new Error(`fixed cost: ${res.status}`);
}
fixed.sort((a, b) => a - b);

// Walk the whole list once (1,000 pages of 100), keeping the cursors of the second half.
const deepCursors: string[] = [];
let cursor: string | null = null;
let pages = 0;
let seen = 0;
const walkStart = performance.now();
do {
  const r: { next: string | null; n: number } = await get(
    `/devices?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
  );
  seen += r.n;
  pages += 1;
  cursor = r.next;
  if (cursor && pages >= 500) deepCursors.push(cursor);
} while (cursor);
const walkSeconds = (performance.now() - walkStart) / 1000;
if (seen !== DEVICES) throw new Error(`the walk saw ${seen} devices of ${DEVICES}`);
const deep: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const c = deepCursors[(i * 7919) % deepCursors.length] as string;
  deep.push((await get(`/devices?limit=100&cursor=${c}`)).ms);
}
deep.sort((a, b) => a - b);
log('deep cursors done');

// 2. Throughput over loopback ------------------------------------------------------------------
const cachedTasks = new BackgroundTasks(console);
const cached = createApp({
  db,
  scrypt: TEST_SCRYPT_PARAMS,
  logger: console,
  apiRateLimit: 100_000_000,
  tasks: cachedTasks,
});
const server = await new Promise<http.Server>((resolve) => {
  const s = serveApp(cached, { port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server));
});
const port = (server.address() as AddressInfo).port;
const PATHS = ['/api/v1/devices?limit=50', '/api/v1/devices?limit=50&sort=lastScanAt&order=desc'];

interface LoadResult {
  done: number;
  failed: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  cpuSeconds: number;
  /** This (the server's) process's CPU-seconds while the load ran. */
  serverCpuSeconds: number;
  /** PostgreSQL's backends of this database (null on PGlite: it runs in the server's thread). */
  dbCpuSeconds: number | null;
  load: string;
}

/**
 * CPU-seconds used so far by PostgreSQL's backends serving this database (/proc/<pid>/stat,
 * utime + stime), 0 on PGlite. The pool's connections stay open, so differences are the load's.
 */
async function databaseCpuSeconds(): Promise<number> {
  if (!DATABASE_URL) return 0;
  const rows = (
    (await db.execute(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
    )) as unknown as { rows: Array<{ pid: number }> }
  ).rows;
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Another machine's PostgreSQL, or the backend ended: not counted.
    }
  }
  return ticks / 100;
}

/** The clients in their own process (./bench-public-api-load.ts); this process only serves. */
async function loadRun(gzip: boolean): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-public-api-load.ts'], {
    env: {
      ...process.env,
      LOAD_PORT: String(port),
      LOAD_KEY: KEY,
      LOAD_PATHS: PATHS.join(','),
      LOAD_CLIENTS: String(CLIENTS),
      LOAD_SECONDS: String(SECONDS),
      LOAD_GZIP: gzip ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let cpuStart: NodeJS.CpuUsage | null = null;
  let dbStart: Promise<number> | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (!cpuStart && out.includes('START')) {
      cpuStart = process.cpuUsage();
      dbStart = databaseCpuSeconds();
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const cpu = process.cpuUsage(cpuStart ?? undefined);
  const dbSeconds = (await databaseCpuSeconds()) - ((await dbStart) ?? 0);
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`the load process failed (${code}): ${out}`);
  return {
    ...(JSON.parse(line) as Omit<LoadResult, 'serverCpuSeconds' | 'dbCpuSeconds' | 'load'>),
    serverCpuSeconds: (cpu.user + cpu.system) / 1e6,
    dbCpuSeconds: DATABASE_URL ? dbSeconds : null,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}
const plain = await loadRun(false);
log('throughput (identity) done');
const gzipped = await loadRun(true);
log('throughput (gzip) done');
await new Promise((resolve) => server.close(resolve));
// The reads' audit events still in the buffer (written every 100 ms) go to the table first.
await cachedTasks.idle();
const [auditCount] = (
  (await db.execute(
    sql`SELECT count(*)::int AS n FROM audit_events WHERE org_id = ${orgId}`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  }
).rows;
await handle.close();

const p95First = percentile(first, 95);
const p95Deep = percentile(deep, 95);
const where = DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory';
console.log(
  `\nPublic API, ${DEVICES.toLocaleString('en-US')} devices in one organization, Bearer API key on every request (${where})\n`,
);
console.log('| scenario | p50 | p95 | max | target |');
console.log('| --- | --- | --- | --- | --- |');
console.log(
  `| GET /api/v1/devices first page, 10 orders, no page cache (${REQUESTS}) | ${fmt(percentile(first, 50))} | ${fmt(p95First)} | ${fmt(first[first.length - 1] ?? NaN)} | p95 ≤ 25 ms |`,
);
console.log(
  `| GET /api/v1/devices?cursor= pages 500–1,000 of 1,000 (limit 100, ${REQUESTS}) | ${fmt(percentile(deep, 50))} | ${fmt(p95Deep)} | ${fmt(deep[deep.length - 1] ?? NaN)} | p95 ≤ 25 ms |`,
);
console.log(
  `| fixed cost: GET /api/v1/devices/{unknown} → 404 (key, limit, audit event) (${REQUESTS}) | ${fmt(percentile(fixed, 50))} | ${fmt(percentile(fixed, 95))} | ${fmt(fixed[fixed.length - 1] ?? NaN)} | — |`,
);
console.log(
  `\nWhole list by cursor: ${pages} pages of 100 in ${walkSeconds.toFixed(1)} s (${((walkSeconds * 1000) / pages).toFixed(1)} ms a page).`,
);
console.log(
  `\nThroughput: ${CLIENTS} concurrent keep-alive clients (their own process) over loopback HTTP, cached first pages (limit 50), ${SECONDS} s each:\n`,
);
console.log(
  '| answers | req/s | failed | p50 | p95 | p99 | server CPU per request | clients CPU per request | load average | target |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [name, r] of [
  ['identity', plain],
  ['gzip (Accept-Encoding)', gzipped],
] as const) {
  const db =
    r.dbCpuSeconds === null
      ? ''
      : ` + PostgreSQL ${((1000 * r.dbCpuSeconds) / r.done).toFixed(3)} ms`;
  console.log(
    `| ${name} | ${Math.round(r.done / r.seconds).toLocaleString('en-US')} | ${r.failed} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ` +
      `${((1000 * r.serverCpuSeconds) / r.done).toFixed(3)} ms (${Math.round(r.done / r.serverCpuSeconds).toLocaleString('en-US')}/CPU-s)${db} | ` +
      `${((1000 * r.cpuSeconds) / r.done).toFixed(3)} ms | ${r.load} | ${name === 'identity' ? '≥ 1,500 req/s' : '—'} |`,
  );
}
console.log(
  `\n${auditCount?.n ?? 0} audit events written (one per answered request, reads in batches).`,
);
const rps = plain.done / plain.seconds;
process.exitCode =
  p95First <= 25 && p95Deep <= 25 && rps >= 1500 && plain.failed === 0 && gzipped.failed === 0
    ? 0
    : 1;
