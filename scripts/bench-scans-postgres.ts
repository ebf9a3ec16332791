/**
 * `npm run bench` (node --import tsx scripts/bench-scans-postgres.ts): the scan ingestion bench
 * (scripts/bench-scans.ts: target ≥ 1,000 reports/s, p95 ≤ 50 ms) on a real PostgreSQL: a
 * throw-away durable cluster (scripts/pg-cluster.ts), the bench in a process of its own with
 * DATABASE_URL pointing at it and BENCH_PG_PID naming its server (so the bench also reports the
 * database's CPU per report), then the cluster stopped and removed. Exits with the bench's code.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from './pg-cluster';

const cluster = await startCluster();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cluster.stop();
    process.exit(130);
  });
}
let status = 1;
try {
  console.error(`[bench-scans-postgres] PostgreSQL ${cluster.version} ready`);
  const pid = readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-scans.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.url, BENCH_PG_PID: pid.trim() },
  });
  status = run.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
