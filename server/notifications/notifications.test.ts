/**
 * Notifications (docs/product/notifications.md): e-mail preferences, the custom enrolment e-mail
 * (stored as sent, e-mailed as plain text) and device scan notification preferences — on
 * organizations the tests make (test-support/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_BODY_MAX_LENGTH } from '@domain/notifications';
import { DEFAULT_EMAIL_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES } from './data';
import { templateBodyToText, templateSubjectToText } from '../mail/plain-text';
import { invitationEmail } from '../members/invitation';
import { renderText } from '../mail/content';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let example: string;
let initrode: string;
let freshco: string;
const orgIds: Record<string, number> = {};

/**
 * Example saved every e-mail preference and its scan notifications; Initrode saved only some
 * e-mail preferences (so Outdated OS e-mails are not offered) and no scan notifications; Freshco
 * saved the default e-mail preferences and scan notifications that never fire.
 */
const SAVED_EMAIL = {
  weeklySummary: true,
  threatAlerts: true,
  enrollmentEmailsFrequency: 'EVERY_SECOND_DAY',
  outdatedOsEmailsFrequency: 'WEEKLY',
} as const;
const SAVED_SCAN = {
  deviceIntegrityPeriod: 'SEVEN_DAYS',
  notificationFrequency: 'WEEKLY',
  notificationType: 'PUSH',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  const orgs = {
    example: await makeOrg(t, {
      name: 'Example',
      emailPreferences: SAVED_EMAIL,
      notificationPreferences: SAVED_SCAN,
    }),
    initrode: await makeOrg(t, {
      name: 'Initrode',
      emailPreferences: { threatAlerts: false, enrollmentEmailsFrequency: 'ONCE' },
    }),
    freshco: await makeOrg(t, {
      name: 'Freshco',
      emailPreferences: {
        weeklySummary: true,
        threatAlerts: true,
        enrollmentEmailsFrequency: 'ONCE',
      },
      notificationPreferences: {
        deviceIntegrityPeriod: 'NEVER',
        notificationFrequency: 'WEEKLY',
        notificationType: 'PUSH',
      },
    }),
  };
  example = orgs.example.cookie;
  initrode = orgs.initrode.cookie;
  freshco = orgs.freshco.cookie;
  for (const [key, org] of Object.entries(orgs)) orgIds[key] = org.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/orgs/email-preferences'],
    ['PUT', '/api/orgs/email-preferences'],
    ['GET', '/api/orgs/email-template?type=OrgEnrollment'],
    ['PUT', '/api/orgs/email-template'],
    ['GET', '/api/orgs/notifications-preferences?topic=OpenAppToScan'],
    ['PUT', '/api/orgs/notifications-preferences?topic=OpenAppToScan'],
  ])('%s %s answers 401', async (method, path) => {
    const r = await t.call(method, path, { json: method === 'PUT' ? {} : undefined });
    expect(r.status).toBe(401);
  });
});

describe('e-mail preferences', () => {
  const get = (cookie = example) => t.call('GET', '/api/orgs/email-preferences', { cookie });
  const put = (json: unknown, cookie = example) =>
    t.call('PUT', '/api/orgs/email-preferences', { cookie, json });

  it('answers the saved preferences with the session’s organization id', async () => {
    const r = await get();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ orgId: orgIds.example, ...SAVED_EMAIL });
  });

  it('answers only the preferences an organization is offered', async () => {
    const r = await get(initrode);
    expect(r.data).toEqual({
      orgId: orgIds.initrode,
      threatAlerts: false,
      enrollmentEmailsFrequency: 'ONCE',
    });
    expect(Object.keys(r.data)).not.toContain('outdatedOsEmailsFrequency');
    expect((await get(freshco)).data).toEqual({
      orgId: orgIds.freshco,
      ...DEFAULT_EMAIL_PREFERENCES,
    });
  });

  it('updates only the fields sent and answers the full preferences', async () => {
    const r = await put({ threatAlerts: false, outdatedOsEmailsFrequency: 'DAILY' });
    expect(r.status, r.text).toBe(200);
    const expected = {
      orgId: orgIds.example,
      ...SAVED_EMAIL,
      threatAlerts: false,
      outdatedOsEmailsFrequency: 'DAILY',
    };
    expect(r.data).toEqual(expected);
    expect((await get()).data).toEqual(expected);
    // An empty update changes nothing.
    expect((await put({})).data).toEqual(expected);
  });

  it('takes the organization from the session, never from the body', async () => {
    const before = (await get()).data;
    const r = await put({ orgId: orgIds.example, weeklySummary: false }, initrode);
    expect(r.status, r.text).toBe(200);
    expect(r.data.orgId).toBe(orgIds.initrode);
    expect(r.data.weeklySummary).toBe(false);
    expect((await get()).data).toEqual(before);
  });

  it('refuses unknown values (400)', async () => {
    const r = await put({ enrollmentEmailsFrequency: 'HOURLY', threatAlerts: 'yes' });
    expect(r.status).toBe(400);
    expect(r.data.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'enrollmentEmailsFrequency',
      'threatAlerts',
    ]);
  });
});

