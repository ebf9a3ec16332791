import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support';
import { makeOrg, TEST_PASSWORD, type TestAdmin } from '../test-support/factories';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** An administrator with a password, one who signs in through SSO only, two more with passwords. */
let admin: TestAdmin;
let ssoAdmin: TestAdmin;
let quotaAdmin: TestAdmin;
let rotateAdmin: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeOrg(t, { name: 'Resetco' })).admin;
  ssoAdmin = (await makeOrg(t, { name: 'Ssoco', sso: 'okta', admin: { password: null } })).admin;
  quotaAdmin = (await makeOrg(t, { name: 'Quota' })).admin;
  rotateAdmin = (await makeOrg(t, { name: 'Rotate' })).admin;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function outbox() {
  await t.tasks.idle();
  const r = await t.call('GET', '/api/dev/outbox');
  expect(r.status).toBe(200);
  return r.data.messages as Array<{ to: string; subject: string; text: string; sentAt: string }>;
}

async function requestReset(email: string): Promise<string> {
  const r = await t.call('POST', '/api/reset-password', { json: { email } });
  expect(r.status).toBe(200);
  const [latest] = await outbox();
  const match = /\/update-password\/([A-Za-z0-9_-]{43})/.exec(latest?.text ?? '');
  if (!match) throw new Error('no reset link in the latest e-mail');
  return match[1]!;
}

describe('reset request', () => {
  it('answers the same for known and unknown addresses; only the known one gets an e-mail with a link', async () => {
    const before = (await outbox()).length;
    const unknown = await t.call('POST', '/api/reset-password', {
      json: { email: 'nobody@nowhere.test' },
    });
    const sso = await t.call('POST', '/api/reset-password', { json: { email: ssoAdmin.email } });
    const known = await t.call('POST', '/api/reset-password', {
      json: { email: admin.email.toUpperCase() },
    });
    for (const r of [unknown, sso, known]) {
      expect(r.status).toBe(200);
      expect(r.data).toEqual({});
    }
    const messages = await outbox();
    expect(messages.length).toBe(before + 1);
    const [mail] = messages;
    expect(mail?.to).toBe(admin.email);
    expect(mail?.text).toMatch(/^http:\/\/localhost\/update-password\/[A-Za-z0-9_-]{43}$/m);
    expect(Number.isNaN(Date.parse(mail!.sentAt))).toBe(false);
  });

  it('sends at most 5 reset e-mails per address and hour, answering alike', async () => {
    const count = async () => (await outbox()).filter((m) => m.to === quotaAdmin.email).length;
    t.clock.advance(2 * 60 * 60 * 1000);
    const before = await count();
    for (let i = 0; i < 7; i++) {
      const r = await t.call('POST', '/api/reset-password', { json: { email: quotaAdmin.email } });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({});
    }
    expect((await count()) - before).toBe(5);
    t.clock.advance(60 * 60 * 1000 + 1);
    await t.call('POST', '/api/reset-password', { json: { email: quotaAdmin.email } });
    expect((await count()) - before).toBe(6);
  });

  it('builds links from PUBLIC_URL when set, and refuses without it in production', async () => {
    const withUrl = await createTestApp({ publicUrl: 'https://portal.example.com/' });
    try {
      const { admin } = await makeOrg(withUrl);
      await withUrl.call('POST', '/api/reset-password', { json: { email: admin.email } });
      await withUrl.tasks.idle();
      const [row] = await withUrl.db.query.outbox.findMany();
      expect(row?.text).toMatch(
        /^https:\/\/portal\.example\.com\/update-password\/[A-Za-z0-9_-]{43}$/m,
      );
    } finally {
      await withUrl.close();
    }
    const prod = await createTestApp({ production: true });
    try {
      const { admin } = await makeOrg(prod);
      const r = await prod.call('POST', '/api/reset-password', {
        json: { email: admin.email },
      });
      expect(r.status).toBe(200);
      await prod.tasks.idle();
      expect(await prod.db.query.outbox.findMany()).toEqual([]);
      expect(prod.logger.lines.some((l) => l.includes('PUBLIC_URL is not set'))).toBe(true);
    } finally {
      await prod.close();
    }
  }, 60_000);
});

describe('update password', () => {
  it('enforces the password rules, listing what is missing (and keeps the token usable)', async () => {
    const token = await requestReset(quotaAdmin.email);
    const r = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'short' },
    });
    expect(r.status).toBe(400);
    expect(r.data.error).toBe(
      'The password needs at least 8 characters, one uppercase letter, one digit, one special character.',
    );
    expect(r.data.issues).toContainEqual({ path: 'password', message: 'Needs one digit' });
    const ok = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'Better-Pass-2!' },
    });
    expect(ok.status).toBe(200);
  });

  it('sets the password, ends the user’s sessions and works only once', async () => {
    const session = await t.signIn(rotateAdmin.email, TEST_PASSWORD);
    const token = await requestReset(rotateAdmin.email);
    const r = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'New-Password-9?' },
    });
    expect(r.status).toBe(200);
    expect((await t.call('GET', '/api/session', { cookie: session })).status).toBe(401);

    const old = await t.call('POST', '/api/login', {
      json: { email: rotateAdmin.email, password: TEST_PASSWORD },
    });
    expect(old.status).toBe(401);
    const fresh = await t.call('POST', '/api/login', {
      json: { email: rotateAdmin.email, password: 'New-Password-9?' },
    });
    expect(fresh.status).toBe(200);

    const again = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'Other-Password-9?' },
    });
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ error: 'This password reset link is invalid or has expired.' });
  });

  it('rejects unknown and expired tokens', async () => {
    const unknown = await t.call('POST', '/api/update-password', {
      json: { requestToken: 'x'.repeat(43), password: 'New-Password-9?' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe('This password reset link is invalid or has expired.');

    const token = await requestReset(admin.email);
    t.clock.advance(60 * 60 * 1000 + 1);
    const expired = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'New-Password-9?' },
    });
    expect(expired.status).toBe(400);
    expect(expired.data.error).toBe('This password reset link is invalid or has expired.');
    // The old password still works.
    expect(
      (
        await t.call('POST', '/api/login', {
          json: { email: admin.email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('stores only the hash of reset tokens', async () => {
    const token = await requestReset(admin.email);
    const rows = await t.db.query.passwordResetTokens.findMany();
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});
