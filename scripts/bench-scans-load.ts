/**
 * The devices of the scan bench (scripts/bench-scans.ts), in a process of their own so they do not
 * share the server's thread (as real phones do not): DEVICES keep-alive connections over loopback.
 *
 * Two phases, each after a warm-up: first every device sends its next report when the last one was
 * answered (the rate: with the devices in a closed loop, latency there is only DEVICES ÷ the
 * rate); then every device sends on a fixed schedule at TARGET reports/s in all (an open loop:
 * latency is measured from each report's due time, so a server that falls behind shows in the
 * figures instead of slowing the devices down). The report mix: most clean, some with a warning or
 * a critical finding from a small catalogue (findings repeat and must not open twice), some sent
 * twice (a retried upload: must change nothing).
 *
 * Prints `MEASURE START` and `MEASURE END` around the first phase's measured window (the bench
 * reads the server's CPU and round trips between them), then one JSON line with the figures and
 * what the bench needs to count after the run.
 *
 * Environment (set by the bench): SCAN_PORT, SCAN_CREDENTIALS (JSON array), SCAN_SECONDS,
 * SCAN_TARGET, SCAN_WARM_UP_MS.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { CRITICAL_FINDINGS, WARNING_FINDINGS } from './scan-findings';

const port = Number(process.env.SCAN_PORT);
const credentials = JSON.parse(process.env.SCAN_CREDENTIALS ?? '[]') as string[];
const SECONDS = Number(process.env.SCAN_SECONDS ?? 10);
const TARGET = Number(process.env.SCAN_TARGET ?? 300);
const WARM_UP_MS = Number(process.env.SCAN_WARM_UP_MS ?? 1500);
const DEVICES = credentials.length;

/** Three of each kind (./scan-findings.ts), so findings repeat across a device's reports. */
const CRITICAL = CRITICAL_FINDINGS.slice(0, 3);
const WARNING = WARNING_FINDINGS.slice(0, 3);

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

const agent = new http.Agent({ keepAlive: true, maxSockets: DEVICES });
function post(credential: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/device/v1/scans',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${credential}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const expectedThreats = Array.from({ length: DEVICES }, () => new Set<string>());
const uniqueReports = new Set<string>();
let duplicatesSent = 0;
let stop = false;
/** Each device's interval in the paced phase (ms), or null: send when answered. */
let everyMs: number | null = null;
let recording: number[] | null = null;

async function device(i: number, seed: number): Promise<void> {
  const random = rng(seed);
  let previous: string | null = null;
  // Paced: the devices' schedules spread evenly over the interval (the generator's first draws
  // from neighbouring seeds are all near 0: they would send in one burst each interval).
  let due = performance.now() + (everyMs === null ? 0 : (i / DEVICES) * everyMs);
  while (!stop) {
    if (everyMs !== null) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stop) break;
    }
    const roll = random();
    let body: string;
    let reportId: string;
    if (previous && roll < 0.05) {
      body = previous;
      reportId = (JSON.parse(previous) as { reportId: string }).reportId;
      duplicatesSent++;
    } else {
      const findings =
        roll < 0.75
          ? []
          : roll < 0.95
            ? [WARNING[Math.floor(random() * 3)]!]
            : [CRITICAL[Math.floor(random() * 3)]!, WARNING[Math.floor(random() * 3)]!];
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
    const t0 = everyMs === null ? performance.now() : due;
    if (everyMs !== null) due += everyMs;
    const status = await post(credentials[i]!, body);
    const ms = performance.now() - t0;
    if (status !== 202) throw new Error(`device ${i}: ${status}`);
    uniqueReports.add(reportId);
    previous = body;
    recording?.push(ms);
  }
}

/** Runs the devices for the warm-up and SECONDS; the latencies of the measured window. */
async function phase(seedBase: number, around?: { start(): void; end(): void }) {
  stop = false;
  const loops = Array.from({ length: DEVICES }, (_, i) => device(i, seedBase + i + 1));
  await new Promise((r) => setTimeout(r, WARM_UP_MS));
  const latencies: number[] = [];
  recording = latencies;
  around?.start();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  recording = null;
  around?.end();
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    count: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(50),
    p95: pct(95),
    max: latencies.at(-1) ?? NaN,
  };
}

let cpu0 = process.cpuUsage();
let clientCpuMs = 0;
const open = await phase(0, {
  start: () => {
    cpu0 = process.cpuUsage();
    console.log('MEASURE START');
  },
  end: () => {
    const cpu = process.cpuUsage(cpu0);
    clientCpuMs = (cpu.user + cpu.system) / 1000;
    console.log('MEASURE END');
  },
});
everyMs = (DEVICES / TARGET) * 1000;
const paced = await phase(DEVICES);
agent.destroy();
console.log(
  JSON.stringify({
    open,
    paced,
    clientCpuMs,
    uniqueReports: uniqueReports.size,
    expectedAlerts: expectedThreats.reduce((n, s) => n + s.size, 0),
    duplicatesSent,
  }),
);
