/**
 * Settings (docs/product/settings.md): administrators and their invitations, SCIM, MDM, threat
 * hunter users — on organizations the tests make (test-support/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITE_RESEND_WINDOW_SECONDS } from '@domain/admins';
import { orgCredentials, users } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { ADMIN_MESSAGES } from './admins-routes';
import { LOGIN_MESSAGES } from '../auth/routes';
import { THREAT_HUNTER_MESSAGES } from './threat-hunter-routes';
import { createTestApp } from '../test-support';
import { makeOrg, type OrgOptions, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 60 * 60 * 1000;
const WINDOW_MS = INVITE_RESEND_WINDOW_SECONDS * 1000;
const NEW_PASSWORD = 'Invited-Admin-2!';

const DAY = 24 * HOUR;

/**
 * Example: its administrator, a blocked one and two pending ones (invited 2 hours and 3 days
 * apart, both long before the test clock), Threat Hunter access with two users, and a member.
 * Other: one administrator, no Threat Hunter access.
 */
const PENDING_ADMINS = [
  { name: 'Priya Pending', email: 'priya.pending@example.test', sentAgoMs: 30 * DAY + 2 * HOUR },
  { name: 'Theo Stale', email: 'theo.stale@example.test', sentAgoMs: 33 * DAY },
] as const;
const THREAT_HUNTERS = [
  {
    name: 'Dana Lee',
    email: 'dana.lee@example.test',
    accessCode: 'TH-7Q4M-2KXP',
    status: 'Active',
  },
  {
    name: 'Emeka Okafor',
    email: 'emeka.okafor@example.test',
    accessCode: 'TH-9D3R-5WNB',
    status: 'Invited',
  },
] as const;
const exampleOptions = (now: Date): OrgOptions => ({
  name: 'Example',
  admin: { name: 'Avery Admin' },
  admins: [
    { name: 'Blake Blocked', email: 'blocked@example.test', blocked: true },
    ...PENDING_ADMINS.map((a) => ({
      name: a.name,
      email: a.email,
      pending: true,
      inviteSentAt: new Date(now.getTime() - a.sentAgoMs),
    })),
  ],
  members: [{ name: 'Dana Lee', email: 'dana.lee@example.test' }],
  threatHunters: [...THREAT_HUNTERS],
});

let t: TestApp;
let example: TestOrg;
let other: TestOrg;
let exampleAdmin: string;
let otherAdmin: string;
/** Every secret handed out during the run: none may show up in the log. */
const secrets: string[] = [];

async function signInBoth() {
  exampleAdmin = await example.session();
  otherAdmin = await other.session();
}

