/**
 * `npm run bench` (node --expose-gc --import tsx scripts/bench-audit.ts): the audit log
 * (docs/decisions/018-audit-log.md, 'Figures').
 *
 * Seeds one organization with BENCH_AUDIT_EVENTS (1,000,000) chained events in a temporary
 * in-memory PGlite (hashes computed here, rows sent 10,000 at a time through unnest), then through
 * the real app in-process (`app.request()`, a signed-in cookie, no network):
 *
 * - the Activity list: page 1, page 1000, an actor filter (page 1 and a deep page), an action
 *   filter, a cursor page — the first request apart ("cold"), then BENCH_REQUESTS timed;
 * - what recording adds to a write: a settings UPDATE in a transaction, with and without its
 *   event (appendEvent), alternating, and the whole audited PUT /orgs/email-preferences;
 * - the CSV export of all events: time, and the server's memory growth while it streams
 *   (RSS and heap sampled every 64 chunks against the level before, after a GC).
 *
 * Targets: list p95 ≤ 30 ms, recording ≤ 2 ms p95, export memory growth < 50 MB.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { openDatabase, type Database } from '../server/db';
import { prepareDatabase } from '../server/bootstrap';
import {
  auditLogs,
  emailPreferences,
  organizations,
  subscriptions,
  users,
} from '../server/db/schema';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../server/auth/passwords';
import { sessionCookieOf } from '../server/test-support';
import { chainedContent, eventHash, GENESIS_HASH } from '../server/audit/chain';
import { appendEvent } from '../server/audit/data';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const EMAIL = 'admin@bench-audit.test';
const PASSWORD = 'Bench-Password-1!';
const ACTORS = 20;
const ACTIONS = [
  'alert.closed',
  'device.unenrolled',
  'member.created',
  'scim.updated',
  'session.signed_in',
];

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench-audit ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

const handle = await openDatabase({ dataDir: 'memory://' });
const db = handle.db;
await prepareDatabase(handle, { seedDemo: false });

const passwordHash = await hashPassword(PASSWORD, TEST_SCRYPT_PARAMS);
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench', slug: 'bench' })
  .returning({ id: organizations.id });
if (!org) throw new Error('no organization');
const orgId = org.id;
await db.insert(subscriptions).values({ orgId, status: 'active', updatedAt: new Date() });
const [admin] = await db
  .insert(users)
  .values({ orgId, name: 'Bench Admin', email: EMAIL, passwordHash })
  .returning({ id: users.id });

// The chain, computed here in order; rows go in 10,000 at a time.
const BATCH = 10_000;
const start = Date.UTC(2026, 0, 1);
let prev = GENESIS_HASH;
for (let from = 1; from <= EVENTS; from += BATCH) {
  const rows: Array<Record<string, unknown>> = [];
  for (let seq = from; seq < Math.min(from + BATCH, EVENTS + 1); seq++) {
    const h = (seq * 2654435761) % 1000003;
    const actor = 1 + (h % ACTORS);
    const row = {
      orgId,
      seq,
      // About 30 seconds apart: a million events span a year.
      occurredAt: new Date(start + seq * 30_000),
      actorType: 'user',
      actorId: `bench-${actor}`,
      actorDisplay: `Admin ${actor}`,
      action: ACTIONS[h % ACTIONS.length]!,
      targetType: 'device',
      targetId: `D${h}`,
      targetDisplay: `Device ${h}`,
      outcome: h % 13 === 0 ? 'failure' : 'success',
      message: null,
      ip: `203.0.113.${h % 250}`,
      userAgent: null,
      requestId: null,
      changes: { codes: [`D${h}`] },
    };
    const hash = eventHash(prev, chainedContent(row));
    rows.push({
      seq,
      at: row.occurredAt.toISOString(),
      actor_id: row.actorId,
      actor_display: row.actorDisplay,
      action: row.action,
      target_id: row.targetId,
      target_display: row.targetDisplay,
      outcome: row.outcome,
      ip: row.ip,
      changes: row.changes,
      prev_hash: prev,
      hash,
    });
    prev = hash;
  }
  // One JSON parameter per batch (a parameter per value would be 120,000 of them).
  await db.execute(sql`
    INSERT INTO audit_events (org_id, seq, occurred_at, actor_type, actor_id, actor_display, action,
      target_type, target_id, target_display, outcome, ip, changes, prev_hash, hash)
    SELECT ${orgId}, seq, at, 'user', actor_id, actor_display, action, 'device', target_id,
      target_display, outcome, ip, changes, prev_hash, hash
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS u(seq bigint, at timestamptz, actor_id text, actor_display text, action text,
        target_id text, target_display text, outcome text, ip text, changes jsonb,
        prev_hash text, hash text)`);
  if ((from - 1) % 200_000 === 0) log(`inserted ${from - 1 + BATCH} events`);
}
await db.insert(auditLogs).values({ orgId, headSeq: EVENTS, headHash: prev });
await db.execute(sql`ANALYZE`);
log(`inserted ${EVENTS} events and analyzed`);

const app = createApp({ db, scrypt: TEST_SCRYPT_PARAMS, logger: console });
const login = await app.request('/api/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const cookie = sessionCookieOf(login);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function timed(query: string): Promise<{ ms: number; rows: number; total: number }> {
  const t0 = performance.now();
  const res = await app.request(`/api/orgs/audit-events?${query}`, { headers: { cookie } });
  const body = (await res.json()) as { events: unknown[]; total: number };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, rows: body.events.length, total: body.total };
}

// A cursor deep in the log (what "Next" sends from page 500).
const cursor = String(EVENTS - 500 * 50);
const scenarios = [
  { name: 'page 1 (pageSize 50)', query: 'page=1&pageSize=50' },
  { name: 'page 1000 (pageSize 50)', query: 'page=1000&pageSize=50' },
  { name: `cursor ${cursor}`, query: `pageSize=50&cursor=${cursor}` },
  { name: 'actor filter, page 1', query: 'actor=user:bench-7&pageSize=50' },
  { name: 'actor filter, page 500', query: 'actor=user:bench-7&page=500&pageSize=50' },
  { name: 'action filter (2 of 5), page 1', query: 'action=scim.updated&action=member.created' },
  { name: 'outcome=failure, page 200', query: 'outcome=failure&page=200' },
];

for (let i = 0; i < 30; i++) await timed(`page=${1 + i}&pageSize=20`);
const lines = [
  '| scenario | rows | p50 | p95 | max | cold |',
  '| --- | --- | --- | --- | --- | --- |',
];
let worstListP95 = 0;
for (const scenario of scenarios) {
  const cold = await timed(scenario.query);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push((await timed(scenario.query)).ms);
  samples.sort((a, b) => a - b);
  const p95 = percentile(samples, 95);
  worstListP95 = Math.max(worstListP95, p95);
  lines.push(
    `| ${scenario.name} | ${cold.rows} of ${cold.total} | ${fmt(percentile(samples, 50))} | ${fmt(p95)} | ${fmt(samples[samples.length - 1] ?? NaN)} | ${fmt(cold.ms)} |`,
  );
  log(`${scenario.name}: done`);
}

// What recording adds to a write: the same settings UPDATE in a transaction, alone and with its
// event, alternating (so both see the same machine load).
async function write(withEvent: boolean, i: number): Promise<number> {
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx
      .insert(emailPreferences)
      .values({ orgId, weeklySummary: i % 2 === 0, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: emailPreferences.orgId,
        set: { weeklySummary: i % 2 === 0, updatedAt: new Date() },
      });
    if (withEvent) {
      await appendEvent(tx as unknown as Database, {
        orgId,
        time: new Date(),
        actor: { type: 'user', id: String(admin!.id), display: 'Bench Admin' },
        action: 'notifications.email_preferences_updated',
        target: { type: 'notifications', id: null, display: 'E-mail preferences' },
        outcome: 'success',
        ip: '203.0.113.1',
        userAgent: 'bench',
        requestId: `r${i}`,
        changes: { before: { weeklySummary: i % 2 === 1 }, after: { weeklySummary: i % 2 === 0 } },
      });
    }
  });
  return performance.now() - t0;
}
const plain: number[] = [];
const recorded: number[] = [];
for (let i = 0; i < 50; i++) await write(i % 2 === 0, i);
for (let i = 0; i < 2 * REQUESTS; i++) {
  if (i % 2 === 0) plain.push(await write(false, i));
  else recorded.push(await write(true, i));
}
plain.sort((a, b) => a - b);
recorded.sort((a, b) => a - b);
const overheadP95 = percentile(recorded, 95) - percentile(plain, 95);
const overheadP50 = percentile(recorded, 50) - percentile(plain, 50);

const endpoint: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const t0 = performance.now();
  const res = await app.request('/api/orgs/email-preferences', {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'portal' },
    body: JSON.stringify({ weeklySummary: i % 2 === 0 }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`PUT email-preferences: ${res.status}`);
  endpoint.push(performance.now() - t0);
}
endpoint.sort((a, b) => a - b);
log('recording measured');

// The CSV export of every event: memory growth while it streams.
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
// Sampled as the chunks arrive: the export's reads can run through without a timer ever firing.
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const t0 = performance.now();
const res = await app.request('/api/orgs/audit-events/export.csv', { headers: { cookie } });
if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
const reader = res.body.getReader();
let bytes = 0;
let newlines = 0;
let chunks = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  if (++chunks % 64 === 0) sample();
}
sample();
const exportMs = performance.now() - t0;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const rssGrowth = peakRss - base.rss;
const heapGrowth = peakHeap - base.heapUsed;
// The seeded events and those the measurements above recorded.
const [head] = await db.select({ seq: auditLogs.headSeq }).from(auditLogs);
if (newlines !== Number(head?.seq) + 1) {
  throw new Error(`export wrote ${newlines - 1} rows, not ${head?.seq}`);
}

await handle.close();
console.log(
  `\nGET /api/orgs/audit-events, ${EVENTS.toLocaleString('en-US')} events in one organization, ` +
    `${REQUESTS} requests per scenario (in-process app.request, PGlite in memory)\n`,
);
console.log(lines.join('\n'));
console.log(
  `\nRecording (settings UPSERT in a transaction, ${REQUESTS} with and ${REQUESTS} without the ` +
    `event, alternating): p50 ${fmt(percentile(plain, 50))} → ${fmt(percentile(recorded, 50))} ` +
    `(+${fmt(overheadP50)}), p95 ${fmt(percentile(plain, 95))} → ${fmt(percentile(recorded, 95))} ` +
    `(+${fmt(overheadP95)}; target ≤ 2 ms). Whole audited PUT /orgs/email-preferences (before/after ` +
    `reads, event): p50 ${fmt(percentile(endpoint, 50))}, p95 ${fmt(percentile(endpoint, 95))}.`,
);
console.log(
  `CSV export: ${newlines - 1} rows, ${mb(bytes)} in ${(exportMs / 1000).toFixed(1)} s; memory ` +
    `growth while streaming: RSS +${mb(rssGrowth)}, heap +${mb(heapGrowth)} (target < 50 MB).`,
);
console.log(
  `Worst list p95: ${fmt(worstListP95)} (target ≤ 30 ms). Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
process.exitCode = worstListP95 <= 30 && overheadP95 <= 2 && rssGrowth < 50 * 1024 * 1024 ? 0 : 1;
