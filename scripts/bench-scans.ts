/**
 * `npm run bench` (node --import tsx scripts/bench-scans.ts): scan reports ingested per second by
 * the device API (server/device-api/, docs/decisions/051-device-api.md) over loopback HTTP.
 *
 * A real server (serveApp, the app main.ts runs) on 127.0.0.1; an organization with DEVICES
 * members, each enrolled through `POST /enroll`; then DEVICES concurrent devices each send reports
 * one after another for SECONDS (after a short warm-up), with a realistic mix: most reports clean,
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
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/** A small catalogue, so findings repeat across a device's reports. */
const CATALOGUE = [
  {
    threatId: 'trojan.banker.a',
    name: 'Banking trojan',
    severity: 'critical',
    category: 'malware',
  },
  { threatId: 'spyware.stalker.b', name: 'Stalkerware', severity: 'critical', category: 'malware' },
  { threatId: 'net.mitm.c', name: 'Man-in-the-middle', severity: 'critical', category: 'network' },
  { threatId: 'os.outdated.d', name: 'Outdated OS', severity: 'warning', category: 'os' },
  { threatId: 'app.sideload.e', name: 'Sideloaded app', severity: 'warning', category: 'apps' },
  { threatId: 'dev.debug.f', name: 'USB debugging on', severity: 'warning', category: 'device' },
] as const;

/** Deterministic per device: the mix is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const expectedThreats = Array.from({ length: DEVICES }, () => new Set<string>());
const uniqueReports = new Set<string>();
const latencies: number[] = [];
let measured = 0;
let duplicatesSent = 0;
let measuring = false;
let stop = false;
/**
 * The paced phase: each device sends one report every `pacedEveryMs`, on a fixed schedule (an
 * open loop: a late answer does not delay the next report's due time). Its latency is measured
 * from the report's due time, so a server that falls behind shows in the figures instead of
 * slowing the clients down (no coordinated omission).
 */
let pacedEveryMs: number | null = null;
const pacedLatencies: number[] = [];
let pacedMeasuring = false;

async function device(i: number, seed = i + 1): Promise<void> {
  const random = rng(seed);
  let previous: string | null = null;
  let due = performance.now() + (pacedEveryMs === null ? 0 : random() * pacedEveryMs);
  while (!stop) {
    if (pacedEveryMs !== null) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stop) break;
    }
    const roll = random();
    let body: string;
    let reportId: string;
    if (previous && roll < 0.05) {
      // A retried upload of the last report: must change nothing.
      body = previous;
      reportId = (JSON.parse(previous) as { reportId: string }).reportId;
      duplicatesSent++;
    } else {
      const findings =
        roll < 0.75
          ? []
          : roll < 0.95
            ? [CATALOGUE[3 + Math.floor(random() * 3)]!]
            : [CATALOGUE[Math.floor(random() * 3)]!, CATALOGUE[3 + Math.floor(random() * 3)]!];
      reportId = randomUUID();
      body = JSON.stringify({
        reportId,
        scannedAt: new Date().toISOString(),
        osVersion: '14',
        screenLock: random() < 0.9,
        findings,
      });
      for (const f of findings) expectedThreats[i]!.add(f.threatId);
    }
    const t0 = pacedEveryMs === null ? performance.now() : due;
    if (pacedEveryMs !== null) due += pacedEveryMs;
    const res = await fetch(`${base}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials[i]}`, 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 202) throw new Error(`device ${i}: ${res.status}`);
    uniqueReports.add(reportId);
    previous = body;
    if (measuring) {
      latencies.push(ms);
      measured++;
    }
    if (pacedMeasuring) pacedLatencies.push(ms);
  }
}

const loops = Array.from({ length: DEVICES }, (_, i) => device(i));
await new Promise((r) => setTimeout(r, WARM_UP_MS));
measuring = true;
counting = true;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const pgCpu0 = postgresCpuMs();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
counting = false;
const cpu = process.cpuUsage(cpu0);
const pgCpu1 = postgresCpuMs();
const elapsed = (performance.now() - t0) / 1000;
stop = true;
await Promise.all(loops);

