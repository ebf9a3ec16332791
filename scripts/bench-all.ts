/**
 * `npm run bench`: every benchmark and budget check, one after another, each in its own process
 * (a fresh heap and database, so one bench's garbage does not time the next). Each prints its
 * figures and exits 1 when it misses its target; a miss does not stop the others, so one run
 * always gives every figure. The summary at the end lists what met its targets, and the run
 * exits 1 if any did not (README, 'Performance').
 */
import { spawnSync } from 'node:child_process';

const BENCHES: Array<{ script: string; flags?: string[] }> = [
  { script: 'scripts/bundle-size.ts' },
  { script: 'scripts/bench.ts' },
  { script: 'scripts/bench-sign-in.ts' },
  { script: 'scripts/bench-queue.ts' },
  { script: 'scripts/bench-mail-request.ts' },
  { script: 'scripts/bench-audit.ts', flags: ['--expose-gc'] },
  { script: 'scripts/bench-scim.ts' },
  { script: 'scripts/bench-members-directory.ts' },
  { script: 'scripts/bench-scans.ts' },
  { script: 'scripts/bench-scans-postgres.ts' },
  { script: 'scripts/bench-live.ts' },
  { script: 'scripts/bench-public-api.ts' },
  { script: 'scripts/bench-web.ts' },
];

const only = process.argv.slice(2);
const results: Array<{ script: string; status: number | null; seconds: number }> = [];
for (const { script, flags = [] } of BENCHES) {
  if (only.length > 0 && !only.some((name) => script.includes(name))) continue;
  console.log(`\n━━ ${script}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', script], {
    stdio: 'inherit',
  });
  results.push({ script, status: run.status, seconds: (Date.now() - started) / 1000 });
}

console.log('\n━━ benchmarks');
for (const { script, status, seconds } of results) {
  const verdict = status === 0 ? 'met its targets' : `MISSED (exit ${status ?? 'signal'})`;
  console.log(`  ${script.padEnd(36)} ${verdict}, ${seconds.toFixed(0)} s`);
}
const missed = results.filter((r) => r.status !== 0).length;
console.log(missed === 0 ? 'every target met' : `${missed} of ${results.length} missed a target`);
process.exitCode = missed === 0 ? 0 : 1;
