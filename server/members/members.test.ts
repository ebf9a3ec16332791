/** contract/members.ts endpoints: read-members, list, create (codes, invitations, duplicates). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { members } from '../db/schema';
import { ENROLLMENT_CODE_PATTERN } from '@domain/enrolment';
import type { Mailer } from '../mail/mailer';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** POST /api/orgs/read-members with a multipart body (the way the portal's FormData sends it). */
export async function upload(
  t: TestApp,
  cookie: string | null,
  content: BlobPart | null,
  fileName = 'members.csv',
) {
  const form = new FormData();
  if (content !== null) form.set('file', new Blob([content], { type: 'text/csv' }), fileName);
  const res = await t.app.request('/api/orgs/read-members', {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'portal', ...(cookie ? { cookie } : {}) },
  });
  const text = await res.text();
  return { status: res.status, data: JSON.parse(text) as { members?: unknown; error: string } };
}

async function memberRows(t: TestApp, org: { id: number }) {
  return t.db.select().from(members).where(eq(members.orgId, org.id)).orderBy(members.id);
}

async function outbox(t: TestApp, cookie: string) {
  const r = await t.call('GET', '/api/dev/outbox', { cookie });
  return r.data.messages as Array<{ to: string; subject: string; text: string }>;
}

/**
 * Example (members at example.test: Dana Lee first, then generated ones; half of them made before
 * codes existed, and none invited yet) and Other, a second organization.
 */
const MEMBERS = [
  { name: 'Dana Lee', email: 'dana.lee@example.test', code: null },
  ...Array.from({ length: 11 }, (_, i) => (i % 2 ? { code: null } : {})),
];
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: string;
async function makeOrgs() {
  org = await makeOrg(t, { name: 'Example', members: MEMBERS });
  other = await makeOrg(t, { name: 'Other', members: 3 });
  admin = org.cookie;
}
beforeEach(async () => {
  t = await createTestApp();
  await makeOrgs();
}, 60_000);
afterEach(async () => {
  await t.close();
});

describe('POST /orgs/read-members', () => {
  it('reads an uploaded CSV', async () => {
    const r = await upload(
      t,
      admin,
      '\uFEFFFull Name,Email\r\n"Doe, Jane", jane@example.test \r\n',
    );
    expect(r).toEqual({
      status: 200,
      data: { members: [{ id: '0', name: 'Doe, Jane', email: 'jane@example.test' }], error: null },
    });
  });

  it('answers problems of the file as error text (2xx), with the good rows', async () => {
    const r = await upload(t, admin, 'Full Name,Email\nAda,ada@example.test\nBob,bob@\n');
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      members: [{ id: '0', name: 'Ada', email: 'ada@example.test' }],
      error: 'Invalid email in row 3. That row was left out.',
    });
  });

  it('400 without a file field, for a text field, or a file that is not .csv', async () => {
    expect(await upload(t, admin, null)).toEqual({
      status: 400,
      data: { error: "Choose a .csv file to upload (form field 'file')." },
    });
    const form = new FormData();
    form.set('file', 'Full Name,Email');
    const res = await t.app.request('/api/orgs/read-members', {
      method: 'POST',
      body: form,
      headers: { cookie: admin, 'x-requested-with': 'portal' },
    });
    expect(res.status).toBe(400);
    const xlsx = await upload(t, admin, 'PK\u0003\u0004', 'members.xlsx');
    expect(xlsx.status).toBe(400);
    expect(xlsx.data.error).toContain('Only .csv files can be uploaded');
  });

  it('415 for a JSON body, 400 for a broken multipart body', async () => {
    const json = await t.call('POST', '/api/orgs/read-members', { json: {}, cookie: admin });
    expect(json.status).toBe(415);
    const broken = await t.app.request('/api/orgs/read-members', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      headers: {
        cookie: admin,
        'content-type': 'multipart/form-data; boundary=x',
        'x-requested-with': 'portal',
      },
    });
    expect(broken.status).toBe(400);
  });

  it('401 without a session', async () => {
    expect((await upload(t, null, 'Full Name,Email\n')).status).toBe(401);
  });
});

