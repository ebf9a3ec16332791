/**
 * Cross-organization access (docs/decisions/021-cross-cutting-checks.md): administrators of other
 * organizations name every Acme resource they could learn (device codes, alert scan ids,
 * administrator and member e-mails, directory groups and page cursors, payment methods, threat
 * hunter users, Acme's org id) in every call that takes one, and run every other call of the
 * contract in their own organization. They get nothing of Acme in any answer, and no row of Acme
 * (nor of two bystander organizations) changes. (Not here: the public calls anyone may make about
 * an address, such as a password reset request, and the development-only mailbox, which is global
 * by design.)
 *
 * With Stripe configured (docs/decisions/040-stripe.md), the billing calls run on Stripe: Initrode
 * names Freshco's Stripe payment method and runs every billing call, against the local stand-in of
 * Stripe's API; nothing of Freshco changes, here or at "Stripe".
 *
 * "Acme" is the test's own organization (slug `acmecorp`), made with every kind of row by the
 * factories. Two attackers: Initrode (a canceled plan, no API or Threat Hunter access) and
 * "Mallory", a throw-away organization given every access (API, Threat Hunter, an SSO provider)
 * so the calls that would otherwise answer 403/409 run to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_CARDS } from '@contract/billing';
import { DEFAULT_CONDITIONAL_ACCESS_CONFIG } from '@domain/conditional-access';
import { organizations, paymentMethods, ssoDirectoryGroups, webhookDeliveries } from '../db/schema';
import { insertDelivery } from '../webhooks/data';
import {
  changedTables,
  organizationFingerprint,
  type TableFingerprint,
} from '../test-support/fingerprint';
import { createTestApp } from '../test-support';
import { FakeStripe } from '../test-support/fake-stripe';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';
import { readSse } from '../test-support/sse';
import { openAlert } from '../alerts/open-alert';
import { startTestProvider, type TestProvider } from '../test-support/oidc';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let acme: string;
/** The OpenID Provider of Acme's SSO settings (saving them checks its discovery document). */
let idp: TestProvider;
let target: TestOrg;
let initrode: TestOrg;
const ids = { acme: 0, bystander: 0, trialco: 0, mallory: 0 };
const SLUG = 'acmecorp';

/** Everything of Acme an attacker might name, and the secrets it must never see. */
const acmeData = {
  deviceCodes: [] as string[],
  scanIds: [] as string[],
  adminEmails: [] as string[],
  members: [] as Array<{ id: string; name: string; email: string }>,
  groups: [] as Array<{ id: string; name: string }>,
  groupKeys: [] as number[],
  paymentMethods: [] as string[],
  threatHunters: [] as Array<{ name: string; email: string; accessCode: string }>,
  secrets: [] as string[],
  /** A failed webhook delivery of Acme's (its `webhook-id`), which Resend would send again. */
  deliveryIds: [] as string[],
};

async function orgIdOf(slug: string): Promise<number> {
  const [row] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  if (!row) throw new Error(`no organization ${slug}`);
  return row.id;
}

async function ok(method: string, path: string, json?: unknown, cookie = acme) {
  const r = await t.call(method, path, { cookie, json });
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.data;
}

