/**
 * `npm run bench` (node --import tsx scripts/bench-queue.ts): throughput of the job queue
 * (server/queue/). 10,000 no-op jobs are enqueued in one transaction, then one process's workers
 * run them all (`drain()`: claim FOR UPDATE SKIP LOCKED in batches of `concurrency`, run, record
 * the end of each attempt in its own transaction). Prints jobs per second.
 *
 * On the embedded PGlite (in memory) by default; on PostgreSQL with DATABASE_URL (a throw-away
 * database: the script migrates it and leaves its jobs behind).
 *
 * Environment: BENCH_JOBS (10000), BENCH_CONCURRENCY (8), DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db';
import { prepareDatabase } from '../server/bootstrap';
import { JobQueue } from '../server/queue/queue';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const databaseUrl = process.env.DATABASE_URL || undefined;

const handle = await openDatabase(databaseUrl ? { databaseUrl } : {});
try {
  await prepareDatabase(handle, { seedDemo: false });
  const queue = new JobQueue(handle.db, { concurrency: CONCURRENCY, logger: console });
  let ran = 0;
  queue.define('bench.noop', {
    run: async () => {
      ran += 1;
    },
  });
  const enqueueStart = performance.now();
  await handle.db.transaction((tx) =>
    queue.enqueue(tx, ...Array.from({ length: JOBS }, () => ({ kind: 'bench.noop' }))),
  );
  const enqueueMs = performance.now() - enqueueStart;
  const runStart = performance.now();
  await queue.drain();
  const runMs = performance.now() - runStart;
  if (ran !== JOBS) throw new Error(`ran ${ran} of ${JOBS} jobs`);
  const engine = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `| ${engine} | ${JOBS} | ${CONCURRENCY} | ${Math.round(enqueueMs)} ms | ${Math.round(runMs)} ms | ${Math.round((JOBS / runMs) * 1000)} |`,
  );
} finally {
  await handle.close();
}