// The paced phase: the target rate, spread over the same devices; latency at that rate.
const target = engine === 'PostgreSQL' ? 1000 : 300;
pacedEveryMs = (DEVICES / target) * 1000;
stop = false;
const pacedLoops = Array.from({ length: DEVICES }, (_, i) => device(i, DEVICES + i + 1));
await new Promise((r) => setTimeout(r, WARM_UP_MS));
pacedMeasuring = true;
const paced0 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
pacedMeasuring = false;
const pacedElapsed = (performance.now() - paced0) / 1000;
stop = true;
await Promise.all(pacedLoops);
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
const expectedAlerts = expectedThreats.reduce((n, s) => n + s.size, 0);
await handle.close();

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
const perSecond = measured / elapsed;
pacedLatencies.sort((a, b) => a - b);
const pacedPercentile = (p: number) =>
  pacedLatencies[
    Math.min(pacedLatencies.length - 1, Math.ceil((p / 100) * pacedLatencies.length) - 1)
  ] ?? NaN;
const pacedP95 = pacedPercentile(95);
const pacedRate = pacedLatencies.length / pacedElapsed;
const countsRight =
  reportRows === uniqueReports.size &&
  alertRows === expectedAlerts &&
  distinctAlertRows === alertRows;

console.log(
  `\nScan reports over loopback HTTP, ${DEVICES} concurrent devices, ${SECONDS} s measured ` +
    `(${engine}; client and server in one process)\n`,
);
console.log('| engine | load | reports/s | p50 | p95 | max | target |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${engine} | as fast as they are answered | ${perSecond.toFixed(0)} | ${percentile(50).toFixed(1)} ms | ` +
    `${percentile(95).toFixed(1)} ms | ${(latencies.at(-1) ?? NaN).toFixed(1)} ms | ≥ ${target}/s |`,
);
console.log(
  `| ${engine} | paced at ${target}/s | ${pacedRate.toFixed(0)} | ${pacedPercentile(50).toFixed(1)} ms | ` +
    `${pacedP95.toFixed(1)} ms | ${(pacedLatencies.at(-1) ?? NaN).toFixed(1)} ms | p95 ≤ 50 ms |`,
);
// On a shared machine the wall-clock rate says as much about the neighbours as about us: the CPU
// this process spent per report (server, PGlite when embedded, and the client) bounds the rate a
// free core would reach.
const cpuMsPerReport = (cpu.user + cpu.system) / 1000 / Math.max(1, measured);
console.log(
  `\nCPU of this process per report: ${cpuMsPerReport.toFixed(2)} ms ` +
    `(one free core: ~${(1000 / cpuMsPerReport).toFixed(0)} reports/s); load average at the end: ` +
    `${(await import('node:os')).loadavg()[0]!.toFixed(1)}.`,
);
if (pgCpu0 !== null && pgCpu1 !== null) {
  console.log(
    `CPU of the PostgreSQL processes per report: ${((pgCpu1 - pgCpu0) / Math.max(1, measured)).toFixed(2)} ms.`,
  );
}
// Round trips include those of retried uploads (5% of reports), which stop after the report id.
console.log(`Database round trips per report: ${(roundTrips / Math.max(1, measured)).toFixed(2)}.`);
console.log(
  `\nAfter the run: ${reportRows} reports recorded for ${uniqueReports.size} distinct sent ` +
    `(${duplicatesSent} resent), ${alertRows} alerts for ${expectedAlerts} distinct ` +
    `(device, finding) pairs, ${alertRows - distinctAlertRows} duplicated: ` +
    `${countsRight ? 'zero lost or duplicated' : 'COUNTS WRONG'}.`,
);
process.exitCode = perSecond >= target && pacedP95 <= 50 && countsRight ? 0 : 1;
