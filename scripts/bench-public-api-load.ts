/**
 * The load of the public API bench (scripts/bench-public-api.ts), in a process of its own so the
 * clients do not share the server's thread (as real clients do not): CLIENTS keep-alive
 * connections over loopback, each sending its next request when the last one answered, for
 * SECONDS. Prints one JSON line: requests answered 200, failures, the latencies' percentiles and
 * this process's CPU time.
 *
 * Environment (set by the bench): LOAD_PORT, LOAD_KEY, LOAD_PATHS (comma-separated),
 * LOAD_CLIENTS, LOAD_SECONDS, LOAD_GZIP (1: send Accept-Encoding: gzip).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const port = Number(process.env.LOAD_PORT);
const key = process.env.LOAD_KEY ?? '';
const paths = (process.env.LOAD_PATHS ?? '').split(',').filter(Boolean);
const clients = Number(process.env.LOAD_CLIENTS ?? 50);
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const headers: Record<string, string> = { authorization: `Bearer ${key}` };
if (process.env.LOAD_GZIP === '1') headers['accept-encoding'] = 'gzip';

const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function request(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

for (const p of paths) await request(p);
console.log('START');
let done = 0;
let failed = 0;
const latencies: number[] = [];
const until = performance.now() + seconds * 1000;
const start = performance.now();
const cpuStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    let i = client;
    while (performance.now() < until) {
      const t0 = performance.now();
      const status = await request(paths[i++ % paths.length] as string);
      latencies.push(performance.now() - t0);
      if (status === 200) done += 1;
      else failed += 1;
    }
  }),
);
const elapsed = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
console.log(
  JSON.stringify({
    done,
    failed,
    seconds: elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
