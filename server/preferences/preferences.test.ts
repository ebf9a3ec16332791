/**
 * An administrator's own preferences (docs/decisions/060-column-chooser-and-command-palette.md):
 * the defaults without a row, partial updates, null as "Reset to default", strict validation of
 * the layouts, the CSRF rule and the 401 rule — on organizations the tests make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { DEFAULT_PREFERENCES } from './data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let org: TestOrg;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrg(t, { name: 'Prefco' });
  cookie = org.cookie;
});
afterAll(async () => {
  await t.close();
});

const get = () => t.call('GET', '/api/me/preferences', { cookie });
const patch = (json: unknown, headers?: Record<string, string>) =>
  t.call('PATCH', '/api/me/preferences', { cookie, json, headers });

describe('GET and PATCH /api/me/preferences', () => {
  it('answers the defaults before anything was saved, and writes nothing', async () => {
    const r = await get();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ theme: 'system', deviceColumns: null, alertColumns: null });
    expect(DEFAULT_PREFERENCES).toEqual(r.data);
  });

  it('keeps what a partial update leaves out, and answers the preferences afterwards', async () => {
    const layout = { order: ['code', 'memberName', 'severity'], hidden: ['model', 'osVersion'] };
    let r = await patch({ deviceColumns: layout });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ theme: 'system', deviceColumns: layout, alertColumns: null });

    r = await patch({ theme: 'dark' });
    expect(r.data).toEqual({ theme: 'dark', deviceColumns: layout, alertColumns: null });

    const alerts = { order: ['scanTime', 'alertName'], hidden: ['device'] };
    r = await patch({ alertColumns: alerts });
    expect(r.data).toEqual({ theme: 'dark', deviceColumns: layout, alertColumns: alerts });
    // Read back through GET: stored, not only answered.
    expect((await get()).data).toEqual({
      theme: 'dark',
      deviceColumns: layout,
      alertColumns: alerts,
    });
  });

  it('null resets a table to its default layout; an empty body changes nothing', async () => {
    let r = await patch({ deviceColumns: null });
    expect(r.status, r.text).toBe(200);
    expect(r.data.deviceColumns).toBeNull();
    expect(r.data.alertColumns).not.toBeNull();
    r = await patch({});
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual((await get()).data);
    expect(r.data.theme).toBe('dark');
  });

  it('records the change in the audit log, the administrator as the target', async () => {
    const before = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.orgId, org.id), eq(auditEvents.action, 'admin.preferences_updated')),
      );
    const r = await patch({ theme: 'light' });
    expect(r.status, r.text).toBe(200);
    const after = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.orgId, org.id), eq(auditEvents.action, 'admin.preferences_updated')),
      );
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1)!;
    expect(event.targetId).toBe(org.admin.email);
    expect(JSON.stringify(event.changes)).toContain('"light"');
  });

  it.each([
    ['an unknown field', { colour: 'blue' }],
    ['an administrator id', { userId: 1, theme: 'dark' }],
    ['an unknown theme', { theme: 'sepia' }],
    ['an unknown column', { deviceColumns: { order: ['memberName', 'password'], hidden: [] } }],
    [
      'an alert column in the device layout',
      { deviceColumns: { order: ['scanTime'], hidden: [] } },
    ],
    ['a column twice', { deviceColumns: { order: ['code', 'model', 'code'], hidden: [] } }],
    ['a hidden column twice', { alertColumns: { order: [], hidden: ['device', 'device'] } }],
    ['the member column hidden', { deviceColumns: { order: [], hidden: ['memberName'] } }],
    ['the alert name hidden', { alertColumns: { order: [], hidden: ['alertName'] } }],
    ['more ids than columns', { alertColumns: { order: Array(50).fill('device'), hidden: [] } }],
    ['a layout without hidden', { deviceColumns: { order: ['code'] } }],
    ['an extra layout field', { deviceColumns: { order: [], hidden: [], width: 3 } }],
    ['a layout as a string', { alertColumns: 'scanTime,device' }],
    ['a null theme', { theme: null }],
  ])('refuses %s (400, nothing stored)', async (_what, body) => {
    const before = (await get()).data;
    const r = await patch(body);
    expect(r.status, r.text).toBe(400);
    expect(r.data.error).toBeTruthy();
    expect((await get()).data).toEqual(before);
  });

  it('needs a session (401) and the CSRF header like every portal write (403)', async () => {
    expect((await t.call('GET', '/api/me/preferences')).status).toBe(401);
    expect((await t.call('PATCH', '/api/me/preferences', { json: { theme: 'dark' } })).status).toBe(
      401,
    );
    const before = (await get()).data;
    const forged = await t.call('PATCH', '/api/me/preferences', {
      cookie,
      json: { theme: before.theme === 'dark' ? 'light' : 'dark' },
      headers: { 'x-requested-with': '' },
    });
    expect(forged.status, forged.text).toBe(403);
    const crossSite = await patch({ theme: 'system' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status, crossSite.text).toBe(403);
    expect((await get()).data).toEqual(before);
  });
});
