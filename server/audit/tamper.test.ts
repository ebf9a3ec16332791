/**
 * Tamper evidence (docs/decisions/018-audit-log.md): the table refuses UPDATE and DELETE, the
 * verification finds a row edited directly in the database at that row (also through
 * `npm run audit:verify` on a DATA_DIR), and retention deletes whole old prefixes behind a
 * checkpoint so the chain still verifies.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap';
import { openDatabase, type Database } from '../db';
import { auditCheckpoints, auditEvents, organizations } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { appendEvent } from './data';
import { runRetention, scheduleRetention } from './retention';
import { describeVerification, verifyAuditChains } from './verify';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.test' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function someEvents(db: Database, orgId: number, n: number, start: Date, stepMs = 1000) {
  for (let i = 0; i < n; i++) {
    await appendEvent(db, {
      orgId,
      time: new Date(start.getTime() + i * stepMs),
      actor: { type: 'user', id: '1', display: 'Avery Admin' },
      action: 'alert.closed',
      target: { type: 'alert', id: `scan_${i}`, display: `scan_${i}` },
      outcome: 'success',
      changes: { alertIds: [`scan_${i}`] },
    });
  }
}

/** As the retention job may: the trigger lets this transaction change events. */
async function asRetention<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('portal.audit_retention', 'on', true)`);
    return work(tx as unknown as Database);
  });
}

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE of events and checkpoints', async () => {
    const org = await makeOrg(t, { name: 'Appendonly' });
    await someEvents(t.db, org.id, 2, t.clock.now());
    await expect(
      t.db.update(auditEvents).set({ actorDisplay: 'x' }).where(eq(auditEvents.orgId, org.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.orgId, org.id))).rejects.toThrow();
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, org.id))).toHaveLength(
      2,
    );
  });

  it('deleting the organization deletes its log with it', async () => {
    const org = await makeOrg(t, { name: 'Goneco' });
    await someEvents(t.db, org.id, 2, t.clock.now());
    await t.db.delete(organizations).where(eq(organizations.id, org.id));
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, org.id))).toEqual([]);
  });
});

describe('verification', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await makeOrg(t, { name: 'Verified' });
    await someEvents(t.db, org.id, 5, t.clock.now());
  });

  it('passes an untouched chain and counts its events', async () => {
    const result = await verifyAuditChains(t.db, { slug: 'verified' });
    expect(result).toMatchObject({ events: 5, organizations: 1, broken: null });
    expect(describeVerification(result)).toBe('audit chain ok: 5 events in 1 organizations');
  });

  it('fails at the row edited directly in the database, and at a row removed', async () => {
    // As someone with the database's owner rights would: past the trigger.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
      await tx.execute(
        sql`UPDATE audit_events SET target_display = 'something else' WHERE org_id = ${org.id} AND seq = 3`,
      );
      await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
    });
    const edited = await verifyAuditChains(t.db, { slug: 'verified' });
    expect(edited.broken).toMatchObject({ slug: 'verified', seq: 3, problem: 'hash' });
    expect(describeVerification(edited)).toMatch(
      /^audit chain BROKEN: organization verified, event 3: /,
    );

    const other = await makeOrg(t, { name: 'Truncated' });
    await someEvents(t.db, other.id, 4, t.clock.now());
    await asRetention((tx) =>
      tx
        .delete(auditEvents)
        .where(sql`${auditEvents.orgId} = ${other.id} AND ${auditEvents.seq} = 4`),
    );
    expect((await verifyAuditChains(t.db, { slug: 'truncated' })).broken).toMatchObject({
      seq: 4,
      problem: 'gap',
    });
  });
});

describe('retention', () => {
  it('deletes whole old prefixes behind a checkpoint; the chain still verifies', async () => {
    const org = await makeOrg(t, { name: 'Retained' });
    const now = t.clock.now();
    const day = 24 * 3600 * 1000;
    // 4 events 400 days old, 3 of 100 days, 2 of today.
    await someEvents(t.db, org.id, 4, new Date(now.getTime() - 400 * day));
    await someEvents(t.db, org.id, 3, new Date(now.getTime() - 100 * day));
    await someEvents(t.db, org.id, 2, now);
    // Default one year: the 4 oldest go, through the queue.
    await scheduleRetention(t.queue, t.db);
    await t.queue.drain();
    const seqs = async () =>
      (
        await t.db
          .select({ seq: auditEvents.seq, action: auditEvents.action })
          .from(auditEvents)
          .where(eq(auditEvents.orgId, org.id))
          .orderBy(asc(auditEvents.seq))
      ).map((r) => `${r.seq} ${r.action}`);
    expect(await seqs()).toEqual([
      '5 alert.closed',
      '6 alert.closed',
      '7 alert.closed',
      '8 alert.closed',
      '9 alert.closed',
      '10 audit.retention_applied',
    ]);
    const [checkpoint] = await t.db
      .select()
      .from(auditCheckpoints)
      .where(eq(auditCheckpoints.orgId, org.id));
    expect(checkpoint).toMatchObject({ seq: 4, deleted: 4 });
    expect((await verifyAuditChains(t.db, { slug: 'retained' })).broken).toBeNull();

    // Six months through the API: the 100-day-old events stay; with a later clock they go too.
    const r = await t.call('PUT', '/api/orgs/audit-settings', {
      cookie: org.cookie,
      json: { retention: 'SIX_MONTHS' },
    });
    expect(r.data).toMatchObject({ retention: 'SIX_MONTHS' });
    expect(await runRetention(t.db, now)).toBe(0);
    expect(await runRetention(t.db, new Date(now.getTime() + 90 * day))).toBe(3);
    const result = await verifyAuditChains(t.db, { slug: 'retained' });
    expect(result.broken).toBeNull();
    // 2 of today, the two retention events, the setting change.
    expect(result.events).toBe(5);
    // Never keeps everything (the other organizations here keep one year: theirs go).
    await t.call('PUT', '/api/orgs/audit-settings', {
      cookie: org.cookie,
      json: { retention: 'NEVER' },
    });
    const kept = (await seqs()).length;
    await runRetention(t.db, new Date(now.getTime() + 3650 * day));
    expect((await seqs()).length).toBe(kept);
  });
});

describe('npm run audit:verify', () => {
  it('prints ok for an intact DATA_DIR and the broken event, exit 1, after a direct edit', async () => {
    const dir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'audit-verify-'));
    try {
      const fill = await openDatabase({ dataDir: dir });
      await prepareDatabase(fill, { seedDemo: false });
      const [org] = await fill.db
        .insert(organizations)
        .values({ name: 'Clio', slug: 'clio' })
        .returning();
      await someEvents(fill.db, org!.id, 3, new Date());
      await fill.close();

      const run = (args: string[] = []) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'server/audit/verify-cli.ts', ...args],
          {
            env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
          },
        ).then(
          (out) => ({ code: 0, ...out }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      const ok = await run();
      expect(ok.stdout.trim()).toBe('audit chain ok: 3 events in 1 organizations');
      expect(ok.code).toBe(0);

      const edit = await openDatabase({ dataDir: dir });
      await edit.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
        await tx.execute(sql`UPDATE audit_events SET ip = '198.51.100.7' WHERE seq = 2`);
        await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
      });
      await edit.close();
      const broken = await run(['--org', 'clio']);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/audit chain BROKEN: organization clio, event 2: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
