/**
 * `npm run bench` (node --import tsx scripts/bench-mail-request.ts): the latency a request adds by
 * enqueueing an e-mail (docs/decisions/017-job-queue.md, "Latency of a request that causes mail").
 *
 * POST /api/orgs/add-admin (a pending administrator, an invitation link and the invitation e-mail's
 * job, in the request's transactions) through the real Hono app in-process on an in-memory PGlite,
 * WARM_UP untimed then REQUESTS timed, alternating two apps on one database: one with the real
 * queue, one whose `enqueue` writes nothing (the same request without its e-mail job). Workers are
 * not started: what is timed is the request, which never waits for the e-mail. Prints p50 / p95 /
 * max of each and the difference.
 *
 * Environment: BENCH_REQUESTS (200), BENCH_WARM_UP (30).
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { openDatabase, type Database } from '../server/db';
import { prepareDatabase } from '../server/bootstrap';
import { TEST_SCRYPT_PARAMS } from '../server/auth/passwords';
import { JobQueue, type NewJob } from '../server/queue/queue';
import { sessionCookieOf } from '../server/test-support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 30);
const quiet = { info: () => {}, warn: () => {}, error: console.error };

/** The same request without its e-mail: nothing is written to the queue. */
class NoMailQueue extends JobQueue {
  override enqueue(_tx: Database, ...jobs: NewJob[]): Promise<number[]> {
    return Promise.resolve(jobs.map(() => 0));
  }
}

const handle = await openDatabase({ dataDir: 'memory://' });
await prepareDatabase(handle, { scrypt: TEST_SCRYPT_PARAMS });
const apps = {
  'with the e-mail job': createApp({
    db: handle.db,
    scrypt: TEST_SCRYPT_PARAMS,
    logger: quiet,
    queue: new JobQueue(handle.db, { logger: quiet }),
  }),
  'without (baseline)': createApp({
    db: handle.db,
    scrypt: TEST_SCRYPT_PARAMS,
    logger: quiet,
    queue: new NoMailQueue(handle.db, { logger: quiet }),
  }),
};
const headers = { 'content-type': 'application/json', 'x-requested-with': 'portal' };
const login = await apps['with the e-mail job'].request('/api/login', {
  method: 'POST',
  headers,
  body: JSON.stringify({ email: 'admin@acme.test', password: 'Portal-Demo-1!' }),
});
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const cookie = sessionCookieOf(login);

let n = 0;
async function addAdmin(app: (typeof apps)[keyof typeof apps]): Promise<number> {
  n += 1;
  const start = performance.now();
  const res = await app.request('/api/orgs/add-admin', {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: `Bench Admin ${n}`, email: `bench.admin.${n}@acme.test` }),
  });
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`add-admin answered ${res.status}: ${await res.text()}`);
  return ms;
}

const timings: Record<string, number[]> = Object.fromEntries(
  Object.keys(apps).map((name) => [name, []]),
);
for (let i = 0; i < WARM_UP; i += 1) for (const app of Object.values(apps)) await addAdmin(app);
for (let i = 0; i < REQUESTS; i += 1) {
  for (const [name, app] of Object.entries(apps)) timings[name]!.push(await addAdmin(app));
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
console.log(
  `\nPOST /orgs/add-admin, ${REQUESTS} requests each (after ${WARM_UP} warm-up), PGlite\n`,
);
console.log('| request | p50 | p95 | max |');
console.log('|---|---|---|---|');
const summary: Record<string, { p50: number; p95: number }> = {};
for (const [name, list] of Object.entries(timings)) {
  const sorted = [...list].sort((a, b) => a - b);
  summary[name] = { p50: pct(sorted, 50), p95: pct(sorted, 95) };
  console.log(
    `| ${name} | ${pct(sorted, 50).toFixed(1)} ms | ${pct(sorted, 95).toFixed(1)} ms | ${sorted.at(-1)!.toFixed(1)} ms |`,
  );
}
const withJob = summary['with the e-mail job']!;
const without = summary['without (baseline)']!;
console.log(
  `\nAdded by enqueueing the e-mail: p50 ${(withJob.p50 - without.p50).toFixed(1)} ms, p95 ${(withJob.p95 - without.p95).toFixed(1)} ms`,
);
await handle.close();
