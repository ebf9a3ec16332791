/**
 * Row locks against foreign keys, on PostgreSQL (`npm run test:postgres`; skipped on PGlite, where
 * one connection runs one transaction at a time).
 *
 * Every insert that references a row (an audit event, a member, a job: all reference their
 * organization) takes a FOR KEY SHARE lock on it to check the key. `SELECT … FOR UPDATE` conflicts
 * with that lock; `FOR NO KEY UPDATE` does not, and still excludes every other locker and every
 * UPDATE of the row. The server's "lock the organization while members are added" therefore takes
 * NO KEY UPDATE. With FOR UPDATE, a call adding members (organization locked, then its audit event)
 * and a batch of read events (audit head locked, then the key check on the organization) waited
 * on each other: PostgreSQL reported a deadlock and the call answered 500 (CI, stop 27).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent, type NewAuditEvent } from '../audit/data';
import { lockOrg } from '../members/data';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function event(orgId: number, action: NewAuditEvent['action']): NewAuditEvent {
  return {
    orgId,
    time: new Date(),
    actor: { type: 'system', id: 'system', display: 'System' },
    action,
    target: null,
    outcome: 'success',
  };
}

/** Settles with `true` when the promise settles within `ms`, `false` otherwise. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('row locks and foreign keys', () => {
  let t: TestApp;
  let orgId: number;
  beforeAll(async () => {
    t = await createTestApp();
    orgId = (await makeOrg(t, { name: 'Locks' })).id;
  });
  afterAll(() => t.close());

  it('an organization locked for adding members does not hold up rows that reference it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await lockOrg(tx, orgId);
      locked();
      await held;
    });
    await isLocked;
    try {
      // An audit event of the same organization, from another connection, while the lock is held.
      const appended = appendEvent(t.db, event(orgId, 'member.created'));
      expect(await within(appended, 2_000)).toBe(true);
    } finally {
      release();
      await holder;
    }
  });

  it('adding members while read events are written: both commit, no deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      let proceed!: () => void;
      const go = new Promise<void>((resolve) => (proceed = resolve));
      // The call: organization locked, then (once the batch below is under way) its own event.
      const call = t.db.transaction(async (tx) => {
        await lockOrg(tx, orgId);
        proceed();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await appendEvent(tx, event(orgId, 'member.created'));
      });
      // The read events' batch: one statement takes the audit head, then checks each event's
      // organization key. With FOR UPDATE above it waited for the call, which waited for the head.
      await go;
      const batch = appendEvent(t.db, event(orgId, 'api_key.called'));
      const results = await Promise.allSettled([call, batch]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
    }
  });
});