describe('GET /orgs/members', () => {
  it("lists the caller's organization's members", async () => {
    const r = await t.call('GET', '/api/orgs/members', { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.data.members).toHaveLength(MEMBERS.length);
    expect(r.data.members[0]).toEqual({
      id: expect.any(String),
      name: 'Dana Lee',
      email: 'dana.lee@example.test',
    });
    const others = await t.call('GET', '/api/orgs/members', { cookie: other.cookie });
    expect(others.data.members.map((m: { email: string }) => m.email)).toEqual(
      other.members.map((m) => m.email),
    );
    expect(
      others.data.members.every((m: { email: string }) => m.email.endsWith('@other.test')),
    ).toBe(true);
  });

  it('401 without a session', async () => {
    expect((await t.call('GET', '/api/orgs/members')).status).toBe(401);
  });
});

describe('POST /orgs/create-members', () => {
  const create = (body: unknown, query = '', cookie: string | null = admin) =>
    t.call('POST', `/api/orgs/create-members${query}`, { json: body, cookie });

  it('creates members with unique codes and e-mails each an invitation', async () => {
    const before = (await memberRows(t, org)).length;
    const r = await create({
      members: [
        { name: 'Priya Patel', email: 'priya.patel@example.test' },
        { name: 'Mateo Rossi', email: 'mateo.rossi@example.test' },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ numMembersCreated: 2 });
    const rows = await memberRows(t, org);
    expect(rows).toHaveLength(before + 2);
    const added = rows.slice(-2);
    for (const m of added) expect(m.enrollmentCode).toMatch(ENROLLMENT_CODE_PATTERN);
    expect(added[0]?.enrollmentCode).not.toBe(added[1]?.enrollmentCode);

    const mails = await outbox(t, admin);
    const priya = mails.find((m) => m.to === 'priya.patel@example.test');
    expect(priya?.subject).toBe('Your enrolment code for Example');
    expect(priya?.text).toContain('Hello Priya Patel,');
    expect(priya?.text).toContain(added[0]?.enrollmentCode);
    expect(priya?.text).toContain('Enroll with a code');
    expect(mails.filter((m) => m.subject.startsWith('Your enrolment code'))).toHaveLength(2);
    expect((await memberRows(t, org)).slice(-2).every((m) => m.invitedAt !== null)).toBe(true);
  });

  it('email=false creates without e-mail; email-members then sends the pending ones', async () => {
    const r = await create(
      { members: [{ name: 'Ines Costa', email: 'ines.costa@example.test' }] },
      '?email=false',
    );
    expect(r.data).toEqual({ numMembersCreated: 1 });
    expect(await outbox(t, admin)).toHaveLength(0);
    const [row] = (await memberRows(t, org)).slice(-1);
    expect(row?.invitedAt).toBeNull();

    expect((await t.call('POST', '/api/orgs/email-members', { cookie: admin })).status).toBe(200);
    const mails = await outbox(t, admin);
    // Every member not invited yet: the organization's (half with no code until now) and Ines.
    expect(mails).toHaveLength(MEMBERS.length + 1);
    expect(mails.find((m) => m.to === 'ines.costa@example.test')?.text).toContain(
      row?.enrollmentCode,
    );
    // Nothing pending any more: a second call sends nothing.
    await t.call('POST', '/api/orgs/email-members', { cookie: admin });
    expect(await outbox(t, admin)).toHaveLength(MEMBERS.length + 1);
    const rows = await memberRows(t, org);
    expect(
      rows.every((m) => m.enrollmentCode && ENROLLMENT_CODE_PATTERN.test(m.enrollmentCode)),
    ).toBe(true);
    expect(new Set(rows.map((m) => m.enrollmentCode)).size).toBe(rows.length);
  });

  it('email-all-members e-mails every member of the organization their code', async () => {
    expect((await t.call('POST', '/api/orgs/email-all-members', { cookie: admin })).status).toBe(
      200,
    );
    const mails = await outbox(t, admin);
    expect(mails).toHaveLength(MEMBERS.length);
    expect(mails.every((m) => m.to.endsWith('@example.test'))).toBe(true);
  });

  it('skips duplicates (existing members, repeats in the request) unless re-allowed', async () => {
    const body = {
      members: [
        { name: 'Priya Patel', email: 'priya.patel@example.test' },
        { name: 'Dana Lee', email: 'Dana.Lee@EXAMPLE.test' },
        { name: 'Mateo Rossi', email: 'mateo.rossi@example.test' },
        { name: 'Priya Patel', email: 'priya.patel@example.test' },
      ],
    };
    const before = (await memberRows(t, org)).length;
    expect((await create(body)).data).toEqual({ numMembersCreated: 2 });
    expect((await memberRows(t, org)).length).toBe(before + 2);

    // Everything is a duplicate now; re-allow Dana and one Priya.
    const again = await create({
      ...body,
      allowedDuplicates: ['dana.lee@example.test', 'PRIYA.PATEL@example.test'],
    });
    expect(again.data).toEqual({ numMembersCreated: 2 });
    const rows = await memberRows(t, org);
    expect(rows.length).toBe(before + 4);
    expect(rows.filter((m) => m.email.toLowerCase() === 'dana.lee@example.test')).toHaveLength(2);
    expect(rows.filter((m) => m.email === 'priya.patel@example.test')).toHaveLength(2);
    // Each row is a seat of its own: its own code.
    expect(
      new Set(
        rows
          .slice(before)
          .map((m) => m.enrollmentCode)
          .filter(Boolean),
      ).size,
    ).toBe(4);
  });

  it('is scoped to the organization: an e-mail of another organization is not a duplicate', async () => {
    const r = await create(
      { members: [{ name: 'Dana Lee', email: 'dana.lee@example.test' }] },
      '',
      other.cookie,
    );
    expect(r.data).toEqual({ numMembersCreated: 1 });
    expect((await memberRows(t, other)).some((m) => m.email === 'dana.lee@example.test')).toBe(
      true,
    );
    expect(
      (await memberRows(t, org)).filter((m) => m.email === 'dana.lee@example.test'),
    ).toHaveLength(1);
  });

  it('one transaction: a failure part-way writes nothing', async () => {
    // A database failure on the third row (a trigger stands in for any fault mid-insert).
    await t.db.execute(sql`
      CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'boom'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER fail_on_boom BEFORE INSERT ON members FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`,
    );
    const [before] = await t.db.select({ n: count() }).from(members);
    const r = await create({
      members: [
        { name: 'One', email: 'one@example.test' },
        { name: 'Two', email: 'two@example.test' },
        { name: 'Boom', email: 'boom@example.test' },
      ],
    });
    expect(r.status).toBe(500);
    const [after] = await t.db.select({ n: count() }).from(members);
    expect(after?.n).toBe(before?.n);
    expect(await outbox(t, admin)).toHaveLength(0);
  });

  it('an invalid row refuses the whole request (400) and writes nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(members);
    const r = await create({
      members: [
        { name: 'One', email: 'one@example.test' },
        { name: 'Bad', email: 'not-an-email' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.data.issues).toEqual([{ path: 'members.1.email', message: 'Enter a valid Email' }]);
    const [after] = await t.db.select({ n: count() }).from(members);
    expect(after?.n).toBe(before?.n);
  });

  it('a failing mailer keeps the members and leaves their invitations pending', async () => {
    await t.close();
    const failing: Mailer = {
      send: async (m) => {
        if (m.to.startsWith('two@')) throw new Error('SMTP down');
      },
    };
    t = await createTestApp({ mailer: failing });
    await makeOrgs();
    const r = await create({
      members: [
        { name: 'One', email: 'one@example.test' },
        { name: 'Two', email: 'two@example.test' },
      ],
    });
    expect(r.data).toEqual({ numMembersCreated: 2 });
    await t.tasks.idle();
    const rows = (await memberRows(t, org)).slice(-2);
    expect(rows.map((m) => [m.email, m.invitedAt !== null])).toEqual([
      ['one@example.test', true],
      ['two@example.test', false],
    ]);
    expect(t.logger.lines.join('\n')).toContain('1 of 2 invitation(s)');
    expect(t.logger.lines.join('\n')).not.toContain('two@example.test');
  });

  it('400 for an empty list, 401 without a session', async () => {
    expect((await create({ members: [] })).status).toBe(400);
    expect(
      (await create({ members: [{ name: 'A', email: 'a@example.test' }] }, '', null)).status,
    ).toBe(401);
    expect((await t.call('POST', '/api/orgs/email-members')).status).toBe(401);
    expect((await t.call('POST', '/api/orgs/email-all-members')).status).toBe(401);
  });

  it('accepts 10,000 members in one request', async () => {
    const list = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Person ${i}`,
      email: `person.${i}@example.test`,
    }));
    const before = (await memberRows(t, org)).length;
    const r = await create({ members: list }, '?email=false');
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ numMembersCreated: 10_000 });
    const rows = (await memberRows(t, org)).slice(before);
    expect(new Set(rows.map((m) => m.enrollmentCode).filter(Boolean)).size).toBe(10_000);
  }, 60_000);
});