/** Moves the clock; sessions last 12 hours, so both administrators sign in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await signInBoth();
}

beforeAll(async () => {
  t = await createTestApp();
  example = await makeOrg(t, exampleOptions(t.clock.now()));
  other = await makeOrg(t, { name: 'Other' });
  await signInBoth();
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function outbox(app: TestApp = t) {
  await app.settle();
  const r = await app.call('GET', '/api/dev/outbox');
  expect(r.status).toBe(200);
  return r.data.messages as Array<{ to: string; subject: string; text: string; sentAt: string }>;
}

async function latestInviteToken(to: string): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === to);
  const match = /\/update-password\/([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link in the latest e-mail to ${to}`);
  secrets.push(match[1]!);
  return match[1]!;
}

const listAdmins = async (cookie = exampleAdmin) => {
  const r = await t.call('GET', '/api/orgs/admins', { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data.admins as Array<{
    name: string;
    email: string;
    inviteAccepted: boolean;
    inviteSentDate: string | null;
  }>;
};

describe('without a session', () => {
  it.each([
    ['GET', '/api/orgs/admins'],
    ['POST', '/api/orgs/add-admin'],
    ['POST', '/api/orgs/resend-admin-invite'],
    ['GET', '/api/orgs/scim'],
    ['POST', '/api/orgs/scim'],
    ['GET', '/api/orgs/mdm'],
    ['POST', '/api/orgs/mdm'],
    ['GET', '/api/threat-hunter/users'],
    ['POST', '/api/threat-hunter/user'],
  ])('%s %s answers 401', async (method, path) => {
    const json =
      method === 'POST' ? { name: 'X', email: 'x@example.test', enable: true } : undefined;
    const r = await t.call(method, path, { json });
    expect(r.status).toBe(401);
  });
});

describe('administrators', () => {
  it('lists the organization’s administrators with their invitation state', async () => {
    const admins = await listAdmins();
    expect(admins.map((a) => [a.name, a.email, a.inviteAccepted])).toEqual([
      ['Avery Admin', example.admin.email, true],
      ['Blake Blocked', 'blocked@example.test', true],
      ...PENDING_ADMINS.map((a) => [a.name, a.email, false]),
    ]);
    const [priya, theo] = admins.slice(2);
    // Sent 2 hours and 3 days before the same moment.
    const gap = Date.parse(priya!.inviteSentDate!) - Date.parse(theo!.inviteSentDate!);
    expect(Math.abs(gap - (3 * 24 - 2) * HOUR)).toBeLessThan(60_000);
  });

  it('is scoped to the session’s organization', async () => {
    const admins = await listAdmins(otherAdmin);
    expect(admins.map((a) => a.email)).toEqual([other.admin.email]);
  });

  it('invites a new administrator who sets a password through the link and signs in', async () => {
    const email = 'new.admin@example.test';
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: exampleAdmin,
      json: { name: '  Nia New ', email: 'New.Admin@example.test' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({});

    const listed = (await listAdmins()).find((a) => a.email === email);
    expect(listed).toEqual({
      name: 'Nia New',
      email,
      inviteAccepted: false,
      inviteSentDate: t.clock.now().toISOString(),
    });
    const mail = (await outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe('You have been invited to administer Example');
    expect(mail?.text).toContain('Avery Admin invited you');
    expect(mail?.text).toMatch(/^http:\/\/localhost\/update-password\/[A-Za-z0-9_-]{43}$/m);
    const token = await latestInviteToken(email);

    // No password yet: the same answer as any failed sign-in (a distinct one told anyone
    // that this address is a pending administrator: docs/decisions/015-sign-in-security.md).
    const early = await t.call('POST', '/api/login', {
      json: { email, password: NEW_PASSWORD },
    });
    expect(early.status).toBe(401);
    expect(early.data.error).toBe(LOGIN_MESSAGES.wrongCredentials);

    // The link still works days later (7-day invitation), unlike a 1-hour reset link.
    await advance(3 * 24 * HOUR);
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: NEW_PASSWORD },
    });
    expect(set.status, set.text).toBe(200);
    const again = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: NEW_PASSWORD },
    });
    expect(again.status).toBe(400);

    expect((await listAdmins()).find((a) => a.email === email)?.inviteAccepted).toBe(true);
    const cookie = await t.signIn(email, NEW_PASSWORD);
    const session = await t.call('GET', '/api/session', { cookie });
    expect(session.data.user).toMatchObject({ name: 'Nia New', email });
    expect(session.data.organization.slug).toBe(example.slug);

    const resend = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: exampleAdmin,
      json: { name: 'Nia New', email },
    });
    expect(resend.status).toBe(409);
    expect(resend.data.error).toBe(ADMIN_MESSAGES.alreadyAccepted);
  });

  it('an invitation link expires after 7 days', async () => {
    const email = 'late.admin@example.test';
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: exampleAdmin,
      json: { name: 'Lee Late', email },
    });
    expect(r.status).toBe(200);
    const token = await latestInviteToken(email);
    await advance(7 * 24 * HOUR + 1);
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: NEW_PASSWORD },
    });
    expect(set.status).toBe(400);
  });

  it('refuses an e-mail that already belongs to an administrator of any organization (409)', async () => {
    const emails = [example.admin.email.toUpperCase(), other.admin.email, PENDING_ADMINS[0].email];
    for (const email of emails) {
      const r = await t.call('POST', '/api/orgs/add-admin', {
        cookie: exampleAdmin,
        json: { name: 'Someone', email },
      });
      expect(r.status, email).toBe(409);
      expect(r.data.error).toBe(ADMIN_MESSAGES.alreadyAdmin);
    }
    const otherAdmins = await listAdmins(otherAdmin);
    expect(otherAdmins).toHaveLength(1);
  });

  it('validates the body (400)', async () => {
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: exampleAdmin,
      json: { name: '', email: 'not-an-email' },
    });
    expect(r.status).toBe(400);
    expect(r.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'name']);
  });

  it('resends only after 24 hours, with a fresh link that replaces the earlier one', async () => {
    const email = 'resend.admin@example.test';
    await t.call('POST', '/api/orgs/add-admin', {
      cookie: exampleAdmin,
      json: { name: 'Rae', email },
    });
    const first = await latestInviteToken(email);
    const sentAt = t.clock.now().toISOString();
    const resend = () =>
      t.call('POST', '/api/orgs/resend-admin-invite', {
        cookie: exampleAdmin,
        json: { name: 'Rae', email },
      });

    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.data.error).toMatch(/less than 24 hours ago.*in 24 hours/);
    expect(tooSoon.res.headers.get('retry-after')).toBe(String(INVITE_RESEND_WINDOW_SECONDS));

    await advance(WINDOW_MS - 1000);
    const stillTooSoon = await resend();
    expect(stillTooSoon.status).toBe(429);
    expect(stillTooSoon.res.headers.get('retry-after')).toBe('1');
    expect((await listAdmins()).find((a) => a.email === email)?.inviteSentDate).toBe(sentAt);

    await advance(1000);
    const ok = await resend();
    expect(ok.status, ok.text).toBe(200);
    expect((await listAdmins()).find((a) => a.email === email)?.inviteSentDate).toBe(
      t.clock.now().toISOString(),
    );
    const second = await latestInviteToken(email);
    expect(second).not.toBe(first);
    expect((await resend()).status).toBe(429);

    // The earlier link no longer works; the new one does.
    const old = await t.call('POST', '/api/update-password', {
      json: { requestToken: first, password: NEW_PASSWORD },
    });
    expect(old.status).toBe(400);
    const fresh = await t.call('POST', '/api/update-password', {
      json: { requestToken: second, password: NEW_PASSWORD },
    });
    expect(fresh.status).toBe(200);
  });

  it('resends a pending invitation sent long ago, and one without a send date at once', async () => {
    // Priya's invitation went out a month before the test clock.
    const priya = PENDING_ADMINS[0];
    const r = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: exampleAdmin,
      json: { name: priya.name, email: priya.email.toUpperCase() },
    });
    expect(r.status, r.text).toBe(200);
    expect((await outbox())[0]?.to).toBe(priya.email);

    const theo = PENDING_ADMINS[1];
    await t.db.update(users).set({ inviteSentAt: null }).where(eq(users.email, theo.email));
    const none = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: exampleAdmin,
      json: { name: theo.name, email: theo.email },
    });
    expect(none.status, none.text).toBe(200);
    await latestInviteToken(theo.email);
  });

  it('resends only for pending administrators of the caller’s organization', async () => {
    const other = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: otherAdmin,
      json: { name: 'Theo Stale', email: PENDING_ADMINS[1].email },
    });
    expect(other.status).toBe(404);
    const unknown = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: exampleAdmin,
      json: { name: 'Nobody', email: 'nobody@example.test' },
    });
    expect(unknown.status).toBe(404);
    const accepted = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: exampleAdmin,
      json: { name: 'Avery Admin', email: example.admin.email },
    });
    expect(accepted.status).toBe(409);
  });

  // The e-mail is a job now: the request answers once it is queued, and an e-mail that fails for
  // good gives the send date back afterwards (server/mail/jobs.ts).
  it('a failed invitation e-mail leaves no send date and ends its link, so Resend is offered', async () => {
    const broken = await createTestApp({
      mailer: { send: () => Promise.reject(new Error('smtp down for someone@elsewhere.test')) },
    });
    try {
      const { cookie } = await makeOrg(broken, { name: 'Example' });
      const email = 'unlucky.admin@example.test';
      const r = await broken.call('POST', '/api/orgs/add-admin', {
        cookie,
        json: { name: 'Una', email },
      });
      expect(r.status).toBe(200);
      await broken.settle();
      const list = await broken.call('GET', '/api/orgs/admins', { cookie });
      expect(list.data.admins.find((a: { email: string }) => a.email === email)).toMatchObject({
        inviteAccepted: false,
        inviteSentDate: null,
      });
      const resend = await broken.call('POST', '/api/orgs/resend-admin-invite', {
        cookie,
        json: { name: 'Una', email },
      });
      expect(resend.status).toBe(200);
      await broken.settle();
      // Every link of the failed e-mails was ended: none can set a password.
      const tokens = await broken.db.query.passwordResetTokens.findMany();
      expect(tokens.filter((row) => row.usedAt === null)).toEqual([]);
      expect(broken.logger.lines.join('\n')).not.toContain(email);
      expect(broken.logger.lines.join('\n')).not.toContain('someone@elsewhere.test');
    } finally {
      await broken.close();
    }
  });
});

describe('SCIM', () => {
  const scim = (cookie: string, json?: { enable?: boolean; sendInvitations?: boolean }) =>
    t.call(json ? 'POST' : 'GET', '/api/orgs/scim', { cookie, json });

  it('is disabled initially', async () => {
    const r = await scim(exampleAdmin);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      enabled: false,
      scimUrl: null,
      authHeader: null,
      sendInvitations: true,
    });
  });

  it('enabling creates a random bearer header, kept until disabled; disabling revokes it', async () => {
    const on = await scim(exampleAdmin, { enable: true });
    expect(on.status, on.text).toBe(200);
    expect(on.data.enabled).toBe(true);
    expect(on.data.scimUrl).toBe(`http://localhost/scim/v2/${example.slug}`);
    expect(on.data.authHeader).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    const header = on.data.authHeader as string;
    secrets.push(header, header.slice('Bearer '.length));

    // Shown again on every visit; a repeated enable keeps it (the IdP's configuration stays valid).
    expect((await scim(exampleAdmin)).data).toEqual(on.data);
    expect((await scim(exampleAdmin, { enable: true })).data.authHeader).toBe(header);
    // Stored with its hash, the lookup key for verifying a presented header.
    const [row] = await t.db.select().from(orgCredentials).where(eq(orgCredentials.kind, 'scim'));
    expect(row?.secretHash).toBe(hashToken(header));

    // Another organization sees none of it.
    expect((await scim(otherAdmin)).data).toEqual({
      enabled: false,
      scimUrl: null,
      authHeader: null,
      sendInvitations: true,
    });

    const off = await scim(exampleAdmin, { enable: false });
    expect(off.data).toEqual({
      enabled: false,
      scimUrl: null,
      authHeader: null,
      sendInvitations: true,
    });
    expect((await scim(exampleAdmin)).data).toEqual(off.data);
    expect(await t.db.select().from(orgCredentials).where(eq(orgCredentials.kind, 'scim'))).toEqual(
      [],
    );

    const again = await scim(exampleAdmin, { enable: true });
    expect(again.data.authHeader).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(again.data.authHeader).not.toBe(header);
    secrets.push(again.data.authHeader);
    // Disabling twice is harmless.
    expect((await scim(exampleAdmin, { enable: false })).status).toBe(200);
    expect((await scim(exampleAdmin, { enable: false })).status).toBe(200);
  });

  it("'Send enrolment invitations to provisioned members': on by default, kept while disabled", async () => {
    const off = await scim(otherAdmin, { sendInvitations: false });
    expect(off.status, off.text).toBe(200);
    expect(off.data).toMatchObject({ enabled: false, sendInvitations: false });
    const on = await scim(otherAdmin, { enable: true });
    expect(on.data).toMatchObject({ enabled: true, sendInvitations: false });
    secrets.push(on.data.authHeader);
    expect((await scim(otherAdmin, { sendInvitations: true })).data).toMatchObject({
      enabled: true,
      sendInvitations: true,
      authHeader: on.data.authHeader,
    });
    expect((await scim(exampleAdmin)).data.sendInvitations).toBe(true);
    await scim(otherAdmin, { enable: false });
  });

  it('builds the URL from PUBLIC_URL when set; refuses in production without it', async () => {
    const withUrl = await createTestApp({ publicUrl: 'https://portal.example.com/' });
    try {
      const { cookie, slug } = await makeOrg(withUrl, { name: 'Example' });
      const r = await withUrl.call('POST', '/api/orgs/scim', { cookie, json: { enable: true } });
      expect(r.data.scimUrl).toBe(`https://portal.example.com/scim/v2/${slug}`);
    } finally {
      await withUrl.close();
    }
    const prod = await createTestApp({ production: true });
    try {
      const { cookie } = await makeOrg(prod, { name: 'Example' });
      const r = await prod.call('POST', '/api/orgs/scim', { cookie, json: { enable: true } });
      expect(r.status).toBe(503);
      expect((await prod.call('GET', '/api/orgs/scim', { cookie })).data.enabled).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it('validates the body (400)', async () => {
    const r = await t.call('POST', '/api/orgs/scim', {
      cookie: exampleAdmin,
      json: { enable: 'yes' },
    });
    expect(r.status).toBe(400);
  });
});

describe('MDM', () => {
  const mdm = (cookie: string, json?: { enable: boolean }) =>
    t.call(json ? 'POST' : 'GET', '/api/orgs/mdm', { cookie, json });

  it('enables with a random token, revokes it on disable, and draws a new one next time', async () => {
    expect((await mdm(exampleAdmin)).data).toEqual({ enabled: false, token: null });
    const on = await mdm(exampleAdmin, { enable: true });
    expect(on.status, on.text).toBe(200);
    expect(on.data.enabled).toBe(true);
    expect(on.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(on.data.token);
    expect((await mdm(exampleAdmin)).data).toEqual(on.data);
    expect((await mdm(exampleAdmin, { enable: true })).data.token).toBe(on.data.token);
    expect((await mdm(otherAdmin)).data).toEqual({ enabled: false, token: null });

    expect((await mdm(exampleAdmin, { enable: false })).data).toEqual({
      enabled: false,
      token: null,
    });
    expect((await mdm(exampleAdmin)).data).toEqual({ enabled: false, token: null });
    const again = await mdm(exampleAdmin, { enable: true });
    expect(again.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.data.token).not.toBe(on.data.token);
    secrets.push(again.data.token);
  });
});

describe('threat hunter users', () => {
  const list = async (cookie = exampleAdmin) =>
    t.call('GET', '/api/threat-hunter/users', { cookie });

  it('lists the users made with the organization', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.data.threatHunterUsers).toEqual(
      THREAT_HUNTERS.map(({ name, email, accessCode, status }) => ({
        name,
        email,
        accessCode,
        status,
      })),
    );
  });

  it('provisions a user with a unique access code and e-mails it', async () => {
    const r = await t.call('POST', '/api/threat-hunter/user', {
      cookie: exampleAdmin,
      json: { name: 'Tara Hunt', email: 'Tara.Hunt@example.test' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({});
    const users = (await list()).data.threatHunterUsers;
    const added = users.at(-1);
    expect(added).toMatchObject({
      name: 'Tara Hunt',
      email: 'tara.hunt@example.test',
      status: 'Invited',
    });
    expect(added.accessCode).toMatch(/^TH-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(users.map((u: { accessCode: string }) => u.accessCode)).size).toBe(users.length);
    secrets.push(added.accessCode);
    const mail = (await outbox()).find((m) => m.to === 'tara.hunt@example.test');
    expect(mail?.subject).toBe('Your Threat Hunter access for Example');
    expect(mail?.text).toContain(added.accessCode);
  });

  it('refuses a duplicate e-mail in the organization (409)', async () => {
    const r = await t.call('POST', '/api/threat-hunter/user', {
      cookie: exampleAdmin,
      json: { name: 'Dana again', email: THREAT_HUNTERS[0].email.toUpperCase() },
    });
    expect(r.status).toBe(409);
    expect(r.data.error).toBe(THREAT_HUNTER_MESSAGES.duplicate);
  });

  it('answers 403 to an organization without Threat Hunter access', async () => {
    const get = await list(otherAdmin);
    expect(get.status).toBe(403);
    expect(get.data.error).toBe(THREAT_HUNTER_MESSAGES.noAccess);
    const post = await t.call('POST', '/api/threat-hunter/user', {
      cookie: otherAdmin,
      json: { name: 'Ida Hunt', email: 'ida.hunt@other.test' },
    });
    expect(post.status).toBe(403);
  });
});

describe('logging', () => {
  it('never logs a secret', () => {
    expect(secrets.length).toBeGreaterThan(5);
    const log = t.logger.lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