/** Acme with every kind of data and secret: SSO, SCIM, MDM, API key, webhook, CA, cards. */
async function prepareAcme() {
  acme = target.cookie;
  for (let page = 1; ; page++) {
    const d = await ok('GET', `/api/orgs?page=${page}&pageSize=100`);
    acmeData.deviceCodes.push(...d.devices.map((x: { code: string }) => x.code));
    if (page >= d.totalPages) break;
  }
  for (let page = 1; ; page++) {
    const d = await ok('GET', `/api/alerts?page=${page}&pageSize=100`);
    acmeData.scanIds.push(...d.alerts.map((x: { scanId: string }) => x.scanId));
    if (page >= d.totalPages) break;
  }
  acmeData.adminEmails = (await ok('GET', '/api/orgs/admins')).admins.map(
    (a: { email: string }) => a.email,
  );
  acmeData.members = (await ok('GET', '/api/orgs/members')).members;
  acmeData.threatHunters = (await ok('GET', '/api/threat-hunter/users')).threatHunterUsers;

  await ok('POST', '/api/orgs/sso', {
    slug: SLUG,
    provider: 'azure',
    clientId: 'acme-sso-client-id-7f3a',
    clientSecret: 'acme-sso-client-secret-9d2c',
    tenant: idp.issuer,
  });
  acmeData.groups = (await ok('GET', '/api/orgs/sso/groups')).groups;
  acmeData.groupKeys = (
    await t.db
      .select({ id: ssoDirectoryGroups.id })
      .from(ssoDirectoryGroups)
      .where(eq(ssoDirectoryGroups.orgId, ids.acme))
  ).map((g) => g.id);
  acmeData.secrets.push(
    'acme-sso-client-secret-9d2c',
    (await ok('POST', '/api/orgs/scim', { enable: true })).authHeader,
    (await ok('POST', '/api/orgs/mdm', { enable: true })).token,
    (await ok('POST', '/api/api/token', { tokenExpiration: 'ONE_YEAR' })).token,
    (await ok('GET', '/api/orgs/webhook-secret')).secret,
  );
  await ok('POST', '/api/orgs/conditional-access/config', {
    tenant: 'acme.onmicrosoft.com',
    clientId: 'acme-ca-client-id',
    clientSecret: 'acme-ca-client-secret-4e1b',
    userExtension: 'extension_acme',
    groupId: 'acme-ca-group',
    provider: 'azure',
    active: false,
  });
  acmeData.secrets.push('acme-ca-client-secret-4e1b');
  const delivery = await insertDelivery(t.db, {
    webhookId: 'msg_acmecrossorg0000000000000000000',
    orgId: ids.acme,
    eventType: 'alert.updated',
    body: JSON.stringify({ type: 'alert.updated', note: 'acme-delivery-body-6b1d' }),
    createdAt: new Date(),
  });
  await t.db
    .update(webhookDeliveries)
    .set({ status: 'failed', attempts: 6 })
    .where(eq(webhookDeliveries.id, delivery.id));
  acmeData.deliveryIds.push(delivery.webhookId);
  acmeData.secrets.push('acme-delivery-body-6b1d');
  // Acme's administrator's own preferences (a row of admin_preferences the attackers must not touch).
  await ok('PATCH', '/api/me/preferences', {
    theme: 'dark',
    deviceColumns: { order: ['code', 'memberName'], hidden: ['model'] },
    alertColumns: { order: ['scanTime'], hidden: ['device'] },
  });
  await ok('PUT', '/api/orgs/email-template', {
    type: 'OrgEnrollment',
    subject: 'Acme enrolment, please',
    body: 'Install the Acme app.',
  });
  // Two confirmed cards: one made the default, one left usable (confirmed, not default).
  for (const makeDefault of [true, false]) {
    const { clientSecret } = await ok('GET', '/api/customer-billing-update-key');
    acmeData.secrets.push(clientSecret);
    const confirmed = await ok('POST', '/api/dev/card-processor/confirm-setup', {
      clientSecret,
      card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' },
      billingName: 'Avery Admin',
    });
    if (makeDefault) {
      await ok('POST', '/api/update-default-payment', {
        paymentMethod: confirmed.paymentMethod.id,
      });
    }
  }
  acmeData.paymentMethods = (
    await t.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.orgId, ids.acme))
  ).map((p) => p.id);
  expect(acmeData.paymentMethods.length).toBeGreaterThanOrEqual(2);
  // The test names real data: every device, alert, group and threat hunter Acme was made with.
  expect(acmeData.deviceCodes.toSorted()).toEqual(target.devices.map((d) => d.code).toSorted());
  expect(acmeData.scanIds.toSorted()).toEqual(target.alerts.map((a) => a.scanId).toSorted());
  expect(acmeData.groups.map((g) => g.id).toSorted()).toEqual(
    target.directory.groups.map((g) => g.id).toSorted(),
  );
  expect(acmeData.groups.length).toBeGreaterThanOrEqual(5);
  expect(acmeData.threatHunters).toHaveLength(2);
  expect(acmeData.adminEmails.toSorted()).toEqual(target.admins.map((a) => a.email).toSorted());
  expect(acmeData.secrets.filter(Boolean)).toHaveLength(9);
  expect(acmeData.deliveryIds).toHaveLength(1);
}

async function prepareMallory(): Promise<string> {
  await ok('POST', '/api/dev/orgs', {
    name: 'Mallory',
    slug: 'mallory',
    adminName: 'Mal Lory',
    adminEmail: 'mal@mallory.test',
    password: 'Mallory-Pass-1!',
  });
  ids.mallory = await orgIdOf('mallory');
  await t.db
    .update(organizations)
    .set({ apiAccess: true, threatHunterAccess: true, ssoProvider: 'okta' })
    .where(eq(organizations.id, ids.mallory));
  return t.signIn('mal@mallory.test', 'Mallory-Pass-1!');
}

beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestProvider({ clients: [] });
  // More devices than one page of 100, and every kind of row an attacker could name.
  target = await makeOrg(t, {
    name: 'Acme Corp',
    slug: SLUG,
    admins: [{ pending: true, inviteSentAt: t.clock.now() }, {}],
    members: 60,
    devices: 130,
    alerts: 40,
    threatHunters: 2,
    apiAccess: true,
    directory: {
      memberUsers: 20,
      users: 10,
      groups: [
        { name: 'Engineering', users: [0, 1, 2, 3, 20] },
        { name: 'Sales', users: [4, 5, 6] },
        { name: 'Support', users: [7, 8, 21] },
        { name: 'Executives', users: [9] },
        { name: 'Everyone', users: 'all' },
      ],
    },
  });
  ids.acme = target.id;
  // Bystanders: an SSO organization with integrations, and one on a trial.
  const bystander = await makeOrg(t, {
    name: 'Bystander',
    sso: 'okta',
    members: 8,
    devices: 10,
    alerts: 4,
    credentials: ['scim', 'mdm'],
    apiKey: true,
    webhook: { url: 'https://hooks.bystander.test/portal' },
  });
  ids.bystander = bystander.id;
  ids.trialco = (
    await makeOrg(t, { name: 'Trialco', plan: 'trialing', members: 3, devices: 3 })
  ).id;
  initrode = await makeOrg(t, { name: 'Initrode', plan: 'canceled', members: 2, devices: 2 });
  await prepareAcme();
}, 120_000);
afterAll(async () => {
  await idp?.close();
  await t.close();
});

