/**
 * `npm run simulate -- --org acme --devices 500 --rate 50`: makes a demo organization come alive
 * against a running development portal (`npm start`, or `npm run dev`), through the same calls
 * the portal and the mobile app make (docs/product/device-api.md):
 *
 *   1. signs in as the organization's administrator (`POST /api/login`, the demo credentials of
 *      the README; `--email` / `--password` for others);
 *   2. adds DEVICES members with invitations (`POST /api/orgs/create-members`, in batches of 100)
 *      and reads each member's enrolment code from their invitation e-mail in the development
 *      mailbox (`GET /api/dev/outbox`, which sends the queued e-mails first);
 *   3. enrols one device per member through the device API (`POST /api/device/v1/enroll`);
 *   4. sends scan reports at RATE per second from random devices until Ctrl-C (or `--duration`
 *      seconds): mostly clean, some with a warning, a few critical, findings drawn from a small
 *      catalogue so they repeat (no second alert while one is open), now and then the same report
 *      again (a retried upload) and a heartbeat;
 *   5. prints a summary: enrolled, reports sent and accepted, alerts the reports could open,
 *      latency of `POST /scans`.
 *
 * Development only: the mailbox route does not exist with NODE_ENV=production.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CRITICAL_FINDINGS, WARNING_FINDINGS } from './scan-findings';

const { values: args } = parseArgs({
  options: {
    org: { type: 'string', default: 'acme' },
    devices: { type: 'string', default: '50' },
    rate: { type: 'string', default: '10' },
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:8080' },
    email: { type: 'string' },
    password: { type: 'string', default: 'Portal-Demo-1!' },
    duration: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(
    'npm run simulate -- --org acme --devices 500 --rate 50 [--url http://localhost:8080]\n' +
      '  [--email admin@acme.test --password …] [--duration seconds]',
  );
  process.exit(0);
}

/** The demo organizations' administrators (README, 'The two commands'). */
const DEMO_ADMINS: Record<string, string> = {
  acme: 'admin@acme.test',
  initech: 'admin@initech.test',
  newco: 'owner@newco.test',
};

const ORG = args.org.toLowerCase();
const DEVICES = Number(args.devices);
const RATE = Number(args.rate);
const BASE = args.url.replace(/\/+$/, '');
const EMAIL = args.email ?? DEMO_ADMINS[ORG];
const DURATION = args.duration === undefined ? null : Number(args.duration);
if (!EMAIL) {
  console.error(`simulate: no demo administrator for '${ORG}': pass --email and --password.`);
  process.exit(1);
}
if (!Number.isInteger(DEVICES) || DEVICES < 1 || DEVICES > 10_000) {
  console.error('simulate: --devices must be a whole number from 1 to 10000.');
  process.exit(1);
}
if (!(RATE > 0 && RATE <= 5000)) {
  console.error('simulate: --rate must be a number of reports per second from 0 to 5000.');
  process.exit(1);
}

const started = performance.now();
const log = (message: string) =>
  console.log(`[simulate ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

async function portal(method: string, path: string, cookie: string | null, json?: unknown) {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: {
      // As the portal's own API client sends them (the CSRF rule).
      'x-requested-with': 'portal',
      ...(cookie ? { cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { res, data: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

// 1. Sign in.
let cookie: string;
try {
  const { res } = await portal('POST', '/login', null, { email: EMAIL, password: args.password });
  const set = res.headers.getSetCookie().find((c) => /portal_session=/.test(c));
  if (!set) throw new Error('no session cookie in the answer');
  cookie = set.split(';')[0]!;
} catch (error) {
  console.error(
    `simulate: cannot sign in as ${EMAIL} at ${BASE} (is the portal running? \`npm start\`): ` +
      (error instanceof Error ? error.message : String(error)),
  );
  process.exit(1);
}
log(`signed in as ${EMAIL}`);

