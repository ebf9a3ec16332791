/**
 * `npm run bench` (node --import tsx scripts/bench-scim.ts): the SCIM service's budgets
 * (docs/decisions/050-scim.md) on PGlite in memory, through the real Hono app in process.
 *
 * 1. An organization with 100,000 provisioned members (set-based INSERT … SELECT generate_series),
 *    then REQUESTS × `GET /Users?filter=userName eq "…"` on random members: p50, p95, max.
 *    Target: p95 ≤ 15 ms.
 * 2. 1,000 sequential `POST /Users` (each a member, its code, its dashboard row, its invitation
 *    job, its webhook events) into that organization. Target: ≤ 20 s.
 *
 * Environment: BENCH_SCIM_MEMBERS (100000), BENCH_REQUESTS (200), BENCH_SCIM_POSTS (1000).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { orgCredentials, organizations } from '../server/db/schema';
import { hashToken } from '../server/auth/tokens';
import { TEST_SCRYPT_PARAMS } from '../server/auth/passwords';

const MEMBERS = Number(process.env.BENCH_SCIM_MEMBERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const POSTS = Number(process.env.BENCH_SCIM_POSTS ?? 1000);
const HEADER = 'Bearer bench-scim-token-0123456789abcdefghijklmnopqrstu';

const started = performance.now();
const log = (message: string) =>
  console.error(`[bench-scim ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

const handle = await openDatabase({ dataDir: 'memory://' });
const db = handle.db;
await migrate(handle.runner);
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench', slug: 'bench' })
  .returning({ id: organizations.id });
if (!org) throw new Error('no organization');
await db.insert(orgCredentials).values({
  orgId: org.id,
  kind: 'scim',
  secret: HEADER,
  secretHash: hashToken(HEADER),
  createdAt: new Date(),
});
await db.execute(sql`
  INSERT INTO members (org_id, name, email, created_at, source, scim_id, scim_user_name,
                       scim_external_id, scim_attributes, scim_updated_at, enrollment_code)
  SELECT ${org.id}, 'Member ' || i, 'member' || i || '@bench.test', '2026-01-01T00:00:00Z', 'scim',
         'bench-' || i, 'member' || i || '@bench.test', 'ext-' || i,
         jsonb_build_object('name', jsonb_build_object('givenName', 'Member', 'familyName', 'N' || i),
                            'emails', jsonb_build_array(jsonb_build_object('value', 'member' || i || '@bench.test', 'type', 'work', 'primary', true))),
         '2026-01-01T00:00:00Z', 'B' || lpad(i::text, 3, '0') || '-' || i
  FROM generate_series(1, ${MEMBERS}) AS i`);
await db.execute(sql`ANALYZE members`);
log(`${MEMBERS} provisioned members`);

const app = createApp({
  db,
  scrypt: TEST_SCRYPT_PARAMS,
  logger: console,
  scimRateLimit: { burst: 1_000_000, perSecond: 1_000_000 },
});
const headers = { authorization: HEADER, 'content-type': 'application/scim+json' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

// Deterministic spread over the members (no randomness): a multiplicative hash of the index.
const pick = (i: number) => 1 + ((i * 7919) % MEMBERS);
async function lookup(i: number): Promise<number> {
  const filter = encodeURIComponent(`userName eq "member${pick(i)}@bench.test"`);
  const t0 = performance.now();
  const res = await app.request(`/scim/v2/bench/Users?filter=${filter}`, { headers });
  const body = (await res.json()) as { totalResults: number };
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.totalResults !== 1) throw new Error(`lookup ${i}: ${res.status}`);
  return ms;
}
for (let i = 0; i < 30; i++) await lookup(100_000 + i);
const samples: number[] = [];
for (let i = 0; i < REQUESTS; i++) samples.push(await lookup(i));
samples.sort((a, b) => a - b);
const p95 = percentile(samples, 95);
log('lookups done');

const t0 = performance.now();
for (let i = 0; i < POSTS; i++) {
  const userName = `new${i}@bench.test`;
  const res = await app.request('/scim/v2/bench/Users', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'New', familyName: `N${i}` },
      emails: [{ value: userName, type: 'work', primary: true }],
      externalId: `new-${i}`,
    }),
  });
  if (res.status !== 201) throw new Error(`POST ${i}: ${res.status} ${await res.text()}`);
}
const postSeconds = (performance.now() - t0) / 1000;
await handle.close();

console.log(
  `\nSCIM, ${MEMBERS.toLocaleString('en-US')} provisioned members in one organization ` +
    `(in-process app.request, PGlite in memory)\n`,
);
console.log('| scenario | p50 | p95 | max | target |');
console.log('| --- | --- | --- | --- | --- |');
console.log(
  `| GET /Users?filter=userName eq "…" (${REQUESTS}) | ${fmt(percentile(samples, 50))} | ${fmt(p95)} | ${fmt(samples[samples.length - 1] ?? NaN)} | p95 ≤ 15 ms |`,
);
console.log(
  `\n${POSTS} sequential POST /Users: ${postSeconds.toFixed(1)} s (target ≤ 20 s), ` +
    `${((postSeconds * 1000) / POSTS).toFixed(1)} ms each.`,
);
process.exitCode = p95 <= 15 && postSeconds <= 20 ? 0 : 1;