/** Everything of Acme that must not show up in an attacker's answer (unless the request named it). */
function acmeMarkers(): string[] {
  return [
    SLUG,
    'Avery Admin',
    ...acmeData.deviceCodes,
    ...acmeData.scanIds,
    ...acmeData.members.map((m) => m.email),
    ...acmeData.threatHunters.map((h) => h.accessCode),
    ...acmeData.paymentMethods,
    ...acmeData.groups.map((g) => g.id),
    ...acmeData.secrets,
    ...acmeData.deliveryIds,
  ];
}

type Attempt = [method: string, path: string, body?: unknown];

/** Every call that names an Acme resource, then every other call in the attacker's own organization. */
function attempts(): Attempt[] {
  const groupRefs = acmeData.groups.map((g) => ({ id: g.id, name: g.name }));
  const forgedCursors = acmeData.groupKeys.map((key) =>
    Buffer.from(JSON.stringify({ after: key })).toString('base64url'),
  );
  return [
    ['POST', '/api/orgs/unenroll-devices', { codes: acmeData.deviceCodes }],
    ['POST', '/api/update-alerts', { alertIds: acmeData.scanIds, status: 'Closed' }],
    ['POST', '/api/update-alerts', { alertIds: acmeData.scanIds, status: 'Open' }],
    // The drawers' reads by Acme's device codes and alert ids: not found, like a made-up one.
    ...acmeData.deviceCodes
      .slice(0, 10)
      .map((code): Attempt => ['GET', `/api/orgs/devices/detail?code=${encodeURIComponent(code)}`]),
    ...acmeData.scanIds
      .slice(0, 10)
      .map((id): Attempt => ['GET', `/api/alerts/detail?id=${encodeURIComponent(id)}`]),
    ...acmeData.adminEmails.map((email): Attempt => [
      'POST',
      '/api/orgs/resend-admin-invite',
      { name: 'X', email },
    ]),
    ...acmeData.adminEmails.map((email): Attempt => [
      'POST',
      '/api/orgs/add-admin',
      { name: 'X', email },
    ]),
    ['POST', '/api/orgs/sso/groups', { groups: acmeData.groups.map((g) => g.id) }],
    [
      'POST',
      '/api/orgs/create-sso-members?email=false',
      { ssoGroups: groupRefs, allowedDuplicates: acmeData.members.slice(0, 50) },
    ],
    ...forgedCursors.map((cursor): Attempt => ['GET', `/api/orgs/sso/groups?nextPage=${cursor}`]),
    [
      'POST',
      '/api/orgs/sso',
      { slug: SLUG, provider: 'okta', clientId: 'x', clientSecret: 'y', tenant: 'evil.okta.com' },
    ],
    [
      'POST',
      '/api/orgs/sso',
      {
        slug: ' A C M E C O R P ',
        provider: 'okta',
        clientId: 'x',
        clientSecret: 'y',
        tenant: 'e.okta.com',
      },
    ],
    ...acmeData.paymentMethods.map((paymentMethod): Attempt => [
      'POST',
      '/api/update-default-payment',
      { paymentMethod },
    ]),
    // The Members page's actions on Acme's member ids: not found, nothing changed.
    ...acmeData.members
      .slice(0, 20)
      .flatMap((m): Attempt[] =>
        ['deactivate', 'reactivate', 'resend-invitation'].map((what): Attempt => [
          'POST',
          `/api/orgs/member-directory/${what}`,
          { id: m.id },
        ]),
      ),
    ['GET', `/api/orgs/member-directory?q=${SLUG}&pageSize=100`],
    ['PUT', '/api/orgs/email-preferences', { orgId: ids.acme, weeklySummary: false }],
    // Preferences belong to the session's administrator: no id to name (a body naming one, or
    // Acme's org id, is refused); a query naming one is ignored.
    ['PATCH', '/api/me/preferences', { userId: target.admin.id, theme: 'light' }],
    ['PATCH', '/api/me/preferences', { orgId: ids.acme, theme: 'light' }],
    ['PATCH', `/api/me/preferences?userId=${target.admin.id}`, { alertColumns: null }],
    ['GET', `/api/me/preferences?userId=${target.admin.id}&orgId=${ids.acme}`],
    ['POST', '/api/orgs/lookup', { slug: SLUG }],
    // Every other call, in the attacker's own organization.
    ['GET', '/api/session'],
    ['GET', '/api/orgs?pageSize=100'],
    ['GET', '/api/orgs?sort=memberEmail&order=desc&severity=critical&severity=warning'],
    ['GET', '/api/alerts?pageSize=100'],
    ['GET', '/api/alerts?status=closed'],
    ['GET', '/api/orgs/members'],
    ['GET', '/api/orgs/member-directory?pageSize=100'],
    ['GET', '/api/orgs/member-directory?status=deactivated&source=scim&source=manual'],
    ['GET', '/api/orgs/admins'],
    ['GET', '/api/orgs/sso/provider'],
    ['GET', '/api/orgs/sso'],
    // A single sign-on callback in the attacker's browser: no sign-in of its own to finish.
    ['GET', '/api/oauth/callback?state=x&code=y'],
    ['GET', '/api/orgs/sso/groups'],
    ['GET', '/api/orgs/sso/groups?searchQuery=eng'],
    ['GET', '/api/customer-billing-info'],
    ['GET', '/api/customer-plan-info'],
    ['GET', '/api/customer-billing-update-key'],
    ['GET', '/api/orgs/scim'],
    ['POST', '/api/orgs/scim', { enable: true }],
    ['POST', '/api/orgs/scim', { enable: false }],
    ['GET', '/api/orgs/mdm'],
    ['POST', '/api/orgs/mdm', { enable: false }],
    ['POST', '/api/orgs/mdm', { enable: true }],
    ['GET', '/api/api/token'],
    ['POST', '/api/api/token', { tokenExpiration: 'NEVER' }],
    ['DELETE', '/api/api/token'],
    ['GET', '/api/orgs/webhook'],
    ['GET', '/api/orgs/webhook-secret'],
    ['GET', '/api/orgs/webhook/deliveries'],
    ['POST', '/api/orgs/webhook/test-event'],
    ...acmeData.deliveryIds.map((id): Attempt => [
      'POST',
      '/api/orgs/webhook/deliveries/resend',
      { id },
    ]),
    ['DELETE', '/api/orgs/webhook'],
    ['GET', '/api/orgs/conditional-access/config'],
    ['POST', '/api/orgs/conditional-access/config', DEFAULT_CONDITIONAL_ACCESS_CONFIG],
    ['GET', '/api/orgs/conditional-access/policy'],
    [
      'PUT',
      '/api/orgs/conditional-access/policy',
      {
        alertSeverity: 'CRITICAL_ONLY',
        outdatedOSPeriod: 'SEVEN_DAYS',
        deviceIntegrityPeriod: 'SEVEN_DAYS',
        screenLockEnabled: true,
      },
    ],
    ['DELETE', '/api/orgs/conditional-access'],
    ['GET', '/api/orgs/email-preferences'],
    ['GET', '/api/orgs/email-template?type=OrgEnrollment'],
    ['PUT', '/api/orgs/email-template', { type: 'OrgEnrollment', subject: 'S', body: 'B' }],
    ['GET', '/api/orgs/notifications-preferences?topic=OpenAppToScan'],
    [
      'PUT',
      '/api/orgs/notifications-preferences?topic=OpenAppToScan',
      {
        notificationType: 'EMAIL',
        deviceIntegrityPeriod: 'THREE_DAYS',
        notificationFrequency: 'DAILY',
      },
    ],
    ['GET', '/api/threat-hunter/users'],
    ['GET', '/api/me/preferences'],
    [
      'PATCH',
      '/api/me/preferences',
      { theme: 'light', deviceColumns: { order: ['model'], hidden: ['code'] }, alertColumns: null },
    ],
    [
      'POST',
      '/api/orgs/create-members?email=true',
      { members: [{ name: 'New Person', email: 'new.person@elsewhere.test' }] },
    ],
    ['POST', '/api/orgs/email-members'],
    ['POST', '/api/orgs/email-all-members'],
    ['POST', '/api/cancel-plan'],
    ['POST', '/api/reactivate-plan'],
    ['DELETE', '/api/orgs/sso'],
    // Last, as they give the attacker rows of its own with Acme's addresses: provisioning
    // Acme's threat hunter users' e-mails makes separate users (unique per organization).
    ...acmeData.threatHunters.map((h): Attempt => [
      'POST',
      '/api/threat-hunter/user',
      { name: h.name, email: h.email },
    ]),
  ];
}

