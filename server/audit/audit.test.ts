/**
 * The audit log through the app: events recorded with their calls, the list's filters and pages,
 * the exports, the actors, the retention setting (docs/decisions/018-audit-log.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@contract/audit';
import { REDACTED } from '@domain/audit';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { appendEvent } from './data';

let t: Awaited<ReturnType<typeof createTestApp>>;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.test' });
  org = await makeOrg(t, { name: 'Example', alerts: 3, devices: 3 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function events(query = ''): Promise<AuditEvent[]> {
  const r = await t.call('GET', `/api/orgs/audit-events${query}`, { cookie: org.cookie });
  expect(r.status, r.text).toBe(200);
  return r.data.events as AuditEvent[];
}

describe('recording', () => {
  it('records a settings change with before and after, the secret redacted', async () => {
    const r = await t.call('POST', '/api/orgs/scim', {
      cookie: org.cookie,
      json: { enable: true },
    });
    expect(r.status, r.text).toBe(200);
    const [event] = await events();
    expect(event).toMatchObject({
      action: 'scim.updated',
      outcome: 'success',
      actor: { type: 'user', id: String(org.admin.id), display: org.admin.name },
      target: { type: 'scim', display: 'SCIM' },
      changes: {
        before: { enabled: false, authHeader: null, sendInvitations: true },
        after: { enabled: true, authHeader: REDACTED, sendInvitations: true },
      },
    });
    expect(event!.requestId).toBe(r.res.headers.get('x-request-id'));
    expect(JSON.stringify(event)).not.toContain(r.data.authHeader);
    // The invitations switch is a SCIM setting too: its change is on record.
    const off = await t.call('POST', '/api/orgs/scim', {
      cookie: org.cookie,
      json: { sendInvitations: false },
    });
    expect(off.status, off.text).toBe(200);
    const [switched] = await events();
    expect(switched).toMatchObject({
      action: 'scim.updated',
      changes: {
        before: { enabled: true, authHeader: REDACTED, sendInvitations: true },
        after: { enabled: true, authHeader: REDACTED, sendInvitations: false },
      },
    });
  });

  it('records closing an alert, and a refused call as a failure with its message', async () => {
    const alert = org.alerts[0]!;
    const r = await t.call('POST', '/api/update-alerts', {
      cookie: org.cookie,
      json: { alertIds: [alert.scanId], status: 'Closed' },
    });
    expect(r.status, r.text).toBe(200);
    const [closed] = await events();
    expect(closed).toMatchObject({
      action: 'alert.closed',
      target: { type: 'alert', id: alert.scanId },
    });
    const refused = await t.call('POST', '/api/orgs/webhook', {
      cookie: org.cookie,
      json: { url: 'https://hooks.example.test/x' },
    });
    expect(refused.status).toBe(409);
    const [failure] = await events();
    expect(failure).toMatchObject({
      action: 'webhook.saved',
      outcome: 'failure',
      message: refused.data.error,
    });
  });
});

describe('request details', () => {
  it('the client address comes from X-Forwarded-For only with TRUST_PROXY, and so does the request id', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.23, 10.0.0.1', 'x-request-id': 'proxy-req-1' };
    for (const trustProxy of [true, false]) {
      const app = await createTestApp({ trustProxy });
      try {
        const o = await makeOrg(app, { name: 'Proxied' });
        const r = await app.call('PUT', '/api/orgs/audit-settings', {
          cookie: o.cookie,
          json: { retention: 'NEVER' },
          headers,
        });
        expect(r.status).toBe(200);
        const list = await app.call('GET', '/api/orgs/audit-events', { cookie: o.cookie });
        const [event] = list.data.events as AuditEvent[];
        expect(event).toMatchObject({
          action: 'audit.retention_changed',
          changes: { before: { retention: 'ONE_YEAR' }, after: { retention: 'NEVER' } },
        });
        if (trustProxy) {
          expect(event!.ip).toBe('198.51.100.23');
          expect(event!.requestId).toBe('proxy-req-1');
        } else {
          expect(event!.ip).not.toBe('198.51.100.23');
          expect(event!.requestId).not.toBe('proxy-req-1');
          expect(event!.requestId).toBe(r.res.headers.get('x-request-id'));
        }
      } finally {
        await app.close();
      }
    }
  });
});

describe('the list', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let acme: TestOrg;
  let other: TestOrg;
  const day = 24 * 3600 * 1000;

  beforeAll(async () => {
    app = await createTestApp();
    acme = await makeOrg(app, { name: 'Listco', admins: [{ name: 'Blake Second' }] });
    other = await makeOrg(app, { name: 'Otherco' });
    const start = app.clock.now().getTime() - 30 * day;
    const [first, second] = acme.admins;
    // 120 events: every 3rd by the second administrator, every 5th a failure, hourly.
    for (let i = 1; i <= 120; i++) {
      const by = i % 3 === 0 ? second! : first!;
      await appendEvent(app.db, {
        orgId: acme.id,
        time: new Date(start + i * 3600 * 1000),
        actor: { type: 'user', id: String(by.id), display: by.name },
        action: i % 2 === 0 ? 'alert.closed' : 'device.unenrolled',
        target: {
          type: 'device',
          id: `D${i}`,
          display: i === 77 ? 'Phone 100%_sure' : `Device ${i}`,
        },
        outcome: i % 5 === 0 ? 'failure' : 'success',
        message: i % 5 === 0 ? 'Refused.' : null,
      });
    }
    await appendEvent(app.db, {
      orgId: other.id,
      time: app.clock.now(),
      actor: { type: 'user', id: String(other.admin.id), display: other.admin.name },
      action: 'alert.closed',
      target: { type: 'alert', id: 'X', display: 'Device 1' },
      outcome: 'success',
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  const list = async (query: string, cookie = acme.cookie) => {
    const r = await app.call('GET', `/api/orgs/audit-events${query}`, { cookie });
    expect(r.status, r.text).toBe(200);
    return r.data as {
      events: AuditEvent[];
      total: number;
      totalPages: number;
      nextCursor: string | null;
    };
  };
  const ids = (page: { events: AuditEvent[] }) => page.events.map((e) => Number(e.id));

  it('is newest first, in pages by number or by cursor that agree', async () => {
    const p1 = await list('?pageSize=50');
    expect(p1).toMatchObject({ total: 120, totalPages: 3 });
    expect(ids(p1)).toEqual(Array.from({ length: 50 }, (_, i) => 120 - i));
    const p3 = await list('?pageSize=50&page=3');
    expect(ids(p3)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(p3.nextCursor).toBeNull();
    const viaCursor = await list(`?pageSize=50&cursor=${p1.nextCursor}`);
    expect(ids(viaCursor)).toEqual(ids(await list('?pageSize=50&page=2')));
    expect((await list('?pageSize=50&page=9')).events).toEqual([]);
  });

  it('filters by actor, actions, outcome, time and target text; pages of a filter', async () => {
    const second = acme.admins[1]!;
    const byActor = await list(`?actor=user:${second.id}&pageSize=10&page=2`);
    expect(byActor).toMatchObject({ total: 40, totalPages: 4 });
    expect(ids(byActor)).toEqual([90, 87, 84, 81, 78, 75, 72, 69, 66, 63]);
    const failures = await list('?outcome=failure&action=alert.closed&pageSize=100');
    expect(ids(failures)).toEqual([120, 110, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    expect(failures.events.every((e) => e.message === 'Refused.')).toBe(true);
    const both = await list('?action=alert.closed&action=device.unenrolled&pageSize=10');
    expect(both.total).toBe(120);
    const start = app.clock.now().getTime() - 30 * day;
    const from = new Date(start + 10 * 3600 * 1000).toISOString();
    const to = new Date(start + 13 * 3600 * 1000).toISOString();
    expect(ids(await list(`?from=${from}&to=${to}`))).toEqual([12, 11, 10]);
    // %, _ are literal in the search.
    expect(ids(await list(`?q=${encodeURIComponent('100%_')}`))).toEqual([77]);
    expect(ids(await list('?q=device 11'))).toEqual([
      119, 118, 117, 116, 115, 114, 113, 112, 111, 110, 11,
    ]);
  });

  it('offers each actor of the log once, with their name', async () => {
    const r = await app.call('GET', '/api/orgs/audit-events/filters', { cookie: acme.cookie });
    expect(r.data.actors).toEqual(
      acme.admins
        .map((a) => ({ type: 'user', id: String(a.id), display: a.name }))
        .sort((a, b) => a.display.localeCompare(b.display)),
    );
  });

  it('exports the filter as CSV (cells neutralised) and as JSON lines, every row', async () => {
    const csv = await app.call('GET', '/api/orgs/audit-events/export.csv?outcome=failure', {
      cookie: acme.cookie,
    });
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="activity-listco-/,
    );
    const lines = csv.text.trim().split('\r\n');
    // (The byte-order mark is read away by the decoder.)
    expect(lines[0]).toBe(
      'id,time,actor_type,actor_id,actor,action,target_type,target_id,target,outcome,message,ip,user_agent,request_id,changes',
    );
    expect(lines).toHaveLength(1 + 24);
    // A target name that a spreadsheet would run as a formula is exported as text.
    await appendEvent(app.db, {
      orgId: acme.id,
      time: app.clock.now(),
      actor: { type: 'user', id: String(acme.admin.id), display: acme.admin.name },
      action: 'device.unenrolled',
      target: { type: 'device', id: 'F', display: '=HYPERLINK("http://evil.test")' },
      outcome: 'failure',
      message: '@SUM(1)',
    });
    const formula = await app.call(
      'GET',
      '/api/orgs/audit-events/export.csv?actor=user:' + acme.admin.id + '&q=HYPERLINK',
      {
        cookie: acme.cookie,
      },
    );
    expect(formula.text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(formula.text).toContain(`'@SUM(1)`);
    const jsonl = await app.call('GET', '/api/orgs/audit-events/export.jsonl', {
      cookie: acme.cookie,
    });
    const rows = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEvent);
    expect(rows).toHaveLength(121);
    expect(rows[0]!.id).toBe('121');
  });

  it('shows an organization only its own events, whatever it names', async () => {
    const first = acme.admins[0]!;
    for (const query of [
      '',
      `?actor=user:${first.id}`,
      '?q=Device',
      '?cursor=200',
      '?page=2&pageSize=10',
    ]) {
      const page = await list(query, other.cookie);
      expect(
        page.events.every((e) => e.actor.id === String(other.admin.id)),
        query,
      ).toBe(true);
    }
    const csv = await app.call('GET', `/api/orgs/audit-events/export.csv?actor=user:${first.id}`, {
      cookie: other.cookie,
    });
    expect(csv.text.trim().split('\r\n')).toHaveLength(1);
    const actors = await app.call('GET', '/api/orgs/audit-events/filters', {
      cookie: other.cookie,
    });
    expect(actors.data.actors).toEqual([
      { type: 'user', id: String(other.admin.id), display: other.admin.name },
    ]);
    expect(
      (await app.call('GET', '/api/orgs/audit-settings', { cookie: other.cookie })).data,
    ).toMatchObject({
      retention: 'ONE_YEAR',
    });
  });

  it('answers hostile queries with 400 or an empty page, never a 500', async () => {
    for (const query of [
      '?actor=nobody',
      '?actor=user:',
      "?actor=user:1' OR '1'='1",
      '?cursor=-1',
      '?cursor=abc',
      '?cursor=99999999999999999999',
      '?action=alert.exploded',
      '?outcome=maybe',
      '?from=yesterday',
      `?q=${'x'.repeat(201)}`,
      '?q=%00',
      '?pageSize=101',
      '?page=0',
    ]) {
      const r = await app.call('GET', `/api/orgs/audit-events${query}`, { cookie: acme.cookie });
      expect([200, 400], `${query} ${r.text}`).toContain(r.status);
      if (r.status === 200) expect(r.data.events, query).toEqual([]);
    }
    expect((await app.call('GET', '/api/orgs/audit-events')).status).toBe(401);
    expect((await app.call('GET', '/api/orgs/audit-events/export.csv')).status).toBe(401);
  });
});

describe('a filtered list as the log grows (server/audit/anchors.ts)', () => {
  it('pages by number stay right after new events, matching or not', async () => {
    const app = await createTestApp();
    try {
      const co = await makeOrg(app, { name: 'Growco', admins: [{ name: 'Kim Second' }] });
      const [first, second] = co.admins;
      const at = app.clock.now().getTime() - 24 * 3600 * 1000;
      let n = 0;
      /** Appends `count` events, every 3rd (by its number) by the second administrator. */
      const grow = async (count: number) => {
        for (let i = 0; i < count; i++) {
          n += 1;
          const by = n % 3 === 0 ? second! : first!;
          await appendEvent(app.db, {
            orgId: co.id,
            time: new Date(at + n * 1000),
            actor: { type: 'user', id: String(by.id), display: by.name },
            action: 'alert.closed',
            target: { type: 'alert', id: `A${n}`, display: `Alert ${n}` },
            outcome: 'success',
          });
        }
      };
      /** Every page of the second administrator's events, 7 a page (not a divisor of anything). */
      const pages = async () => {
        const out: number[][] = [];
        for (let page = 1; ; page++) {
          const r = await app.call(
            'GET',
            `/api/orgs/audit-events?actor=user:${second!.id}&pageSize=7&page=${page}`,
            { cookie: co.cookie },
          );
          expect(r.status, r.text).toBe(200);
          const ids = (r.data.events as AuditEvent[]).map((e) => Number(e.id));
          if (ids.length === 0) return { total: r.data.total as number, out };
          out.push(ids);
        }
      };
      /** What the pages must be: the second administrator's numbers, newest first, in sevens. */
      const expected = () => {
        const mine = Array.from({ length: n }, (_, i) => n - i).filter((s) => s % 3 === 0);
        const out: number[][] = [];
        for (let i = 0; i < mine.length; i += 7) out.push(mine.slice(i, i + 7));
        return { total: mine.length, out };
      };
      await grow(60);
      expect(await pages()).toEqual(expected());
      // Newer events, some by the second administrator: counted on top of what was counted.
      for (const more of [1, 2, 3, 10, 21]) {
        await grow(more);
        expect(await pages(), `after ${n} events`).toEqual(expected());
      }
    } finally {
      await app.close();
    }
  }, 60_000);
});
