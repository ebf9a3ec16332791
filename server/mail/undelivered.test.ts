/**
 * Undelivered e-mails (docs/product/notifications.md, "Undelivered e-mails"): e-mails refused for
 * good by the mail server are listed for the organization's administrators — kind, address, time,
 * attempts and reason, never a link or a code — and an invitation among them can be sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDELIVERED_EMAIL_MESSAGES } from './undelivered-routes';
import type { MailMessage } from './mailer';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A mail server that refuses everything (550) until told to accept. */
const mail = {
  refuse: true,
  sent: [] as MailMessage[],
  async send(message: MailMessage) {
    if (this.refuse) {
      throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), {
        responseCode: 550,
        code: 'EENVELOPE',
      });
    }
    this.sent.push(message);
  },
};

let t: TestApp;
let example: TestOrg;
let initrode: TestOrg;

const list = async (cookie = example.cookie) => {
  const r = await t.call('GET', '/api/orgs/notifications/undelivered-emails', { cookie });
  expect(r.status, r.text).toBe(200);
  return r as { data: { emails: Array<Record<string, unknown>> }; text: string };
};
const resend = (id: unknown, cookie = example.cookie) =>
  t.call('POST', '/api/orgs/notifications/undelivered-emails/resend', { cookie, json: { id } });

beforeAll(async () => {
  // One attempt per e-mail (the harness's default schedule).
  t = await createTestApp({ mailer: mail });
  example = await makeOrg(t, { name: 'Example' });
  initrode = await makeOrg(t, { name: 'Initrode' });
  // A member invitation, an administrator invitation and a password reset, all refused.
  const created = await t.call('POST', '/api/orgs/create-members?email=true', {
    cookie: example.cookie,
    json: { members: [{ name: 'Mia Member', email: 'mia.member@example.test' }] },
  });
  expect(created.status, created.text).toBe(200);
  const added = await t.call('POST', '/api/orgs/add-admin', {
    cookie: example.cookie,
    json: { name: 'Ada Admin', email: 'ada.admin@example.test' },
  });
  expect(added.status, added.text).toBe(200);
  const reset = await t.call('POST', '/api/reset-password', {
    json: { email: example.admin.email },
  });
  expect(reset.status, reset.text).toBe(200);
  await t.settle();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('undelivered e-mails', () => {
  it('lists each refused e-mail with its kind, address, attempts and reason; no link, no code', async () => {
    const { data, text } = await list();
    const byKind = Object.fromEntries(data.emails.map((e) => [e.kind, e]));
    expect(Object.keys(byKind).sort()).toEqual([
      'admin-invitation',
      'member-invitation',
      'password-reset',
    ]);
    expect(byKind['member-invitation']).toMatchObject({
      to: 'mia.member@example.test',
      attempts: 1,
      reason: 'SMTP 550 EENVELOPE (permanent)',
      canResend: true,
    });
    expect(byKind['admin-invitation']).toMatchObject({
      to: 'ada.admin@example.test',
      canResend: true,
    });
    expect(byKind['password-reset']).toMatchObject({ to: example.admin.email, canResend: false });
    for (const e of data.emails) expect(Date.parse(e.failedAt as string)).not.toBeNaN();
    // Nothing secret: no link, no enrolment code, no token.
    expect(text).not.toMatch(/update-password|https?:\/\//);
    const members = await t.call('GET', '/api/orgs/members', { cookie: example.cookie });
    const code = (members.data.members as Array<{ email: string; code?: string }>).find(
      (m) => m.email === 'mia.member@example.test',
    )?.code;
    if (code) expect(text).not.toContain(code);
  });

  it('Resend sends a member invitation again with the code; it leaves the list', async () => {
    mail.refuse = false;
    const { data } = await list();
    const failed = data.emails.find((e) => e.kind === 'member-invitation')!;
    const r = await resend(failed.id);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ success: UNDELIVERED_EMAIL_MESSAGES.resent });
    expect((await list()).data.emails.map((e) => e.kind)).not.toContain('member-invitation');
    await t.settle();
    expect(mail.sent.map((m) => m.to)).toEqual(['mia.member@example.test']);
    // Listed no more, so a second Resend is refused.
    expect((await resend(failed.id)).status).toBe(404);
  });

  it('Resend sends an administrator a fresh invitation link', async () => {
    const failed = (await list()).data.emails.find((e) => e.kind === 'admin-invitation')!;
    const r = await resend(failed.id);
    expect(r.status, r.text).toBe(200);
    await t.settle();
    const sent = mail.sent.find((m) => m.to === 'ada.admin@example.test');
    expect(sent?.text).toMatch(/\/update-password\/\S+/);
    expect((await list()).data.emails.map((e) => e.kind)).toEqual(['password-reset']);
  });

  it('a password reset is not sent again from here; unknown ids are not listed', async () => {
    const failed = (await list()).data.emails.find((e) => e.kind === 'password-reset')!;
    const r = await resend(failed.id);
    expect(r.status).toBe(409);
    expect(r.data).toEqual({ error: UNDELIVERED_EMAIL_MESSAGES.cannotResend });
    for (const id of ['999999999', 'abc', '1e3']) {
      const unknown = await resend(id);
      expect(unknown.status).toBe(404);
      expect(unknown.data).toEqual({ error: UNDELIVERED_EMAIL_MESSAGES.notListed });
    }
  });

  it('is scoped to the organization', async () => {
    const mine = (await list()).data.emails;
    expect(mine.length).toBeGreaterThan(0);
    expect((await list(initrode.cookie)).data.emails).toEqual([]);
    const theirs = await resend(mine[0]!.id, initrode.cookie);
    expect(theirs.status).toBe(404);
  });
});