type OrgFingerprints = Record<'target' | 'bystander' | 'trialco', Record<string, TableFingerprint>>;

async function othersFingerprint(): Promise<OrgFingerprints> {
  return {
    target: await organizationFingerprint(t.handle, ids.acme),
    bystander: await organizationFingerprint(t.handle, ids.bystander),
    trialco: await organizationFingerprint(t.handle, ids.trialco),
  };
}

async function attack(who: string, cookie: string) {
  const markers = acmeMarkers();
  const before = await othersFingerprint();
  const statuses: string[] = [];
  for (const [method, path, body] of attempts()) {
    const r = await t.call(method, path, { cookie, json: body });
    const what = `${who}: ${method} ${path}`;
    expect(r.status, `${what}: ${r.text}`).toBeLessThan(500);
    statuses.push(`${method} ${path.slice(0, 60)} ${r.status}`);
    const sent = `${path} ${JSON.stringify(body ?? '')}`.toLowerCase();
    await t.settle();
    for (const marker of markers) {
      if (sent.includes(marker.toLowerCase())) continue;
      expect(r.text.toLowerCase().includes(marker.toLowerCase()), `${what} shows ${marker}`).toBe(
        false,
      );
    }
    for (const [, orgId] of r.text.matchAll(/"orgId":\s*(\d+)/g)) {
      expect(Number(orgId), `${what} names Acme's id`).not.toBe(ids.acme);
    }
  }
  await t.settle();
  const after = await othersFingerprint();
  for (const org of Object.keys(before) as Array<keyof typeof before>) {
    expect(changedTables(before[org], after[org]), `${who} changed ${org}`).toEqual([]);
  }
  return statuses;
}

