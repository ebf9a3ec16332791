/**
 * `npm run bench` (node --import tsx scripts/bench-live.ts): live notice latency, from the commit
 * of a change to an open dashboard's revalidating request (docs/decisions/052-live-console.md).
 * Target: p95 ≤ 500 ms.
 *
 * The real app on a real HTTP server (loopback), PGlite in memory (or PostgreSQL with
 * BENCH_DATABASE_URL: then the stream is served by a second app instance on its own pool and
 * LISTEN connection, as another server process would). A client reads GET /api/events over HTTP
 * (fetch, as a browser's EventSource does) and paces its refetch of GET /api/orgs with the portal's
 * own RevalidationPacer (app/live/pacer.ts: at most one per 400 ms, none in flight).
 *
 * 1. Isolated changes (BENCH_LIVE_CHANGES, 30): a device update and its notice commit after a
 *    quiet spell; measured: commit → event received, commit → revalidating GET sent, and → its
 *    answer.
 * 2. Under load: BENCH_LIVE_RATE (300) changes a second for BENCH_LIVE_SECONDS (10), at most 16
 *    waiting for the database at once (what the database cannot take is skipped and counted);
 *    measured per commit: commit → the event that covers it (its id), commit → the first GET sent
 *    after that event (paced: up to a second later by design), GETs per second.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { openDatabase, type DatabaseHandle } from '../server/db';
import { prepareDatabase } from '../server/bootstrap';
import { devices, organizations, subscriptions, users } from '../server/db/schema';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../server/auth/passwords';
import { serveApp } from '../server/http/http-server';
import { NoticeHub } from '../server/events/hub';
import { publishNotice } from '../server/events/notices';
import { DEFAULT_MIN_INTERVAL_MS, RevalidationPacer } from '../app/live/pacer';

const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 30);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const DEVICES = 2000;
const EMAIL = 'admin@bench-live.test';
const PASSWORD = 'Bench-Password-1!';
const TARGET_P95_MS = 500;
const MAX_IN_FLIGHT = 16;

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench-live ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);
const quiet = { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const url = process.env.BENCH_DATABASE_URL;
const writer: DatabaseHandle = await openDatabase(
  url ? { databaseUrl: url } : { dataDir: 'memory://' },
);
await prepareDatabase(writer, { scrypt: TEST_SCRYPT_PARAMS, seedDemo: false });
// On PostgreSQL the stream is served by another instance: notices cross processes' connections.
const reader: DatabaseHandle = url ? await openDatabase({ databaseUrl: url }) : writer;
const db = writer.db;

const slug = `bench-live-${Date.now()}`;
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench Live', slug })
  .returning({ id: organizations.id });
if (!org) throw new Error('no organization');
const orgId = org.id;
const email = url ? `${slug}@bench-live.test` : EMAIL;
await db.insert(subscriptions).values({ orgId, status: 'active', updatedAt: new Date() });
await db.insert(users).values({
  orgId,
  name: 'Bench Admin',
  email,
  passwordHash: await hashPassword(PASSWORD, TEST_SCRYPT_PARAMS),
});
await db.execute(sql`
  INSERT INTO devices (org_id, code, model, platform, os_version, enrolled, severity, last_scan_at)
  SELECT ${orgId}, 'BL' || lpad(i::text, 6, '0'), 'Pixel 9', 'android', '16', true, 'secure', now()
  FROM generate_series(1, ${DEVICES}) AS i`);
const deviceIds = (
  await db.select({ id: devices.id }).from(devices).where(eq(devices.orgId, orgId))
).map((d) => d.id);
log(`organization with ${DEVICES} devices (${url ? 'PostgreSQL' : 'PGlite in memory'})`);

const hub = new NoticeHub(reader.listen, quiet);
const app = createApp({ db: reader.db, notices: hub, scrypt: TEST_SCRYPT_PARAMS, logger: quiet });
const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
  body: JSON.stringify({ email, password: PASSWORD }),
});
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const cookie = /portal_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];

// The dashboard: an event stream and a paced refetch of its page.
const events: Array<{ id: number; at: number }> = [];
const gets: Array<{ sent: number; answered: number }> = [];
let waiters: Array<() => void> = [];
const pacer = new RevalidationPacer(async () => {
  const sent = performance.now();
  const res = await fetch(`${base}/api/orgs?page=1&pageSize=50`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /api/orgs: ${res.status}`);
  gets.push({ sent, answered: performance.now() });
});
const stream = await fetch(`${base}/api/events`, { headers: { cookie } });
if (stream.status !== 200 || !stream.body) throw new Error(`GET /api/events: ${stream.status}`);
const streamReader = stream.body.getReader();
void (async () => {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await streamReader
      .read()
      .catch(() => ({ done: true, value: undefined }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const id = Number(/^id: (\d+)$/m.exec(block)?.[1] ?? NaN);
      if (name === 'devices' || name === 'alerts') {
        events.push({ id, at: performance.now() });
        pacer.notify();
        const w = waiters;
        waiters = [];
        for (const resolve of w) resolve();
      }
    }
  }
})();
await sleep(200);

/** A device's scan as the device API would commit it: the update and its notice, one transaction. */
async function commitChange(i: number): Promise<{ id: number; committed: number }> {
  const id = await db.transaction(async (tx) => {
    await tx
      .update(devices)
      .set({ lastScanAt: new Date() })
      .where(eq(devices.id, deviceIds[i % deviceIds.length]!));
    await publishNotice(tx, orgId, { topic: 'devices' });
    // The notice's id, to match the event that covers it (drizzle answers { rows } on both drivers).
    const result = (await tx.execute(
      sql`SELECT currval('change_notices_id_seq')::text AS id`,
    )) as unknown as { rows: Array<{ id: string }> };
    const row = result.rows[0];
    return Number((row as { id: string } | undefined)?.id ?? NaN);
  });
  return { id, committed: performance.now() };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${fmt(percentile(values, 50))} | ${fmt(percentile(values, 95))} | ${fmt(Math.max(...values))} |`;

// 1. Isolated changes.
const toEvent: number[] = [];
const toGet: number[] = [];
const toAnswer: number[] = [];
for (let i = 0; i < CHANGES; i++) {
  // A quiet spell: the pacer's interval since the last refetch has passed.
  const last = gets.at(-1)?.sent ?? 0;
  await sleep(Math.max(0, last + 1050 - performance.now()));
  const getsBefore = gets.length;
  const seen = new Promise<void>((resolve) => waiters.push(resolve));
  const { committed } = await commitChange(i);
  await Promise.race([seen, sleep(5000)]);
  const event = events.at(-1);
  if (!event || event.at < committed) throw new Error(`change ${i}: no event within 5 s`);
  toEvent.push(event.at - committed);
  for (let waited = 0; gets.length === getsBefore && waited < 5000; waited += 5) await sleep(5);
  const get = gets[getsBefore];
  if (!get) throw new Error(`change ${i}: no refetch within 5 s`);
  toGet.push(get.sent - committed);
  toAnswer.push(get.answered - committed);
}
log(`isolated changes: ${CHANGES}`);

// 2. Under load.
await sleep(1100);
const loadStart = performance.now();
const commits: Array<{ id: number; committed: number }> = [];
const running = new Set<Promise<void>>();
const getsBeforeLoad = gets.length;
const total = RATE * SECONDS;
let skipped = 0;
for (let i = 0; i < total; i++) {
  const due = loadStart + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 1) await sleep(wait);
  // Closed loop: at most MAX_IN_FLIGHT changes waiting for the database. Beyond its capacity an
  // open loop only measures an ever longer queue; the achieved rate is printed instead.
  if (running.size >= MAX_IN_FLIGHT) {
    skipped++;
    continue;
  }
  const p: Promise<void> = commitChange(CHANGES + i).then((c) => {
    commits.push(c);
    running.delete(p);
  });
  running.add(p);
}
await Promise.all([...running]);
const loadMs = performance.now() - loadStart;
await sleep(1500);
const loadEvent: number[] = [];
const loadGet: number[] = [];
for (const c of commits) {
  const event = events.find((e) => e.id >= c.id && e.at >= c.committed - 1);
  if (!event) continue;
  loadEvent.push(event.at - c.committed);
  const get = gets.find((g) => g.sent >= event.at);
  if (get) loadGet.push(get.sent - c.committed);
}
const loadGets = gets.length - getsBeforeLoad;
log(`under load: ${commits.length} changes in ${(loadMs / 1000).toFixed(1)} s`);

await streamReader.cancel().catch(() => undefined);
pacer.dispose();
await hub.close();
await new Promise<void>((resolve) => server.close(() => resolve()));
if (reader !== writer) await reader.close();
await writer.close();

const lost = commits.length - loadEvent.length;
const p95 = percentile(toGet, 95);
console.log(
  `\nLive notices (${url ? 'PostgreSQL, stream served by a second instance' : 'PGlite in memory'}; ` +
    `SSE over loopback HTTP; the portal's pacer, ${DEFAULT_MIN_INTERVAL_MS} ms)\n`,
);
console.log('| isolated change, commit → | changes | p50 | p95 | max |');
console.log('| --- | --- | --- | --- | --- |');
console.log(row('event received', toEvent));
console.log(row('revalidating GET sent', toGet));
console.log(row('its answer', toAnswer));
console.log(
  `\nUnder load: ${commits.length} changes at ${(commits.length / (loadMs / 1000)).toFixed(0)}/s ` +
    `(asked ${RATE}/s for ${SECONDS} s, ${skipped} skipped with ${MAX_IN_FLIGHT} in flight); ${loadGets} refetches (${(loadGets / (loadMs / 1000)).toFixed(2)}/s); ` +
    `${lost} changes without a covering event\n`,
);
console.log('| under load, commit → | changes | p50 | p95 | max |');
console.log('| --- | --- | --- | --- | --- |');
if (loadEvent.length) console.log(row('covering event received', loadEvent));
if (loadGet.length) console.log(row('next revalidating GET sent (paced)', loadGet));
console.log(
  `\nTarget: commit → revalidating GET p95 ≤ ${TARGET_P95_MS} ms: ${fmt(p95)} ${p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`,
);
if (p95 > TARGET_P95_MS || lost > 0) process.exitCode = 1;
