/**
 * Settings (docs/product/settings.md): administrators and their invitations, SCIM, MDM, threat
 * hunter users — against the seeded demo data (server/seed/seed-settings.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITE_RESEND_WINDOW_SECONDS } from '@domain/admins';
import { orgCredentials, users } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { ADMIN_MESSAGES } from './admins-routes';
import { LOGIN_MESSAGES } from '../auth/routes';
import { THREAT_HUNTER_MESSAGES } from './threat-hunter-routes';
import { DEMO_PENDING_ADMINS, DEMO_THREAT_HUNTERS } from '../seed/seed-settings';
import { createTestApp, DEMO } from '../test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 60 * 60 * 1000;
const WINDOW_MS = INVITE_RESEND_WINDOW_SECONDS * 1000;
const NEW_PASSWORD = 'Invited-Admin-2!';

let t: TestApp;
let acme: string;
let initech: string;
/** Every secret handed out during the run: none may show up in the log. */
const secrets: string[] = [];

async function signInBoth() {
  acme = await t.signIn();
  initech = await t.signIn(DEMO.initech.email, DEMO.initech.password);
}

/** Moves the clock; sessions last 12 hours, so both administrators sign in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await signInBoth();
}

beforeAll(async () => {
  t = await createTestApp();
  await signInBoth();
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function outbox(app: TestApp = t) {
  await app.tasks.idle();
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

const listAdmins = async (cookie = acme) => {
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
    const json = method === 'POST' ? { name: 'X', email: 'x@acme.test', enable: true } : undefined;
    const r = await t.call(method, path, { json });
    expect(r.status).toBe(401);
  });
});

describe('administrators', () => {
  it('lists the organization’s administrators with their invitation state', async () => {
    const admins = await listAdmins();
    expect(admins.map((a) => [a.name, a.email, a.inviteAccepted])).toEqual([
      ['Avery Admin', 'admin@acme.test', true],
      ['Blake Blocked', 'blocked@acme.test', true],
      ...DEMO_PENDING_ADMINS.map((a) => [a.name, a.email, false]),
    ]);
    const [priya, theo] = admins.slice(2);
    // Sent 2 hours and 3 days before the seed ran (real clock).
    const gap = Date.parse(priya!.inviteSentDate!) - Date.parse(theo!.inviteSentDate!);
    expect(Math.abs(gap - (3 * 24 - 2) * HOUR)).toBeLessThan(60_000);
  });

  it('is scoped to the session’s organization', async () => {
    const admins = await listAdmins(initech);
    expect(admins.map((a) => a.email)).toEqual([DEMO.initech.email]);
  });

  it('invites a new administrator who sets a password through the link and signs in', async () => {
    const email = 'new.admin@acme.test';
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: acme,
      json: { name: '  Nia New ', email: 'New.Admin@acme.test' },
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
    expect(mail?.subject).toBe('You have been invited to administer Acme');
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
    expect(session.data.organization.slug).toBe('acme');

    const resend = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: acme,
      json: { name: 'Nia New', email },
    });
    expect(resend.status).toBe(409);
    expect(resend.data.error).toBe(ADMIN_MESSAGES.alreadyAccepted);
  });

  it('an invitation link expires after 7 days', async () => {
    const email = 'late.admin@acme.test';
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: acme,
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
    for (const email of ['ADMIN@acme.test', DEMO.initech.email, 'priya.pending@acme.test']) {
      const r = await t.call('POST', '/api/orgs/add-admin', {
        cookie: acme,
        json: { name: 'Someone', email },
      });
      expect(r.status, email).toBe(409);
      expect(r.data.error).toBe(ADMIN_MESSAGES.alreadyAdmin);
    }
    const initechAdmins = await listAdmins(initech);
    expect(initechAdmins).toHaveLength(1);
  });

  it('validates the body (400)', async () => {
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie: acme,
      json: { name: '', email: 'not-an-email' },
    });
    expect(r.status).toBe(400);
    expect(r.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'name']);
  });

  it('resends only after 24 hours, with a fresh link that replaces the earlier one', async () => {
    const email = 'resend.admin@acme.test';
    await t.call('POST', '/api/orgs/add-admin', { cookie: acme, json: { name: 'Rae', email } });
    const first = await latestInviteToken(email);
    const sentAt = t.clock.now().toISOString();
    const resend = () =>
      t.call('POST', '/api/orgs/resend-admin-invite', {
        cookie: acme,
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

  it('resends a seeded pending invitation, and one without a send date at once', async () => {
    // The test clock is years after the seed: Priya's invitation is old here.
    const priya = DEMO_PENDING_ADMINS[0];
    const r = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: acme,
      json: { name: priya.name, email: priya.email.toUpperCase() },
    });
    expect(r.status, r.text).toBe(200);
    expect((await outbox())[0]?.to).toBe(priya.email);

    const theo = DEMO_PENDING_ADMINS[1];
    await t.db.update(users).set({ inviteSentAt: null }).where(eq(users.email, theo.email));
    const none = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: acme,
      json: { name: theo.name, email: theo.email },
    });
    expect(none.status, none.text).toBe(200);
    await latestInviteToken(theo.email);
  });

  it('resends only for pending administrators of the caller’s organization', async () => {
    const other = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: initech,
      json: { name: 'Theo Stale', email: 'theo.stale@acme.test' },
    });
    expect(other.status).toBe(404);
    const unknown = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: acme,
      json: { name: 'Nobody', email: 'nobody@acme.test' },
    });
    expect(unknown.status).toBe(404);
    const accepted = await t.call('POST', '/api/orgs/resend-admin-invite', {
      cookie: acme,
      json: { name: 'Avery Admin', email: DEMO.admin.email },
    });
    expect(accepted.status).toBe(409);
  });

  it('a failed invitation e-mail answers 502 and leaves no send date, so Resend is offered', async () => {
    const broken = await createTestApp({
      mailer: { send: () => Promise.reject(new Error('smtp down for someone@example.test')) },
    });
    try {
      const cookie = await broken.signIn();
      const email = 'unlucky.admin@acme.test';
      const r = await broken.call('POST', '/api/orgs/add-admin', {
        cookie,
        json: { name: 'Una', email },
      });
      expect(r.status).toBe(502);
      expect(r.data.error).toBe(ADMIN_MESSAGES.sendFailed);
      const list = await broken.call('GET', '/api/orgs/admins', { cookie });
      expect(list.data.admins.find((a: { email: string }) => a.email === email)).toMatchObject({
        inviteAccepted: false,
        inviteSentDate: null,
      });
      const resend = await broken.call('POST', '/api/orgs/resend-admin-invite', {
        cookie,
        json: { name: 'Una', email },
      });
      expect(resend.status).toBe(502);
      expect(broken.logger.lines.join('\n')).not.toContain(email);
      expect(broken.logger.lines.join('\n')).not.toContain('someone@example.test');
    } finally {
      await broken.close();
    }
  });
});

describe('SCIM', () => {
  const scim = (cookie: string, json?: { enable: boolean }) =>
    t.call(json ? 'POST' : 'GET', '/api/orgs/scim', { cookie, json });

  it('is disabled initially', async () => {
    const r = await scim(acme);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ enabled: false, scimUrl: null, authHeader: null });
  });

  it('enabling creates a random bearer header, kept until disabled; disabling revokes it', async () => {
    const on = await scim(acme, { enable: true });
    expect(on.status, on.text).toBe(200);
    expect(on.data.enabled).toBe(true);
    expect(on.data.scimUrl).toBe('http://localhost/scim/v2/acme');
    expect(on.data.authHeader).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    const header = on.data.authHeader as string;
    secrets.push(header, header.slice('Bearer '.length));

    // Shown again on every visit; a repeated enable keeps it (the IdP's configuration stays valid).
    expect((await scim(acme)).data).toEqual(on.data);
    expect((await scim(acme, { enable: true })).data.authHeader).toBe(header);
    // Stored with its hash, the lookup key for verifying a presented header.
    const [row] = await t.db.select().from(orgCredentials).where(eq(orgCredentials.kind, 'scim'));
    expect(row?.secretHash).toBe(hashToken(header));

    // Another organization sees none of it.
    expect((await scim(initech)).data).toEqual({ enabled: false, scimUrl: null, authHeader: null });

    const off = await scim(acme, { enable: false });
    expect(off.data).toEqual({ enabled: false, scimUrl: null, authHeader: null });
    expect((await scim(acme)).data).toEqual(off.data);
    expect(await t.db.select().from(orgCredentials).where(eq(orgCredentials.kind, 'scim'))).toEqual(
      [],
    );

    const again = await scim(acme, { enable: true });
    expect(again.data.authHeader).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(again.data.authHeader).not.toBe(header);
    secrets.push(again.data.authHeader);
    // Disabling twice is harmless.
    expect((await scim(acme, { enable: false })).status).toBe(200);
    expect((await scim(acme, { enable: false })).status).toBe(200);
  });

  it('builds the URL from PUBLIC_URL when set; refuses in production without it', async () => {
    const withUrl = await createTestApp({ publicUrl: 'https://portal.example.com/' });
    try {
      const cookie = await withUrl.signIn();
      const r = await withUrl.call('POST', '/api/orgs/scim', { cookie, json: { enable: true } });
      expect(r.data.scimUrl).toBe('https://portal.example.com/scim/v2/acme');
    } finally {
      await withUrl.close();
    }
    const prod = await createTestApp({ production: true });
    try {
      const cookie = await prod.signIn();
      const r = await prod.call('POST', '/api/orgs/scim', { cookie, json: { enable: true } });
      expect(r.status).toBe(503);
      expect((await prod.call('GET', '/api/orgs/scim', { cookie })).data.enabled).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it('validates the body (400)', async () => {
    const r = await t.call('POST', '/api/orgs/scim', { cookie: acme, json: { enable: 'yes' } });
    expect(r.status).toBe(400);
  });
});

describe('MDM', () => {
  const mdm = (cookie: string, json?: { enable: boolean }) =>
    t.call(json ? 'POST' : 'GET', '/api/orgs/mdm', { cookie, json });

  it('enables with a random token, revokes it on disable, and draws a new one next time', async () => {
    expect((await mdm(acme)).data).toEqual({ enabled: false, token: null });
    const on = await mdm(acme, { enable: true });
    expect(on.status, on.text).toBe(200);
    expect(on.data.enabled).toBe(true);
    expect(on.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(on.data.token);
    expect((await mdm(acme)).data).toEqual(on.data);
    expect((await mdm(acme, { enable: true })).data.token).toBe(on.data.token);
    expect((await mdm(initech)).data).toEqual({ enabled: false, token: null });

    expect((await mdm(acme, { enable: false })).data).toEqual({ enabled: false, token: null });
    expect((await mdm(acme)).data).toEqual({ enabled: false, token: null });
    const again = await mdm(acme, { enable: true });
    expect(again.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.data.token).not.toBe(on.data.token);
    secrets.push(again.data.token);
  });
});

describe('threat hunter users', () => {
  const list = async (cookie = acme) => t.call('GET', '/api/threat-hunter/users', { cookie });

  it('lists the seeded users', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.data.threatHunterUsers).toEqual(
      DEMO_THREAT_HUNTERS.map(({ name, email, accessCode, status }) => ({
        name,
        email,
        accessCode,
        status,
      })),
    );
  });

  it('provisions a user with a unique access code and e-mails it', async () => {
    const r = await t.call('POST', '/api/threat-hunter/user', {
      cookie: acme,
      json: { name: 'Tara Hunt', email: 'Tara.Hunt@acme.test' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({});
    const users = (await list()).data.threatHunterUsers;
    const added = users.at(-1);
    expect(added).toMatchObject({
      name: 'Tara Hunt',
      email: 'tara.hunt@acme.test',
      status: 'Invited',
    });
    expect(added.accessCode).toMatch(/^TH-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(users.map((u: { accessCode: string }) => u.accessCode)).size).toBe(users.length);
    secrets.push(added.accessCode);
    const mail = (await outbox()).find((m) => m.to === 'tara.hunt@acme.test');
    expect(mail?.subject).toBe('Your Threat Hunter access for Acme');
    expect(mail?.text).toContain(added.accessCode);
  });

  it('refuses a duplicate e-mail in the organization (409)', async () => {
    const r = await t.call('POST', '/api/threat-hunter/user', {
      cookie: acme,
      json: { name: 'Dana again', email: 'DANA.LEE@acme.test' },
    });
    expect(r.status).toBe(409);
    expect(r.data.error).toBe(THREAT_HUNTER_MESSAGES.duplicate);
  });

  it('answers 403 to an organization without Threat Hunter access', async () => {
    const get = await list(initech);
    expect(get.status).toBe(403);
    expect(get.data.error).toBe(THREAT_HUNTER_MESSAGES.noAccess);
    const post = await t.call('POST', '/api/threat-hunter/user', {
      cookie: initech,
      json: { name: 'Ida Hunt', email: 'ida.hunt@initech.test' },
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