describe('the live event stream (GET /api/events)', () => {
  const open = async (cookie: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request('/api/events', { headers: { cookie, ...headers } });
    expect(res.status).toBe(200);
    return readSse(res);
  };

  it("Initrode's stream never hears of Acme's changes, and its calls naming Acme's rows publish nothing to Acme", async () => {
    const acmeStream = await open(acme);
    const initrodeStream = await open(initrode.cookie);
    const ready = await initrodeStream.nextEvent();
    expect(ready.event).toBe('ready');
    await acmeStream.nextEvent();
    // Initrode names Acme's devices, alerts and members in the calls that publish notices.
    for (const [path, json] of [
      ['/api/orgs/unenroll-devices', { codes: acmeData.deviceCodes.slice(0, 5) }],
      ['/api/update-alerts', { alertIds: acmeData.scanIds.slice(0, 5), status: 'Closed' }],
      ['/api/orgs/member-directory/deactivate', { id: acmeData.members[0]!.id }],
    ] as const) {
      const r = await t.call('POST', path, { cookie: initrode.cookie, json });
      expect(r.status, `${path}: ${r.text}`).toBeLessThan(500);
    }
    expect(await acmeStream.collect(200)).toEqual([]);
    expect(await initrodeStream.collect(0)).toEqual([]);
    // Acme's own changes reach Acme only.
    await openAlert(
      t.queue,
      t.db,
      ids.acme,
      {
        scanId: 'scan_cross_org_live',
        deviceId: null,
        deviceLabel: 'Pixel',
        alertName: 'Malicious app',
        alertDescription: '[]',
        severity: 'HIGH',
        scanTime: t.clock.now(),
      },
      t.clock.now(),
    );
    const event = await acmeStream.nextEvent();
    expect(event.event).toBe('alerts');
    expect(await initrodeStream.collect(200)).toEqual([]);
    // Resuming from before Acme's change replays nothing of Acme.
    await initrodeStream.close();
    const resumed = await open(initrode.cookie, { 'last-event-id': ready.id! });
    const replayed = await resumed.collect(200);
    expect(replayed.filter((e) => e.event === 'alerts' || e.event === 'devices')).toEqual([]);
    await Promise.all([resumed.close(), acmeStream.close()]);
    // Opening the alert also queued Acme's threat alert e-mails (server/alerts/alert-emails.ts):
    // sent now, so the next test's fingerprint of Acme starts after them.
    await t.settle();
  });
});

describe('another organization’s administrator', () => {
  it('Initrode gets nothing of Acme and changes nothing of it', async () => {
    const statuses = await attack('Initrode', initrode.cookie);
    // Named Acme resources: ignored ({}), not found (404), or refused (403/409), never applied.
    expect(statuses).toContain('POST /api/orgs/unenroll-devices 200');
    expect(statuses).toContain('POST /api/update-default-payment 404');
    expect(statuses).toContain('POST /api/orgs/resend-admin-invite 404');
    expect(statuses).toContain('POST /api/orgs/sso 403');
    expect(statuses).toContain('POST /api/orgs/member-directory/deactivate 404');
    expect(statuses).not.toContain('POST /api/orgs/member-directory/deactivate 200');
    // The drawers' reads of Acme's devices and alerts: every one not found.
    const drawers = statuses.filter((s) => /^GET \/api\/(orgs\/devices|alerts)\/detail/.test(s));
    expect(drawers).toHaveLength(
      Math.min(acmeData.deviceCodes.length, 10) + Math.min(acmeData.scanIds.length, 10),
    );
    expect(drawers.filter((s) => !s.endsWith(' 404'))).toEqual([]);
  });

  it('Mallory, with every access, gets nothing of Acme and changes nothing of it', async () => {
    const mallory = await prepareMallory();
    const statuses = await attack('Mallory', mallory);
    expect(statuses).toContain('POST /api/orgs/sso/groups 200');
    expect(statuses.filter((s) => s.startsWith('GET /api/orgs/sso/groups?nextPage='))).toEqual(
      acmeData.groupKeys.map(() => expect.stringMatching(/ 400$/)),
    );
    expect(statuses).toContain('POST /api/orgs/create-sso-members?email=false 200');
    expect(statuses).toContain('POST /api/threat-hunter/user 200');
    // Mallory's own directory has no such groups: nothing was created from Acme's.
    const members = await t.call('GET', '/api/orgs/members', { cookie: mallory });
    expect(
      members.data.members.some((m: { email: string }) => m.email.endsWith(`@${SLUG}.test`)),
    ).toBe(false);
    // Acme's threat hunter users' e-mails are Mallory's own, separate users now (per organization).
    const hunters = await t.call('GET', '/api/threat-hunter/users', { cookie: mallory });
    for (const h of hunters.data.threatHunterUsers as Array<{ accessCode: string }>) {
      expect(acmeData.threatHunters.map((a) => a.accessCode)).not.toContain(h.accessCode);
    }
  });

  it('deleting one’s own organization leaves Acme whole', async () => {
    const initech = await t.signIn(initrode.admin.email, TEST_PASSWORD);
    const before = await othersFingerprint();
    // Initrode may be active again (the attack reactivated it): only a canceled plan is deletable.
    await t.call('POST', '/api/cancel-plan', { cookie: initech });
    const r = await t.call('DELETE', '/api/orgs', { cookie: initech });
    expect(r.status, r.text).toBe(200);
    expect((await t.call('GET', '/api/session', { cookie: initech })).status).toBe(401);
    const after = await othersFingerprint();
    for (const org of Object.keys(before) as Array<keyof typeof before>) {
      expect(changedTables(before[org], after[org]), org).toEqual([]);
    }
    // And Acme still works.
    expect((await t.call('GET', '/api/session', { cookie: acme })).status).toBe(200);
  });
});

