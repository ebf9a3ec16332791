/**
 * `npm run bench` (node --import tsx scripts/bench-scans.ts): scan reports ingested per second by
 * the device API (server/device-api/, docs/decisions/051-device-api.md) over loopback HTTP.
 *
 * A real server (serveApp, the app main.ts runs) on 127.0.0.1; an organization with DEVICES
 * members, each enrolled through `POST /enroll`; then DEVICES concurrent devices, in a process of
 * their own (./bench-scans-load.ts), each send reports one after another for SECONDS (after a short warm-up), with a realistic mix: most reports clean,
 * some with a warning or a critical finding drawn from a small catalogue (so findings repeat and
 * must not open twice), and some reports sent twice (a retried upload: must change nothing).
 * Prints reports/s, p50/p95/max of `POST /scans`, then counts: every distinct report recorded
 * once, every distinct (device, finding) one alert — zero lost or duplicated.
 *
 * Two phases: first the devices send as fast as they are answered (the throughput: with 50
 * clients in a closed loop, latency there is just 50 ÷ the rate, so it judges nothing); then they
 * send on a fixed schedule at the target rate (an open loop, latency from each report's due time):
 * the latency target applies to that phase.
 *
 * On PGlite in memory by default; on PostgreSQL with DATABASE_URL (a throw-away database: the
 * script migrates it and leaves its rows behind). Targets: ≥ 300 reports/s on PGlite, ≥ 1,000 on
 * PostgreSQL; p95 ≤ 50 ms at that rate. Exit 1 when a target is missed or a count is wrong.
 *
 * Also counted while measuring: the database round trips per report (every statement the app
 * sends, BEGIN and COMMIT included) and, on PostgreSQL started by scripts/bench-scans-postgres.ts
 * (BENCH_PG_PID: its postmaster), the CPU the database's processes spent per report.
 *
 * Environment: BENCH_SCAN_DEVICES (50), BENCH_SCAN_SECONDS (10), DATABASE_URL, BENCH_PG_PID.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../server/app';
import { openDatabase } from '../server/db';
import { prepareDatabase } from '../server/bootstrap';
import { serveApp } from '../server/http/http-server';
import { TEST_SCRYPT_PARAMS } from '../server/auth/passwords';
import { devices, members, organizations } from '../server/db/schema';
import { vacuumLikeAutovacuum } from '../server/system/vacuum';

const DEVICES = Number(process.env.BENCH_SCAN_DEVICES ?? 50);
const SECONDS = Number(process.env.BENCH_SCAN_SECONDS ?? 10);
const WARM_UP_MS = 1500;
const databaseUrl = process.env.DATABASE_URL || undefined;

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench-scans ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
const engine = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
await prepareDatabase(handle, { seedDemo: false });
const db = handle.db;

// The organization and its members with their pending rows (as createOrgMembers makes them).
const slug = `bench-scans-${Date.now().toString(36)}`;
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench scans', slug })
  .returning({ id: organizations.id });
if (!org) throw new Error('no organization');
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const runTag = Array.from({ length: 2 }, () => alphabet[Math.floor(Math.random() * 32)]).join('');
const codes = Array.from(
  { length: DEVICES },
  (_, i) =>
    `BN${runTag}-${alphabet[Math.floor(i / 1024) % 32]}${alphabet[Math.floor(i / 32) % 32]}${alphabet[i % 32]}Z`,
);
const memberRows = await db
  .insert(members)
  .values(
    codes.map((code, i) => ({
      orgId: org.id,
      name: `Member ${i + 1}`,
      email: `member${i + 1}@bench.test`,
      enrollmentCode: code,
    })),
  )
  .returning({ id: members.id });
await db
  .insert(devices)
  .values(codes.map((code, i) => ({ orgId: org.id, memberId: memberRows[i]!.id, code })));

// Round trips: every statement sent while measuring (PGlite: each query of a transaction plus its
// BEGIN and COMMIT; PostgreSQL: every query a pooled connection sends, BEGIN and COMMIT included).
let roundTrips = 0;
let counting = false;
if (handle.kind === 'postgres') {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) roundTrips++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
} else {
  type Tx = { query: (...a: unknown[]) => unknown; exec: (...a: unknown[]) => unknown };
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const transaction = (client.transaction as (cb: (tx: Tx) => unknown) => unknown).bind(client);
  const counted =
    (fn: (...a: unknown[]) => unknown) =>
    (...a: unknown[]) => {
      if (counting) roundTrips++;
      return fn(...a);
    };
  client.transaction = (cb: (tx: Tx) => unknown) =>
    transaction((tx) => {
      if (counting) roundTrips += 2; // BEGIN, COMMIT
      return cb({ ...tx, query: counted(tx.query), exec: counted(tx.exec) });
    });
  for (const name of ['query', 'exec'] as const) {
    client[name] = counted((client[name] as (...a: unknown[]) => unknown).bind(client));
  }
}

/** CPU (ms) of the PostgreSQL cluster's processes (the postmaster and its children), or null. */
const pgPid = Number(process.env.BENCH_PG_PID ?? 0);
const clockTick = 100; // USER_HZ on Linux
function postgresCpuMs(): number | null {
  if (!pgPid) return null;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command's closing parenthesis: state ppid … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) !== pgPid && Number(fields[1]) !== pgPid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / clockTick;
}

const app = createApp({ db, scrypt: TEST_SCRYPT_PARAMS, logger: console });
const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/device/v1`;

const credentials: string[] = [];
for (const code of codes) {
  const res = await fetch(`${base}/enroll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
    }),
  });
  if (res.status !== 201) throw new Error(`enrol ${code}: ${res.status} ${await res.text()}`);
  credentials.push(((await res.json()) as { credential: string }).credential);
}
log(`${DEVICES} devices enrolled on ${engine}`);

