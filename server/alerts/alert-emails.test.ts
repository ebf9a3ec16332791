/**
 * Threat alert e-mails (./alert-emails.ts; docs/decisions/057-alert-emails-and-severity.md)
 * against a real SMTP server (smtp-server, read back with mailparser as a mail client would):
 * devices enrol and report through the real device API, the queue sends over SMTP. One e-mail
 * per report to each administrator who can sign in and one to the device's member; Disabled sends
 * none (also for e-mails queued before the change); the hour's cap and its summary; one
 * organization's preference never applies to another's.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_CODE_ALPHABET } from '@domain/enrolment';
import { jobs } from '../db/schema';
import { SmtpMailer } from '../mail/smtp-mailer';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';
import { THREAT_ALERT_DIGEST_JOB, THREAT_ALERT_EMAILS_PER_HOUR } from './alert-emails';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Received {
  to: string[];
  mail: ParsedMail;
}

async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: SmtpMailer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = new SmtpMailer({
    url: `smtp://127.0.0.1:${smtp.port}`,
    from: 'Admin Portal <no-reply@portal.test>',
  });
  t = await createTestApp({
    mailer,
    mailFromDomain: 'portal.test',
    publicUrl: 'https://portal.example.com/',
  });
}, 60_000);
afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

let nextCode = 0;
function freshCode(): string {
  const a = ENROLLMENT_CODE_ALPHABET;
  let n = nextCode++;
  let tail = '';
  for (let i = 0; i < 4; i++) {
    tail = a[n % a.length]! + tail;
    n = Math.floor(n / a.length);
  }
  return `MAIL-${tail}`;
}

let orgCounter = 0;
/**
 * An organization with two administrators who can sign in, one invited (pending) and one blocked
 * by a login policy, and `count` members each with a pending device to enrol.
 */
async function orgWithMembers(count: number, extra: Parameters<typeof makeOrg>[1] = {}) {
  const codes = Array.from({ length: count }, freshCode);
  const org = await makeOrg(t, {
    name: `Mailco ${++orgCounter}`,
    admins: [{}, { pending: true }, { blocked: true }],
    members: codes.map((code) => ({ code })),
    devices: codes.map((code, i) => ({
      member: i,
      code,
      enrolled: false,
      model: null,
      platform: null,
      osVersion: null,
      severity: null,
      lastScanAt: null,
    })),
    ...extra,
  });
  return { org, codes };
}