describe("with Stripe: billing calls stay in the caller's Stripe customer", () => {
  const settings = {
    secretKey: 'sk_test_51CrossOrgCheckKey',
    webhookSecret: 'whsec_CrossOrgCheckSecret',
    priceId: 'price_1CrossOrg',
  };
  let st: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = new FakeStripe(settings.secretKey, settings.priceId);
    st = await createTestApp({
      stripe: { ...settings, api: await fake.start(), deadlineMs: 2_000 },
    });
    fake.now = () => Math.floor(st.clock.now().getTime() / 1000);
  }, 60_000);
  afterAll(async () => {
    await st.close();
    await fake.close();
  });

  it("Initrode gets nothing of Freshco's customer, card or subscription and changes none of it", async () => {
    // Freshco has no plan yet (its first card starts the trial); Initrode's plan is canceled.
    const freshco = await makeOrg(st, { name: 'Freshco', plan: 'none' });
    const initrodeOrg = await makeOrg(st, { name: 'Initrode', plan: 'canceled' });
    const newco = await st.signIn(freshco.admin.email, TEST_PASSWORD);
    const key = await st.call('GET', '/api/customer-billing-update-key', { cookie: newco });
    const newcoCard = fake.confirmSetup(key.data.clientSecret, {
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
    });
    const trial = await st.call('POST', '/api/update-default-payment', {
      cookie: newco,
      json: { paymentMethod: newcoCard },
    });
    expect(trial.data).toEqual({ status: 'trialing' });
    const [newcoCustomer] = [...fake.customers.keys()];
    const [newcoSub] = [...fake.subscriptions.keys()];
    const newcoId = freshco.id;
    const stripeBefore = JSON.stringify([
      fake.customers.get(newcoCustomer!),
      fake.subscriptions.get(newcoSub!),
    ]);
    const before = await organizationFingerprint(st.handle, newcoId);

    const initech = await st.signIn(initrodeOrg.admin.email, TEST_PASSWORD);
    const markers = [newcoCard, newcoCustomer!, newcoSub!, key.data.clientSecret as string];
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', '/api/customer-billing-update-key'],
      ['POST', '/api/update-default-payment', { paymentMethod: newcoCard }],
      ['GET', '/api/customer-billing-info'],
      ['GET', '/api/customer-plan-info'],
      ['POST', '/api/reactivate-plan'],
      ['POST', '/api/cancel-plan'],
      ['DELETE', '/api/orgs'],
    ];
    const statuses: string[] = [];
    for (const [method, path, json] of attempts) {
      const r = await st.call(method, path, { cookie: initech, json });
      expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(500);
      for (const marker of markers) expect(r.text, `${method} ${path}`).not.toContain(marker);
      statuses.push(`${method} ${path} ${r.status}`);
    }
    expect(statuses).toContain('POST /api/update-default-payment 404');
    // Initrode's card setup made a customer of its own, not a SetupIntent for Freshco's.
    const intents = fake.requests.filter((r) => r.path === '/v1/setup_intents');
    expect(intents.at(-1)?.params.customer).not.toBe(newcoCustomer);
    expect(fake.customers.size).toBe(2);

    expect(
      JSON.stringify([fake.customers.get(newcoCustomer!), fake.subscriptions.get(newcoSub!)]),
    ).toBe(stripeBefore);
    expect(changedTables(before, await organizationFingerprint(st.handle, newcoId))).toEqual([]);
  });
});

/**
 * The SCIM service (server/scim/, docs/decisions/050-scim.md): another organization's SCIM token
 * names Acme's users and groups by id, on its own URL and on Acme's; it gets 401/404/400 and
 * nothing of Acme, and no row of Acme changes.
 */
