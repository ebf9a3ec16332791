/**
 * Preferences are one administrator's own (docs/decisions/060-column-chooser-and-command-
 * palette.md): two administrators of one organization and one of another each read only their
 * own, and no call of one changes another's — whatever id the caller names in the query or body.
 * (The cross-organization suite covers the other organizations' rows as a whole.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPreferences } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let acme: TestOrg;
let other: TestOrg;
const cookies = { first: '', second: '', other: '' };

const FIRST = {
  theme: 'dark',
  deviceColumns: { order: ['code', 'memberName'], hidden: ['model'] },
  alertColumns: { order: ['scanTime'], hidden: ['device'] },
};
const OTHER = {
  theme: 'light',
  deviceColumns: { order: ['severity'], hidden: ['code'] },
  alertColumns: null,
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrg(t, { name: 'Acme', admins: [{}, {}] });
  other = await makeOrg(t, { name: 'Other' });
  cookies.first = acme.cookie;
  cookies.second = await acme.session(acme.admins[1]);
  cookies.other = other.cookie;
  for (const [cookie, json] of [
    [cookies.first, FIRST],
    [cookies.other, OTHER],
  ] as const) {
    const r = await t.call('PATCH', '/api/me/preferences', { cookie, json });
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const read = (cookie: string, query = '') =>
  t.call('GET', `/api/me/preferences${query}`, { cookie }).then((r) => r.data);

it('each administrator reads their own, even naming another in the query', async () => {
  expect(await read(cookies.first)).toEqual(FIRST);
  expect(await read(cookies.other)).toEqual(OTHER);
  // The second administrator of Acme has saved nothing: the defaults, not the first's.
  const defaults = { theme: 'system', deviceColumns: null, alertColumns: null };
  expect(await read(cookies.second)).toEqual(defaults);
  const firstId = acme.admins[0]!.id;
  expect(await read(cookies.second, `?userId=${firstId}&orgId=${acme.id}`)).toEqual(defaults);
  expect(await read(cookies.other, `?userId=${firstId}&orgId=${acme.id}`)).toEqual(OTHER);
});

it("one administrator's changes never reach another's row", async () => {
  const before = await t.db.select().from(adminPreferences);
  const firstId = acme.admins[0]!.id;
  // Naming the first administrator: refused in the body, ignored in the query.
  for (const cookie of [cookies.second, cookies.other]) {
    const named = await t.call('PATCH', '/api/me/preferences', {
      cookie,
      json: { userId: firstId, theme: 'light' },
    });
    expect(named.status, named.text).toBe(400);
  }
  const r = await t.call('PATCH', `/api/me/preferences?userId=${firstId}`, {
    cookie: cookies.second,
    json: {
      theme: 'light',
      deviceColumns: null,
      alertColumns: { order: [], hidden: ['scanTime'] },
    },
  });
  expect(r.status, r.text).toBe(200);
  expect(await read(cookies.first)).toEqual(FIRST);
  expect(await read(cookies.other)).toEqual(OTHER);
  expect(await read(cookies.second)).toMatchObject({ theme: 'light' });
  // The rows of the first administrator and the other organization's are byte for byte unchanged.
  const after = await t.db.select().from(adminPreferences);
  const keep = (rows: typeof before) =>
    rows.filter((row) => row.userId !== acme.admins[1]!.id).sort((a, b) => a.userId - b.userId);
  expect(keep(after)).toEqual(keep(before));
  expect(after).toHaveLength(before.length + 1);
});