async function device(path: string, json: unknown, credential?: string) {
  const res = await t.app.request(`/api/device/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
    },
    body: JSON.stringify(json),
  });
  return { status: res.status, data: (await res.json()) as Record<string, string> };
}

async function enrol(code: string): Promise<string> {
  const r = await device('/enroll', {
    code,
    device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
  });
  expect(r.status).toBe(201);
  return r.data.credential!;
}

let threat = 0;
function finding(severity: 'critical' | 'warning', name = `Threat ${++threat}`) {
  return { threatId: `t.${++threat}`, name, severity, category: 'malware' };
}

async function scan(credential: string, findings: ReturnType<typeof finding>[]) {
  const r = await device(
    '/scans',
    {
      reportId: randomUUID(),
      scannedAt: t.clock.now().toISOString(),
      osVersion: '14',
      screenLock: true,
      findings,
    },
    credential,
  );
  expect(r.status).toBe(202);
}

/** Every e-mail the queue sends now, as the SMTP server received them. */
async function delivered(): Promise<Received[]> {
  await t.settle();
  return [...smtp.received];
}

const to = (list: Received[], address: string) => list.filter((r) => r.to.includes(address));

describe('threat alert e-mails', () => {
  it('one e-mail per report to each administrator who can sign in, and one to the member, over SMTP', async () => {
    const { org, codes } = await orgWithMembers(1);
    const credential = await enrol(codes[0]!);
    await delivered();
    smtp.received.length = 0;

    await scan(credential, [
      finding('warning', 'Risky profile'),
      finding('critical', 'Banking trojan'),
    ]);
    const mails = await delivered();
    expect(mails).toHaveLength(3);
    const [a0, a1, pending, blocked] = org.admins;
    for (const admin of [a0!, a1!]) {
      const [one, ...more] = to(mails, admin.email);
      expect(more).toEqual([]);
      const mail = one!.mail;
      const member = org.members[0]!;
      expect(mail.subject).toBe(`Threat alert: 2 new alerts on Pixel 8a (${member.name})`);
      expect(mail.text).toContain(`Hello ${admin.name},`);
      // Worst first, both findings in one e-mail.
      expect(mail.text).toMatch(/1\. Banking trojan \(Critical\)\n2\. Risky profile \(Warning\)/);
      expect(mail.text).toContain('https://portal.example.com/alerts-console?status=open');
      expect(mail.html).toContain('href="https://portal.example.com/alerts-console?status=open"');
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      // No secret: neither the device's credential nor the member's enrolment code.
      expect(mail.text).not.toContain(credential);
      expect(mail.text).not.toContain(codes[0]!);
      expect(mail.html).not.toContain(codes[0]!);
    }
    expect(to(mails, pending!.email)).toEqual([]);
    expect(to(mails, blocked!.email)).toEqual([]);
    const [memberMail] = to(mails, org.members[0]!.email);
    expect(memberMail!.mail.subject).toBe('Action needed: a threat was found on your Pixel 8a');
    expect(memberMail!.mail.text).toContain('Open the mobile security app on the device');
    expect(memberMail!.mail.text).toContain('Banking trojan (Critical)');
    // The member gets no console link (it is for administrators).
    expect(memberMail!.mail.text).not.toContain('alerts-console');

    // The same findings reported again open nothing: no e-mail.
    smtp.received.length = 0;
    await scan(credential, []);
    expect(await delivered()).toEqual([]);
  });

  it('Disabled sends none; another organization keeps its own preference', async () => {
    const off = await orgWithMembers(1, { emailPreferences: { threatAlerts: false } });
    const on = await orgWithMembers(1);
    const offDevice = await enrol(off.codes[0]!);
    const onDevice = await enrol(on.codes[0]!);
    await delivered();
    smtp.received.length = 0;

    await scan(offDevice, [finding('critical')]);
    await scan(onDevice, [finding('critical')]);
    const mails = await delivered();
    const offAddresses = [...off.org.admins, ...off.org.members].map((p) => p.email);
    expect(mails.filter((m) => m.to.some((a) => offAddresses.includes(a)))).toEqual([]);
    expect(mails).toHaveLength(3);
    expect(to(mails, on.org.members[0]!.email)).toHaveLength(1);
  });

  it('choosing Disabled in the portal applies at once, also to e-mails already queued', async () => {
    const { org, codes } = await orgWithMembers(2);
    const first = await enrol(codes[0]!);
    const second = await enrol(codes[1]!);
    await delivered();
    smtp.received.length = 0;

    // Queued, not sent yet.
    await scan(first, [finding('critical')]);
    const queued = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.orgId, org.id), eq(jobs.status, 'queued')));
    expect(queued.length).toBeGreaterThanOrEqual(3);
    const off = await t.call('PUT', '/api/orgs/email-preferences', {
      cookie: org.cookie,
      json: { threatAlerts: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(await delivered()).toEqual([]);
    // A report after the change queues nothing (the cached preference was forgotten).
    await scan(second, [finding('critical')]);
    const after = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.orgId, org.id), eq(jobs.status, 'queued')));
    expect(after).toEqual([]);

    // Enabled again: the next report is e-mailed.
    const on = await t.call('PUT', '/api/orgs/email-preferences', {
      cookie: org.cookie,
      json: { threatAlerts: true },
    });
    expect(on.status).toBe(200);
    await scan(second, [finding('warning')]);
    expect(await delivered()).toHaveLength(3);
  });

  it('past the hourly cap, reports are not e-mailed one by one: one summary per administrator at the end of the hour', async () => {
    const reports = THREAT_ALERT_EMAILS_PER_HOUR + 5;
    const { org, codes } = await orgWithMembers(reports);
    const credentials: string[] = [];
    for (const code of codes) credentials.push(await enrol(code));
    await delivered();
    smtp.received.length = 0;
    // Another organization in the same hour is counted on its own.
    const other = await orgWithMembers(1);
    const otherDevice = await enrol(other.codes[0]!);

    for (const [i, credential] of credentials.entries()) {
      await scan(
        credential,
        i % 2 ? [finding('warning')] : [finding('critical'), finding('warning')],
      );
    }
    await scan(otherDevice, [finding('critical')]);
    const mails = await delivered();
    const admins = org.admins.slice(0, 2);
    for (const admin of admins) {
      expect(to(mails, admin.email)).toHaveLength(THREAT_ALERT_EMAILS_PER_HOUR);
    }
    const memberMails = org.members.flatMap((m) => to(mails, m.email));
    expect(memberMails).toHaveLength(THREAT_ALERT_EMAILS_PER_HOUR);
    expect(to(mails, other.org.admins[0]!.email)).toHaveLength(1);

    // One summary job, due at the end of the hour (10:00 for the test clock's 09:00).
    const digests = await t.db
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.orgId, org.id), eq(jobs.kind, THREAT_ALERT_DIGEST_JOB)));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.status).toBe('queued');
    // The queue runs on real time: make it due now, then run it.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.orgId, org.id), eq(jobs.kind, THREAT_ALERT_DIGEST_JOB)));
    smtp.received.length = 0;
    const summary = await delivered();
    expect(summary).toHaveLength(2);
    const rest = reports - THREAT_ALERT_EMAILS_PER_HOUR;
    // Reports 10..14: indexes 10, 12, 14 open two alerts each (one critical), 11 and 13 one.
    const restAlerts = [10, 11, 12, 13, 14].reduce((n, i) => n + (i % 2 ? 1 : 2), 0);
    for (const admin of admins) {
      const [mail] = to(summary, admin.email);
      expect(mail!.mail.subject).toBe(
        `Threat alert summary: ${restAlerts} more alerts in ${org.name}`,
      );
      expect(mail!.mail.text).toContain('in the hour from 09:00 UTC');
      expect(mail!.mail.text).toContain(
        `${restAlerts} alerts (3 critical) on ${rest} devices; ${restAlerts} still open.`,
      );
      expect(mail!.mail.html).toContain(
        'href="https://portal.example.com/alerts-console?status=open"',
      );
    }

    // The next hour e-mails reports one by one again.
    smtp.received.length = 0;
    t.clock.advance(60 * 60 * 1000);
    await scan(credentials[0]!, [finding('critical')]);
    expect(to(await delivered(), admins[0]!.email)).toHaveLength(1);
  });

  it('concurrent reports are counted once each: exactly the cap e-mailed, one summary job', async () => {
    const reports = THREAT_ALERT_EMAILS_PER_HOUR + 8;
    const { org, codes } = await orgWithMembers(reports);
    const credentials: string[] = [];
    for (const code of codes) credentials.push(await enrol(code));
    await delivered();
    smtp.received.length = 0;

    await Promise.all(credentials.map((c) => scan(c, [finding('critical')])));
    const mails = await delivered();
    expect(to(mails, org.admins[0]!.email)).toHaveLength(THREAT_ALERT_EMAILS_PER_HOUR);
    expect(org.members.flatMap((m) => to(mails, m.email))).toHaveLength(
      THREAT_ALERT_EMAILS_PER_HOUR,
    );
    const digests = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.orgId, org.id), eq(jobs.kind, THREAT_ALERT_DIGEST_JOB)));
    expect(digests).toHaveLength(1);
  });
});