describe('the SCIM service', () => {
  it("another organization's token sees and changes nothing of Acme's users and groups", async () => {
    const acmeHeader = (await ok('GET', '/api/orgs/scim')).authHeader as string;
    const scim = async (
      slug: string,
      header: string,
      method: string,
      path: string,
      body?: unknown,
    ) => {
      const res = await t.app.request(`/scim/v2/${slug}${path}`, {
        method,
        headers: { authorization: header, 'content-type': 'application/scim+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    const made = await scim(SLUG, acmeHeader, 'POST', '/Users', {
      userName: 'scim.person@acmecorp.test',
      emails: [{ value: 'scim.person@acmecorp.test', primary: true }],
    });
    expect(made.status, made.text).toBe(201);
    const userId = (JSON.parse(made.text) as { id: string }).id;
    const group = await scim(SLUG, acmeHeader, 'POST', '/Groups', {
      displayName: 'Acme SCIM group',
      members: [{ value: userId }],
    });
    const groupId = (JSON.parse(group.text) as { id: string }).id;
    await t.settle();

    const attacker = await makeOrg(t, { name: 'Scimjack', credentials: ['scim'] });
    const header = attacker.credentials.scim as string;
    const patch = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] };
    const before = await organizationFingerprint(t.handle, ids.acme);
    const answers: Array<[string, number, string]> = [];
    for (const slug of [attacker.slug, SLUG]) {
      for (const [method, path, body] of [
        ['GET', `/Users/${userId}`],
        ['GET', `/Users?filter=${encodeURIComponent(`id eq "${userId}"`)}`],
        ['GET', `/Users?filter=${encodeURIComponent('userName sw "scim.person"')}`],
        [
          'PUT',
          `/Users/${userId}`,
          { userName: 'x@evil.test', emails: [{ value: 'x@evil.test' }] },
        ],
        [
          'PATCH',
          `/Users/${userId}`,
          { ...patch, Operations: [{ op: 'replace', value: { active: false } }] },
        ],
        ['DELETE', `/Users/${userId}`],
        ['GET', `/Groups/${groupId}`],
        ['GET', '/Groups'],
        ['PUT', `/Groups/${groupId}`, { displayName: 'Taken', members: [] }],
        [
          'PATCH',
          `/Groups/${groupId}`,
          { ...patch, Operations: [{ op: 'remove', path: 'members' }] },
        ],
        ['DELETE', `/Groups/${groupId}`],
        ['POST', '/Groups', { displayName: 'Mine', members: [{ value: userId }] }],
      ] as Array<[string, string, unknown?]>) {
        const r = await scim(slug, header, method, path, body);
        answers.push([`${slug} ${method} ${path}`, r.status, r.text]);
      }
    }
    await t.settle();
    for (const [what, status, text] of answers) {
      expect([200, 400, 401, 404], `${what}: ${status}`).toContain(status);
      for (const marker of [userId, 'scim.person@acmecorp.test', 'Acme SCIM group', acmeHeader]) {
        if (what.includes(marker)) continue;
        expect(text, `${what} answered ${marker}`).not.toContain(marker);
      }
    }
    // On Acme's URL the attacker's token is not Acme's: every call 401.
    expect(answers.filter(([what]) => what.startsWith(`${SLUG} `)).map(([, s]) => s)).toEqual(
      Array(12).fill(401),
    );
    expect(changedTables(before, await organizationFingerprint(t.handle, ids.acme))).toEqual([]);
  });
});

/**
 * The device API (server/device-api/, docs/decisions/051-device-api.md): a device authenticates
 * by its credential alone, which names its own row; nothing in a body names another device. An
 * enrolled device of another organization reports findings, heartbeats and unenrols itself while
 * naming Acme's device codes and alert ids wherever it can: only its own rows change, and no
 * answer carries anything of Acme's. Acme's enrolment code enrols into Acme only (the code is the
 * member's own secret): what the other organization holds is its own code.
 */
