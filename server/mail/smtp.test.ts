/**
 * E-mail over real SMTP: an in-process SMTP server (smtp-server) receives what the server sends
 * through nodemailer (SmtpMailer, SMTP_URL), and mailparser reads it as a mail client would. Every
 * e-mail is a job (server/mail/jobs.ts): the request answers, then the queue delivers.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { jobs } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { SmtpMailer } from './smtp-mailer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Received {
  envelope: { from: string; to: string[] };
  auth: string | null;
  mail: ParsedMail;
}

/** A real SMTP server on a free port; `refuse` sets the reply codes of the next DATA commands. */
async function startSmtpServer() {
  const received: Received[] = [];
  /** Reply codes to give the next messages instead of 250 (451: try later, 550: refused). */
  const refusals: number[] = [];
  /** The Message-ID of every DATA attempt, refused or not. */
  const attempts: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback (nodemailer would upgrade with STARTTLS when offered).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret-pass') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          attempts.push(mail.messageId ?? '');
          const code = refusals.shift();
          if (code !== undefined) {
            const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later');
            (error as Error & { responseCode: number }).responseCode = code;
            callback(error);
            return;
          }
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            auth: typeof session.user === 'string' ? session.user : null,
            mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refusals,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let mailer: SmtpMailer;
/** Three administrators with a password, each asking for a reset of their own. */
let example: TestOrg;
let initrode: TestOrg;
let freshco: TestOrg;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = new SmtpMailer({
    url: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`,
    from: 'Admin Portal <no-reply@portal.test>',
  });
  t = await createTestApp({ mailer, mailFromDomain: 'portal.test', retrySchedule: [0.05] });
  example = await makeOrg(t, { name: 'Example' });
  initrode = await makeOrg(t, { name: 'Initrode' });
  freshco = await makeOrg(t, { name: 'Freshco' });
}, 60_000);
afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
  smtp.attempts.length = 0;
  smtp.refusals.length = 0;
});

/** What arrived for `to`, after the queue has run every due job (and its retries). */
async function arrived(to: string) {
  await t.settle();
  await t.queue.drain({ includeScheduled: true, timeoutMs: 20_000 });
  return smtp.received.filter((r) => r.envelope.to.includes(to));
}

/** The link of an e-mail to /update-password/…, checked to be the same in both parts. */
function passwordLink(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/update-password\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  expect(mail.html).toContain(`href="${link}"`);
  return link as string;
}

function expectWellFormed(mail: ParsedMail, to: string) {
  expect(mail.from?.value).toEqual([{ address: 'no-reply@portal.test', name: 'Admin Portal' }]);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
    to,
  ]);
  // Both parts: the text a plain client shows, the HTML of the layout.
  expect(mail.text?.trim().length).toBeGreaterThan(0);
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
  expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/);
}

describe('e-mail over SMTP', () => {
  it('a password reset arrives with a text and an HTML part, and its link sets the password', async () => {
    const r = await t.call('POST', '/api/reset-password', { json: { email: example.admin.email } });
    expect(r.status).toBe(200);
    const [one, ...more] = await arrived(example.admin.email);
    expect(more).toEqual([]);
    const mail = (one as Received).mail;
    expectWellFormed(mail, example.admin.email);
    expect(mail.subject).toBe('Reset your admin portal password');
    expect((one as Received).auth).toBe('mailer');
    const token = passwordLink(mail).split('/').at(-1) as string;
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'New-Password-42!' },
    });
    expect(set.status, set.text).toBe(200);
    await t.signIn(example.admin.email, 'New-Password-42!');
  });

  it('a member invitation arrives with the enrolment code in both parts', async () => {
    const cookie = await t.signIn(example.admin.email, 'New-Password-42!');
    const to = 'smtp.member@example.test';
    const r = await t.call('POST', '/api/orgs/create-members?email=true', {
      cookie,
      json: { members: [{ name: 'Sam Smtp', email: to }], allowedDuplicates: [] },
    });
    expect(r.status, r.text).toBe(200);
    const [one] = await arrived(to);
    const mail = (one as Received).mail;
    expectWellFormed(mail, to);
    const code = /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/.exec(mail.text ?? '')?.[0];
    expect(code, mail.text).toBeDefined();
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('Sam Smtp');
  });

  it('an administrator invite arrives, and its link accepts the invitation', async () => {
    const cookie = await t.signIn(example.admin.email, 'New-Password-42!');
    const to = 'smtp.admin@example.test';
    const r = await t.call('POST', '/api/orgs/add-admin', {
      cookie,
      json: { name: 'Ada Smtp', email: to },
    });
    expect(r.status, r.text).toBe(200);
    const [one] = await arrived(to);
    const mail = (one as Received).mail;
    expectWellFormed(mail, to);
    expect(mail.subject).toMatch(/^You have been invited to administer /);
    const token = passwordLink(mail).split('/').at(-1) as string;
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: token, password: 'Admin-Smtp-42!' },
    });
    expect(set.status, set.text).toBe(200);
    await t.signIn(to, 'Admin-Smtp-42!');
  });

  it('a server that answers 451 then 250 gets the e-mail on the retry, with the same Message-ID', async () => {
    smtp.refusals.push(451);
    const r = await t.call('POST', '/api/reset-password', {
      json: { email: initrode.admin.email },
    });
    expect(r.status).toBe(200);
    const got = await arrived(initrode.admin.email);
    expect(got).toHaveLength(1);
    expect(smtp.attempts).toHaveLength(2);
    expect(smtp.attempts[0]).toBe(smtp.attempts[1]);
    expect(got[0]?.mail.messageId).toBe(smtp.attempts[0]);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'mail'))
      .orderBy(jobs.id)
      .then((rows) => rows.slice(-1));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a server that answers 550 gets one attempt, and the job shows failed', async () => {
    smtp.refusals.push(550, 550);
    const r = await t.call('POST', '/api/reset-password', { json: { email: freshco.admin.email } });
    expect(r.status).toBe(200);
    expect(await arrived(freshco.admin.email)).toEqual([]);
    expect(smtp.attempts).toHaveLength(1);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'mail'))
      .orderBy(jobs.id)
      .then((rows) => rows.slice(-1));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.lastError).toMatch(/SMTP 550/);
    // Nothing to recover once it failed: the link (token) is scrubbed from the job.
    expect(JSON.stringify(job?.payload)).not.toMatch(/update-password/);
  });

  it('logs neither the SMTP password, nor addresses, nor links', () => {
    const log = t.logger.lines.join('\n');
    expect(log).toContain('SMTP 550');
    expect(log).not.toContain('s3cret-pass');
    expect(log).not.toContain('update-password/');
    expect(log).not.toContain(freshco.admin.email);
  });
});
