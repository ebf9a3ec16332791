/**
 * `npm run bench` (node --import tsx scripts/bench-sign-in.ts): the sign-in under attack
 * (decision 015), against a real server process (development mode with the demo data, production
 * scrypt cost, TRUST_PROXY=1 so each guess can come from its own address) on a temporary database.
 *
 * 1. Burst: BENCH_BURST (100) parallel sign-in attempts, each for another account from another
 *    address (so the throttle lets every one through to the hashing pool), while a signed-in
 *    administrator keeps loading the dashboard's device list. Reports the server's RSS growth
 *    (VmRSS sampled every 20 ms; target < 300 MB) and the device list's p50/p95 meanwhile
 *    (target p95 < 200 ms), and how the attempts were answered (401 or 503 + Retry-After).
 * 2. Timing of failures: unknown address, wrong password, SSO-only and pending administrator,
 *    BENCH_TIMING (30) attempts each, interleaved: the medians should agree within noise.
 * 3. Password reset requests for a known and an unknown address, 200 each, interleaved.
 *
 * Exits 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BURST = Number(process.env.BENCH_BURST ?? 100);
const TIMING = Number(process.env.BENCH_TIMING ?? 30);
const RSS_TARGET_MB = 300;
const LIST_P95_TARGET_MS = 200;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-sign-in-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'none'),
    TRUST_PROXY: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

while (!output.includes('Admin portal ready')) {
  if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'portal', ...headers },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res;
}

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

const login = await post('/login', { email: 'admin@acme.test', password: 'Portal-Demo-1!' });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const listUrl = `${base}/api/orgs?page=1&pageSize=50`;
const loadList = async () => {
  const t0 = performance.now();
  const res = await fetch(listUrl, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`device list: ${res.status}`);
  return performance.now() - t0;
};
for (let i = 0; i < 30; i++) await loadList();
const quiet: number[] = [];
for (let i = 0; i < 100; i++) quiet.push(await loadList());

// 1. The burst.
const rssSamples: number[] = [];
for (let i = 0; i < 20; i++) {
  rssSamples.push(rssMb());
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const rssBefore = quantile(rssSamples, 0.5);
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
let bursting = true;
const during: number[] = [];
const listLoop = (async () => {
  while (bursting) during.push(await loadList());
})();
const burstStart = performance.now();
const answers = await Promise.all(
  Array.from({ length: BURST }, (_, i) =>
    post(
      '/login',
      { email: `guess${i}@nowhere.test`, password: `Guess-${i}-Pass!` },
      { 'x-forwarded-for': nextAddress() },
    ),
  ),
);
const burstMs = performance.now() - burstStart;
bursting = false;
await listLoop;
clearInterval(sampler);
const byStatus = new Map<number, number>();
for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
const growth = peak - rssBefore;
const duringP95 = quantile(during, 0.95);

console.log(`\n## Sign-in burst (${BURST} parallel attempts, production scrypt N=2^17)\n`);
console.log('| measure | value |');
console.log('| --- | --- |');
console.log(`| answers | ${[...byStatus].map(([s, n]) => `${n} × ${s}`).join(', ')} |`);
console.log(`| burst duration | ${(burstMs / 1000).toFixed(1)} s |`);
console.log(
  `| server RSS before / peak / growth | ${rssBefore.toFixed(0)} / ${peak.toFixed(0)} / **${growth.toFixed(0)} MB** (target < ${RSS_TARGET_MB}) |`,
);
console.log(
  `| device list, quiet: p50 / p95 | ${ms(quantile(quiet, 0.5))} / ${ms(quantile(quiet, 0.95))} |`,
);
console.log(
  `| device list during the burst: p50 / p95 (${during.length} requests) | ${ms(quantile(during, 0.5))} / **${ms(duringP95)}** (target < ${LIST_P95_TARGET_MS} ms) |`,
);

// 2. Failed sign-ins of every kind take the same time.
const kinds: Record<string, { email: string; password: string }> = {
  'unknown address': { email: 'nobody@nowhere.test', password: 'Wrong-Pass-1!' },
  'wrong password': { email: 'admin@initech.test', password: 'Wrong-Pass-1!' },
  'SSO-only administrator': { email: 'sso.admin@globex.test', password: 'Wrong-Pass-1!' },
  'pending administrator': { email: 'priya.pending@acme.test', password: 'Wrong-Pass-1!' },
};
const timings: Record<string, number[]> = Object.fromEntries(
  Object.keys(kinds).map((k) => [k, []]),
);
const statuses = new Set<number>();
for (let i = 0; i < TIMING; i++) {
  for (const [kind, body] of Object.entries(kinds)) {
    const t0 = performance.now();
    const res = await post('/login', body, { 'x-forwarded-for': nextAddress() });
    timings[kind]!.push(performance.now() - t0);
    statuses.add(res.status);
  }
}
console.log(
  `\n## Failed sign-ins (${TIMING} each, interleaved; answers: ${[...statuses].join(', ')})\n`,
);
console.log('| kind | p50 | p95 |');
console.log('| --- | --- | --- |');
for (const [kind, values] of Object.entries(timings)) {
  console.log(`| ${kind} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} |`);
}

// 3. Password reset requests.
const reset: Record<string, number[]> = { 'known address': [], 'unknown address': [] };
for (let i = 0; i < 200; i++) {
  for (const [kind, email] of [
    ['known address', 'admin@acme.test'],
    ['unknown address', 'nobody@nowhere.test'],
  ] as const) {
    const t0 = performance.now();
    await post('/reset-password', { email }, { 'x-forwarded-for': nextAddress() });
    reset[kind]!.push(performance.now() - t0);
    // Let the work after the answer finish, so it does not slow the next request down.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
console.log('\n## Password reset requests (200 each, interleaved)\n');
console.log('| address | p50 | p95 |');
console.log('| --- | --- | --- |');
for (const [kind, values] of Object.entries(reset)) {
  console.log(`| ${kind} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} |`);
}

const missed: string[] = [];
if (growth >= RSS_TARGET_MB)
  missed.push(`RSS growth ${growth.toFixed(0)} MB ≥ ${RSS_TARGET_MB} MB`);
if (duringP95 >= LIST_P95_TARGET_MS) {
  missed.push(
    `device list p95 ${duringP95.toFixed(1)} ms ≥ ${LIST_P95_TARGET_MS} ms during the burst`,
  );
}
if (missed.length) {
  console.error(`\nbench-sign-in: target missed: ${missed.join('; ')}`);
  process.exitCode = 1;
}
stop();
process.exit();