describe('the device API', () => {
  it("another organization's device changes and sees nothing of Acme's", async () => {
    const code = 'XORG-DVC2';
    const other = await makeOrg(t, {
      name: 'Devicejack',
      members: [{ code }],
      devices: [
        {
          member: 0,
          code,
          enrolled: false,
          model: null,
          platform: null,
          osVersion: null,
          severity: null,
          lastScanAt: null,
        },
      ],
    });
    const send = async (method: string, path: string, json: unknown, credential?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: acme };
      if (credential) headers.authorization = `Bearer ${credential}`;
      const res = await t.app.request(`/api/device/v1${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: res.status, text: await res.text() };
    };
    const before = await organizationFingerprint(t.handle, ids.acme);
    const enrolled = await send('POST', '/enroll', {
      code,
      device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
    });
    expect(enrolled.status, enrolled.text).toBe(201);
    const { credential } = JSON.parse(enrolled.text) as { credential: string };
    const acmeCode = acmeData.deviceCodes[0]!;
    const acmeScan = acmeData.scanIds[0]!;
    const answers: Array<[string, number, string]> = [];
    for (const [method, path, json] of [
      [
        'POST',
        '/scans',
        {
          reportId: '6f1c1d7e-1111-4a4a-9b9b-000000000001',
          scannedAt: new Date().toISOString(),
          osVersion: acmeCode,
          screenLock: false,
          findings: [
            { threatId: acmeScan, name: acmeCode, severity: 'critical', category: acmeScan },
          ],
        },
      ],
      ['POST', '/heartbeat', {}],
      // Acme's device code as an enrolment code: not a member's code, so unknown.
      [
        'POST',
        '/enroll',
        {
          code: acmeCode,
          device: { model: 'x', platform: 'ios', osVersion: '1', appVersion: '1' },
        },
      ],
      ['DELETE', '/device', undefined],
    ] as Array<[string, string, unknown]>) {
      const r = await send(method, path, json, path === '/enroll' ? undefined : credential);
      answers.push([`${method} ${path}`, r.status, r.text]);
    }
    expect(answers.map(([what, status]) => `${what} ${status}`)).toEqual([
      'POST /scans 202',
      'POST /heartbeat 200',
      'POST /enroll 404',
      'DELETE /device 200',
    ]);
    for (const [what, , text] of answers) {
      for (const marker of [...acmeData.secrets, acmeData.members[0]!.email]) {
        expect(text, `${what} answered ${marker}`).not.toContain(marker);
      }
    }
    await t.settle();
    expect(changedTables(before, await organizationFingerprint(t.handle, ids.acme))).toEqual([]);
    // Its own organization got the alert (and lost the device it unenrolled).
    const own = await t.call('GET', '/api/alerts', { cookie: other.cookie });
    expect(own.data.alerts.map((a: { alertName: string }) => a.alertName)).toEqual([acmeCode]);
  });
});

/**
 * The public API (server/public-api/, docs/decisions/054-public-api.md): another organization's
 * API key names every Acme device code, alert id and member id in every operation that takes one,
 * searches for Acme's members, and replays page cursors made with Acme's key; it gets 404s, its own
 * data or per-item `not_found`, never anything of Acme, and no row of Acme changes.
 */
describe('the public API', () => {
  it("another organization's API key reads and changes nothing of Acme by any id", async () => {
    const acmeKey = acmeData.secrets.find((s) => s.startsWith('mdsk_')) as string;
    const v1 = async (key: string, method: string, path: string, body?: unknown) => {
      const res = await t.app.request(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    // Cursors of Acme's lists, made with Acme's own key.
    const cursors: string[] = [];
    for (const list of [
      '/devices?limit=5',
      '/alerts?limit=5',
      '/members?limit=5',
      '/audit-events?limit=5',
    ]) {
      const r = await v1(acmeKey, 'GET', list);
      expect(r.status, `${list}: ${r.text}`).toBe(200);
      const next = (JSON.parse(r.text) as { next: string | null }).next;
      if (next) cursors.push(`${list.split('?')[0]}?limit=5&cursor=${next}`);
    }
    expect(cursors.length).toBeGreaterThanOrEqual(3);

    const attacker = await makeOrg(t, {
      name: 'Keyjack',
      apiKey: true,
      members: 2,
      devices: 2,
      alerts: 2,
    });
    const key = attacker.apiKey as string;
    const memberIds = acmeData.members.map((m) => m.id);
    const memberRows = await t.call('GET', '/api/orgs/member-directory?pageSize=100', {
      cookie: acme,
    });
    const directoryIds = (memberRows.data.members as Array<{ id: string }>).map((m) => m.id);
    // Acme's own calls above are audit events of Acme, written in a batch shortly after
    // (server/public-api/read-events.ts): written before the fingerprint is taken.
    await t.tasks.idle();
    const before = await organizationFingerprint(t.handle, ids.acme);
    // The attacker's own audit events echo what it sent (the ids it named): its log is read
    // first, before it names any.
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/audit-events?actor=${encodeURIComponent(`user:${target.admin.id}`)}`],
      ['GET', '/audit-events?limit=100'],
      ...cursors
        .filter((c) => c.startsWith('/audit-events'))
        .map((c) => ['GET', c] as [string, string]),
      ...acmeData.deviceCodes.slice(0, 10).map((c) => ['GET', `/devices/${c}`] as [string, string]),
      ...acmeData.scanIds
        .slice(0, 10)
        .map((s) => ['GET', `/alerts/${encodeURIComponent(s)}`] as [string, string]),
      ...[...memberIds, ...directoryIds]
        .slice(0, 20)
        .map((id) => ['GET', `/members/${id}`] as [string, string]),
      ['POST', '/devices/unenroll', { codes: acmeData.deviceCodes.slice(0, 100) }],
      ['POST', '/alerts/close', { ids: acmeData.scanIds.slice(0, 100) }],
      ['POST', '/alerts/reopen', { ids: acmeData.scanIds.slice(0, 100) }],
      ['GET', `/members?q=${encodeURIComponent(acmeData.members[0]?.email ?? '')}`],
      ['GET', `/devices?q=${encodeURIComponent(acmeData.deviceCodes[0] ?? '')}`],
      ['GET', '/devices?limit=100'],
      ['GET', '/alerts?limit=100'],
      ['GET', '/members?limit=100'],
      ...cursors
        .filter((c) => !c.startsWith('/audit-events'))
        .map((c) => ['GET', c] as [string, string]),
    ];
    const answers: Array<[string, number, string]> = [];
    for (const [method, path, body] of calls) {
      const r = await v1(key, method, path, body);
      answers.push([`${method} ${path} ${body ? JSON.stringify(body) : ''}`, r.status, r.text]);
    }
    await t.settle();
    const markers = [
      ...acmeData.deviceCodes,
      ...acmeData.scanIds,
      ...acmeData.members.map((m) => m.email),
      target.admin.email,
      acmeKey,
    ];
    for (const [what, status, text] of answers) {
      expect([200, 400, 404], `${what}: ${status} ${text}`).toContain(status);
      for (const marker of markers) {
        if (what.includes(marker)) continue;
        expect(text, `${what} answered ${marker}`).not.toContain(marker);
      }
    }
    // Bulk calls name each Acme item not_found.
    for (const [what, , text] of answers.filter(([w]) => w.startsWith('POST'))) {
      const results = (JSON.parse(text) as { results: Array<{ result: string }> }).results;
      expect(new Set(results.map((r) => r.result)), what).toEqual(new Set(['not_found']));
    }
    expect(changedTables(before, await organizationFingerprint(t.handle, ids.acme))).toEqual([]);
  });
});