describe('custom enrolment e-mail (pure)', () => {
  it('turns markup into plain text', () => {
    expect(
      templateBodyToText(
        '<p>Hi <b>team</b>,</p><p>Install the app&nbsp;today &amp; enroll.</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('Hi team,\n\nInstall the app today & enroll.\n\n- one\n- two');
    expect(templateBodyToText('Line one\r\nLine two\n\n\n\nEnd  ')).toBe(
      'Line one\nLine two\n\nEnd',
    );
    expect(templateBodyToText('a < b and c > d, 3<4')).toBe('a < b and c > d, 3<4');
    expect(templateBodyToText('&#72;&#x49; &unknown; &quot;x&quot;')).toBe('HI &unknown; "x"');
  });

  it.each([
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<style>p{}</style><!-- c -->',
    '&lt;img src=x onerror=alert(1)&gt;',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '<<img src=x onerror=alert(1)>img src=x>',
    '<img src=x onerror=alert(1)',
    '<a href="javascript:alert(1)">link</a>',
    '<svg/onload=alert(1)>',
  ])('no markup survives: %s', (input) => {
    const text = templateBodyToText(`Hello ${input} world`);
    expect(text).not.toMatch(/<[A-Za-z/!?]/);
    expect(text).not.toMatch(/<img|<script|<svg|<a /i);
  });

  it('a subject is one line', () => {
    expect(templateSubjectToText('<b>Join</b>\nnow\r\nBcc: x@y.test')).toBe(
      'Join now Bcc: x@y.test',
    );
  });

  it('the invitation keeps the code and steps; null texts keep the defaults', () => {
    const member = { name: 'Pat', email: 'pat@example.test', code: 'ABCD-EF23' };
    const custom = invitationEmail({ name: 'Acme' }, member, {
      subject: 'Enroll <i>now</i>',
      body: '<p>Hi,</p><img src=x onerror=alert(1)><p>Please enroll.</p>',
    });
    expect(custom.subject).toBe('Enroll now');
    const customText = renderText(custom);
    expect(customText).toMatch(
      /^Hi,\n\nPlease enroll\.\n\nYour enrolment code is:\n\n {4}ABCD-EF23/,
    );
    expect(customText).toContain('Enroll with a code');
    expect(customText).not.toContain('<');
    const defaults = invitationEmail({ name: 'Acme' }, member, { subject: null, body: null });
    expect(defaults).toEqual(invitationEmail({ name: 'Acme' }, member));
    expect(defaults.subject).toBe('Your enrolment code for Acme');
    expect(renderText(defaults)).toMatch(/^Hello Pat,/);
  });
});

describe('custom enrolment e-mail', () => {
  const get = (cookie = example, query = '?type=OrgEnrollment') =>
    t.call('GET', `/api/orgs/email-template${query}`, { cookie });
  const put = (json: unknown, cookie = example) =>
    t.call('PUT', '/api/orgs/email-template', { cookie, json });

  async function outbox() {
    await t.settle();
    const r = await t.call('GET', '/api/dev/outbox', { cookie: example });
    expect(r.status).toBe(200);
    return r.data.messages as Array<{ to: string; subject: string; text: string }>;
  }

  it('starts with the default texts (null)', async () => {
    const r = await get();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ subject: null, body: null });
  });

  it('needs a known type (400)', async () => {
    expect((await get(example, '')).status).toBe(400);
    expect((await get(example, '?type=Welcome')).status).toBe(400);
    expect((await put({ type: 'Welcome', subject: null, body: null })).status).toBe(400);
  });

  it('stores subject and body as sent (trimmed) and answers them', async () => {
    const body = '<p>Hi,</p>\n<img src=x onerror=alert(1)>\n<p>Please enroll &amp; stay safe.</p>';
    const r = await put({
      type: 'OrgEnrollment',
      subject: '  Enroll your phone  ',
      body: ` ${body}\n`,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({});
    expect((await get()).data).toEqual({ subject: 'Enroll your phone', body });
  });

  it('sends invitations as plain text from the template: no markup reaches the e-mail', async () => {
    const r = await t.call('POST', '/api/orgs/create-members', {
      cookie: example,
      json: { members: [{ name: 'Tess Template', email: 'tess.template@example.test' }] },
    });
    expect(r.status, r.text).toBe(200);
    const mail = (await outbox()).find((m) => m.to === 'tess.template@example.test');
    expect(mail?.subject).toBe('Enroll your phone');
    expect(mail?.text).toMatch(/^Hi,\n\nPlease enroll & stay safe\.\n\nYour enrolment code is:/);
    expect(mail?.text).toMatch(/^ {4}[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/m);
    expect(mail?.text).not.toContain('<');
    expect(mail?.text).not.toContain('onerror');
  });

  it('refuses a body over 3000 characters, an empty subject, a missing field (400)', async () => {
    const long = await put({
      type: 'OrgEnrollment',
      subject: null,
      body: 'x'.repeat(EMAIL_BODY_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.data.issues[0].path).toBe('body');
    const atLimit = await put({
      type: 'OrgEnrollment',
      subject: null,
      body: 'x'.repeat(EMAIL_BODY_MAX_LENGTH),
    });
    expect(atLimit.status).toBe(200);
    const empty = await put({ type: 'OrgEnrollment', subject: '   ', body: null });
    expect(empty.status).toBe(400);
    expect((await put({ type: 'OrgEnrollment', subject: null })).status).toBe(400);
  });

  it('null texts bring the default e-mail back', async () => {
    expect((await put({ type: 'OrgEnrollment', subject: null, body: null })).status).toBe(200);
    expect((await get()).data).toEqual({ subject: null, body: null });
    await t.call('POST', '/api/orgs/create-members', {
      cookie: example,
      json: { members: [{ name: 'Dev Default', email: 'dev.default@example.test' }] },
    });
    const mail = (await outbox()).find((m) => m.to === 'dev.default@example.test');
    expect(mail?.subject).toBe('Your enrolment code for Example');
    expect(mail?.text).toMatch(/^Hello Dev Default,/);
  });

  it('is scoped to the organization', async () => {
    const r = await put(
      { type: 'OrgEnrollment', subject: 'Initrode only', body: 'Hello Initrode' },
      initrode,
    );
    expect(r.status).toBe(200);
    expect((await get(initrode)).data).toEqual({
      subject: 'Initrode only',
      body: 'Hello Initrode',
    });
    expect((await get()).data).toEqual({ subject: null, body: null });
    expect((await get(freshco)).data).toEqual({ subject: null, body: null });
  });
});

describe('device scan notification preferences', () => {
  const query = '?topic=OpenAppToScan';
  // The reminders of the last 30 days (docs/decisions/053): none sent to these organizations.
  const reminders = { emails: 0, pushNotDelivered: 0 };
  const get = (cookie = example, q = query) =>
    t.call('GET', `/api/orgs/notifications-preferences${q}`, { cookie });
  const put = (json: unknown, cookie = example, q = query) =>
    t.call('PUT', `/api/orgs/notifications-preferences${q}`, { cookie, json });

  it('answers the saved preferences, or the defaults', async () => {
    const r = await get();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ topic: 'OpenAppToScan', ...SAVED_SCAN, reminders });
    expect(r.data).toMatchObject({
      deviceIntegrityPeriod: 'SEVEN_DAYS',
      notificationFrequency: 'WEEKLY',
      notificationType: 'PUSH',
    });
    expect((await get(freshco)).data.deviceIntegrityPeriod).toBe('NEVER');
    expect((await get(initrode)).data).toEqual({
      topic: 'OpenAppToScan',
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      reminders,
    });
  });

  it('saves and answers them; the topic comes from the query', async () => {
    const prefs = {
      notificationType: 'EMAIL',
      deviceIntegrityPeriod: 'THREE_DAYS',
      notificationFrequency: 'EVERY_SECOND_DAY',
    };
    const r = await put({ ...prefs, topic: 'Something' });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ topic: 'OpenAppToScan', ...prefs, reminders });
    expect((await get()).data).toEqual({ topic: 'OpenAppToScan', ...prefs, reminders });
  });

  it('needs a known topic and a complete, valid body (400)', async () => {
    expect((await get(example, '')).status).toBe(400);
    expect((await get(example, '?topic=Other')).status).toBe(400);
    const noTopic = await put({ ...DEFAULT_NOTIFICATION_PREFERENCES }, example, '');
    expect(noTopic.status).toBe(400);
    const bad = await put({ ...DEFAULT_NOTIFICATION_PREFERENCES, notificationType: 'SMS' });
    expect(bad.status).toBe(400);
    expect(bad.data.issues[0].path).toBe('notificationType');
    const partial = await put({ notificationType: 'PUSH' });
    expect(partial.status).toBe(400);
  });

  it('is scoped to the organization', async () => {
    const exampleBefore = (await get()).data;
    const prefs = {
      notificationType: 'PUSH',
      deviceIntegrityPeriod: 'TWO_WEEKS',
      notificationFrequency: 'DAILY',
    };
    expect((await put(prefs, initrode)).status).toBe(200);
    expect((await get(initrode)).data).toEqual({ topic: 'OpenAppToScan', ...prefs, reminders });
    expect((await get()).data).toEqual(exampleBefore);
    expect((await get(freshco)).data.deviceIntegrityPeriod).toBe('NEVER');
  });
});