// 2. Members with invitations, and their codes from the development mailbox.
const run = Date.now().toString(36);
const CODE = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;
const FIRST = ['Alex', 'Sam', 'Jo', 'Kim', 'Lee', 'Max', 'Noa', 'Ren', 'Ari', 'Eli', 'Mia', 'Tom'];
const LAST = ['Park', 'Silva', 'Novak', 'Okafor', 'Berg', 'Rossi', 'Tanaka', 'Meyer', 'Haddad'];
const people = Array.from({ length: DEVICES }, (_, i) => ({
  name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`,
  email: `sim.${run}.${i + 1}@${ORG}.test`,
}));
const codes = new Map<string, string>();
for (let from = 0; from < people.length; from += 100) {
  const batch = people.slice(from, from + 100);
  await portal('POST', '/orgs/create-members?email=true', cookie, { members: batch });
  const wanted = new Set(batch.map((p) => p.email));
  for (let attempt = 0; attempt < 60 && [...wanted].some((e) => !codes.has(e)); attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 500));
    const { data } = await portal('GET', '/dev/outbox', cookie);
    for (const m of data.messages as Array<{ to: string; text: string }>) {
      const code = CODE.exec(m.text)?.[0];
      if (wanted.has(m.to) && code) codes.set(m.to, code);
    }
  }
  const missing = batch.filter((p) => !codes.has(p.email)).length;
  if (missing > 0) throw new Error(`${missing} invitation e-mails did not arrive in the mailbox`);
  log(`${Math.min(from + 100, people.length)} of ${people.length} members invited`);
}

// 3. Enrol a device per member.
const PLATFORMS = [
  {
    platform: 'android',
    models: ['Pixel 8a', 'Pixel 9', 'Galaxy S24', 'Galaxy A55'],
    os: ['13', '14', '15'],
  },
  {
    platform: 'ios',
    models: ['iPhone 13', 'iPhone 15', 'iPhone 16 Pro'],
    os: ['17.6.1', '18.1', '18.2'],
  },
] as const;
interface SimDevice {
  credential: string;
  os: string;
  last: string | null;
}
const fleet: SimDevice[] = [];
async function enrol(i: number): Promise<void> {
  const kind = PLATFORMS[i % 2]!;
  const os = kind.os[i % kind.os.length]!;
  const res = await fetch(`${BASE}/api/device/v1/enroll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: codes.get(people[i]!.email),
      device: {
        model: kind.models[i % kind.models.length],
        platform: kind.platform,
        osVersion: os,
        appVersion: '5.2.0',
      },
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`enrol ${people[i]!.email}: ${res.status} ${text}`);
  fleet.push({
    credential: (JSON.parse(text) as { credential: string }).credential,
    os,
    last: null,
  });
}
for (let i = 0; i < people.length; i += 10) {
  await Promise.all(people.slice(i, i + 10).map((_, j) => enrol(i + j)));
}
log(`${fleet.length} devices enrolled`);

// 4. Reports at RATE per second until stopped.
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

const stats = {
  reports: 0,
  accepted: 0,
  resent: 0,
  heartbeats: 0,
  failed: 0,
  criticalFindings: 0,
  warningFindings: 0,
};
const latencies: number[] = [];
const pairs = new Set<string>();
let inFlight = 0;

async function tick(): Promise<void> {
  const index = Math.floor(Math.random() * fleet.length);
  const device = fleet[index]!;
  const auth = { authorization: `Bearer ${device.credential}` };
  const roll = Math.random();
  inFlight++;
  try {
    if (roll < 0.05) {
      const res = await fetch(`${BASE}/api/device/v1/heartbeat`, { method: 'POST', headers: auth });
      await res.arrayBuffer();
      if (res.ok) stats.heartbeats++;
      else stats.failed++;
      return;
    }
    let body: string;
    if (roll < 0.07 && device.last) {
      body = device.last;
      stats.resent++;
    } else {
      const r = Math.random();
      const findings =
        r < 0.8
          ? []
          : r < 0.95
            ? [pick(WARNING_FINDINGS)]
            : [pick(CRITICAL_FINDINGS), pick(WARNING_FINDINGS)];
      for (const f of findings) {
        if (f.severity === 'critical') stats.criticalFindings++;
        else stats.warningFindings++;
        pairs.add(`${index}:${f.threatId}`);
      }
      body = JSON.stringify({
        reportId: randomUUID(),
        scannedAt: new Date().toISOString(),
        osVersion: device.os,
        screenLock: Math.random() < 0.92,
        findings,
      });
      device.last = body;
    }
    stats.reports++;
    const t0 = performance.now();
    const res = await fetch(`${BASE}/api/device/v1/scans`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status === 202) stats.accepted++;
    else stats.failed++;
  } catch {
    stats.failed++;
  } finally {
    inFlight--;
  }
}

log(
  `sending ${RATE} reports per second; open the dashboard and the alerts console at ${BASE} ` +
    `(Ctrl-C to stop)`,
);
const reportStart = performance.now();
let due = 0;
const timer = setInterval(() => {
  // Catch up to the schedule (timers are coarse); never more than 500 requests in flight.
  const target = ((performance.now() - reportStart) / 1000) * RATE;
  while (due < target && inFlight < 500) {
    due++;
    void tick();
  }
}, 20);

function summary(): void {
  clearInterval(timer);
  const seconds = (performance.now() - reportStart) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
      : NaN;
  console.log(
    [
      '',
      `Simulated ${ORG} for ${seconds.toFixed(1)} s at ${RATE}/s:`,
      `  members invited and devices enrolled: ${fleet.length}`,
      `  scan reports sent: ${stats.reports} (${stats.resent} of them resent), accepted: ${stats.accepted}, failed: ${stats.failed}`,
      `  heartbeats: ${stats.heartbeats}`,
      `  findings reported: ${stats.criticalFindings} critical, ${stats.warningFindings} warning; ` +
        `distinct (device, finding) pairs: ${pairs.size} (at most that many new alerts)`,
      `  POST /scans latency: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms`,
    ].join('\n'),
  );
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(timer);
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  summary();
  process.exit(stats.failed > 0 ? 1 : 0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (DURATION !== null) setTimeout(() => void stop(), DURATION * 1000);