// The devices in their own process (./bench-scans-load.ts); this process only serves.
const target = engine === 'PostgreSQL' ? 1000 : 300;
interface PhaseFigures {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
}
interface LoadFigures {
  open: PhaseFigures;
  paced: PhaseFigures;
  clientCpuMs: number;
  uniqueReports: number;
  expectedAlerts: number;
  duplicatesSent: number;
}
let cpu = process.cpuUsage();
let cpu0 = process.cpuUsage();
let pgCpu0: number | null = null;
let pgCpu1: number | null = null;
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-scans-load.ts'], {
  env: {
    ...process.env,
    SCAN_PORT: String((server.address() as AddressInfo).port),
    SCAN_CREDENTIALS: JSON.stringify(credentials),
    SCAN_SECONDS: String(SECONDS),
    SCAN_TARGET: String(target),
    SCAN_WARM_UP_MS: String(WARM_UP_MS),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const load = await new Promise<LoadFigures>((resolve, reject) => {
  let figures: LoadFigures | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'MEASURE START') {
      counting = true;
      cpu0 = process.cpuUsage();
      pgCpu0 = postgresCpuMs();
    } else if (line === 'MEASURE END') {
      counting = false;
      cpu = process.cpuUsage(cpu0);
      pgCpu1 = postgresCpuMs();
    } else if (line.startsWith('{')) {
      figures = JSON.parse(line) as LoadFigures;
    }
  });
  child.on('error', reject);
  child.on('exit', (code) =>
    figures && code === 0 ? resolve(figures) : reject(new Error(`the devices exited ${code}`)),
  );
});
const measured = load.open.count;
server.close();

// Counting after the run: nothing lost, nothing twice.
const count = async (query: ReturnType<typeof sql>) =>
  Number(
    ((await db.execute(query)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n,
  );
const reportRows = await count(sql`
  SELECT count(*) AS n FROM device_reports r JOIN devices d ON d.id = r.device_id
  WHERE d.org_id = ${org.id}`);
const alertRows = await count(sql`SELECT count(*) AS n FROM alerts WHERE org_id = ${org.id}`);
const distinctAlertRows = await count(sql`
  SELECT count(*) AS n FROM (SELECT DISTINCT device_id, threat_id FROM alerts
  WHERE org_id = ${org.id}) x`);
// What the run left for vacuum: on PGlite, housekeeping's vacuum (server/system/vacuum.ts) holds
// the one connection while it runs, so its time is how long requests would wait for it.
const vacuumStart = performance.now();
const vacuumed = await vacuumLikeAutovacuum(db);
const vacuumMs = performance.now() - vacuumStart;
await handle.close();

const countsRight =
  reportRows === load.uniqueReports &&
  alertRows === load.expectedAlerts &&
  distinctAlertRows === alertRows;

console.log(
  `\nScan reports over loopback HTTP, ${DEVICES} concurrent devices, ${SECONDS} s measured ` +
    `(${engine}; the devices in a process of their own)\n`,
);
console.log('| engine | load | reports/s | p50 | p95 | max | target |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const row = (f: PhaseFigures) =>
  `${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} ms | ${f.p95.toFixed(1)} ms | ${f.max.toFixed(1)} ms`;
console.log(`| ${engine} | as fast as they are answered | ${row(load.open)} | ≥ ${target}/s |`);
console.log(`| ${engine} | paced at ${target}/s | ${row(load.paced)} | p95 ≤ 50 ms |`);
// On a shared machine the wall-clock rate says as much about the neighbours as about us: the CPU
// server's process spent per report (the server, and PGlite when embedded) bounds the rate a free
// core would reach.
const cpuMsPerReport = (cpu.user + cpu.system) / 1000 / Math.max(1, measured);
console.log(
  `\nCPU of the server's process per report: ${cpuMsPerReport.toFixed(2)} ms ` +
    `(one free core: ~${(1000 / cpuMsPerReport).toFixed(0)} reports/s); load average at the end: ` +
    `${(await import('node:os')).loadavg()[0]!.toFixed(1)}.`,
);
console.log(
  `CPU of the devices' process per report: ${(load.clientCpuMs / Math.max(1, measured)).toFixed(2)} ms.`,
);
if (pgCpu0 !== null && pgCpu1 !== null) {
  console.log(
    `CPU of the PostgreSQL processes per report: ${((pgCpu1 - pgCpu0) / Math.max(1, measured)).toFixed(2)} ms.`,
  );
}
// Round trips include those of retried uploads (5% of reports), which stop after the report id.
console.log(`Database round trips per report: ${(roundTrips / Math.max(1, measured)).toFixed(2)}.`);
console.log(
  `\nAfter the run: ${reportRows} reports recorded for ${load.uniqueReports} distinct sent ` +
    `(${load.duplicatesSent} resent), ${alertRows} alerts for ${load.expectedAlerts} distinct ` +
    `(device, finding) pairs, ${alertRows - distinctAlertRows} duplicated: ` +
    `${countsRight ? 'zero lost or duplicated' : 'COUNTS WRONG'}.`,
);
if (handle.kind === 'pglite') {
  console.log(
    `Housekeeping's vacuum after the run: ${vacuumMs.toFixed(0)} ms ` +
      `(${vacuumed.length ? vacuumed.join(', ') : 'no table due'}).`,
  );
}
process.exitCode = load.open.perSecond >= target && load.paced.p95 <= 50 && countsRight ? 0 : 1;
