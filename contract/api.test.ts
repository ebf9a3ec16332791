// eslint-disable-next-line no-restricted-imports -- a test may import its runner
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AlertPage, parseAlertThreats } from './alerts';
import { endpoints } from './api';
import { isTokenExpired } from '@domain/api-keys';
import { canResendInvite } from '@domain/admins';
import { ApiConfig } from './api-token';
import { BillingInfo, ConfirmCardSetupResult, PlanInfo } from './billing';
import { ConditionalAccessConfig, Policy } from './conditional-access';
import { Device, DevicePage, ListDevicesQuery } from './devices';
import type { Endpoint } from './endpoint';
import * as adminFixtures from './fixtures/admins';
import * as alertFixtures from './fixtures/alerts';
import * as billingFixtures from './fixtures/billing';
import * as deviceFixtures from './fixtures/devices';
import * as memberFixtures from './fixtures/members';
import { FIXTURE_NOW } from './fixtures/random';
import * as sessionFixtures from './fixtures/sessions';
import * as settingsFixtures from './fixtures/settings';
import * as ssoFixtures from './fixtures/sso';
import * as threatHunterFixtures from './fixtures/threat-hunter';
import { MdmConfig } from './mdm';
import { CreateMembersQuery, CreateMembersResult, MemberList, ReadMembersResult } from './members';
import { EmailPreferences, EmailTemplate, NotificationPreferences } from './notifications';
import { ScimConfig } from './scim';
import { Session } from './session';
import { SsoConfigView, SsoGroupMembers, SsoGroupPage, SsoProviderResult } from './sso';
import { ThreatHunterUserList } from './threat-hunter';
import { SaveWebhookBody, Webhook, WebhookSecret } from './webhook';
import { AdminList } from './admins';
import { Member } from './members';

const all = Object.entries(endpoints) as [string, Endpoint][];

describe('endpoint registry', () => {
  it('holds every endpoint once, under a camelCase name', () => {
    // The 55 calls of the product, the organization delete, the saved SSO settings for the setup
    // screen (GET /orgs/sso: docs/decisions/019-openid-connect.md), 5 system/development calls and
    // the 3 calls of the webhook delivery log, the 2 of undelivered e-mails, the 6 of the audit log,
    // the 4 of the Members page, the 2 of an administrator's own preferences, the 2 reads of the
    // detail drawers (docs/decisions/059).
    expect(all.length).toBe(84);
    for (const [name] of all) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
    expect(new Set(all.map(([, e]) => e)).size).toBe(all.length);
  });

  it('gives every endpoint a path starting with /', () => {
    for (const [name, e] of all) {
      expect(e.path.startsWith('/'), name).toBe(true);
      expect(e.path, name).not.toMatch(/\/$|\/\/|\s/);
    }
  });

  it('never gives two endpoints the same method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, e] of all) {
      const key = `${e.method} ${e.path}`;
      expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('sends a JSON body only with methods that carry one, and no body with multipart', () => {
    for (const [name, e] of all) {
      if (e.body) expect(['POST', 'PUT', 'PATCH'], name).toContain(e.method);
      if (e.multipart) expect(e.body, name).toBeUndefined();
    }
  });
});

/** [label, schema, value]: every fixture, with the schema it must satisfy. */
const fixtureTable: [string, z.ZodMiniType, unknown][] = [
  ...Object.entries(sessionFixtures.sessions).map(
    ([name, value]) => [`session ${name}`, Session, value] as [string, z.ZodMiniType, unknown],
  ),
  ['session with blocking error', Session, sessionFixtures.sessionWithBlockingError],
  ['makeDevices', z.array(Device), deviceFixtures.makeDevices(500, 3)],
  ['acme devices', z.array(Device), deviceFixtures.acmeDevices],
  ['sample devices', z.array(Device), deviceFixtures.sampleDevices],
  ['device first page', DevicePage, deviceFixtures.deviceFirstPage],
  ['empty device page', DevicePage, deviceFixtures.emptyDevicePage],
  ['acme members', MemberList, { members: memberFixtures.acmeMembers }],
  ['manual members', z.array(Member), memberFixtures.manualMembers],
  ['review members', z.array(Member), memberFixtures.reviewMembers],
  ['csv read', ReadMembersResult, memberFixtures.csvReadResult],
  ['csv read with error', ReadMembersResult, memberFixtures.csvReadResultWithError],
  ['csv read empty', ReadMembersResult, memberFixtures.csvReadResultEmpty],
  ['members created', CreateMembersResult, memberFixtures.createMembersResult],
  ['sso groups first page', SsoGroupPage, ssoFixtures.ssoGroupsFirstPage],
  ['sso groups last page', SsoGroupPage, ssoFixtures.ssoGroupsLastPage],
  ['sso groups search', SsoGroupPage, ssoFixtures.ssoGroupsSearchEngineering],
  ['sso groups nothing found', SsoGroupPage, ssoFixtures.ssoGroupsNothingFound],
  ['sso group members', SsoGroupMembers, ssoFixtures.ssoGroupMembers],
  ['sso provider okta', SsoProviderResult, ssoFixtures.ssoProviderOkta],
  ['sso provider azure', SsoProviderResult, ssoFixtures.ssoProviderAzure],
  ['sso provider none', SsoProviderResult, ssoFixtures.ssoProviderNone],
  ['sso config none', SsoConfigView, ssoFixtures.ssoConfigNone],
  ['sso config okta', SsoConfigView, ssoFixtures.ssoConfigOkta],
  ['admins', AdminList, adminFixtures.admins],
  ['admins only owner', AdminList, adminFixtures.adminsOnlyOwner],
  ...Object.entries(billingFixtures.billingInfo).map(
    ([s, v]) => [`billing ${s}`, BillingInfo, v] as [string, z.ZodMiniType, unknown],
  ),
  ...Object.entries(billingFixtures.planInfo).map(
    ([s, v]) => [`plan ${s}`, PlanInfo, v] as [string, z.ZodMiniType, unknown],
  ),
  ['billing update key', endpoints.getBillingUpdateKey.response, billingFixtures.billingUpdateKey],
  [
    'payment accepted',
    endpoints.updateDefaultPayment.response,
    billingFixtures.updateDefaultPaymentAccepted,
  ],
  [
    'payment refused',
    endpoints.updateDefaultPayment.response,
    billingFixtures.updateDefaultPaymentRefused,
  ],
  ['card setup success', ConfirmCardSetupResult, billingFixtures.confirmCardSetupSuccess],
  ['card setup declined', ConfirmCardSetupResult, billingFixtures.confirmCardSetupDeclined],
  ['scim enabled', ScimConfig, settingsFixtures.scimEnabled],
  ['scim disabled', ScimConfig, settingsFixtures.scimDisabled],
  ['mdm enabled', MdmConfig, settingsFixtures.mdmEnabled],
  ['mdm disabled', MdmConfig, settingsFixtures.mdmDisabled],
  ['api token active', ApiConfig, settingsFixtures.apiTokenActive],
  ['api token never expires', ApiConfig, settingsFixtures.apiTokenNeverExpires],
  ['api token expired', ApiConfig, settingsFixtures.apiTokenExpired],
  ['api token none', ApiConfig, settingsFixtures.apiTokenNone],
  ['webhook active', Webhook, settingsFixtures.webhookActive],
  ['webhook inactive', Webhook, settingsFixtures.webhookInactive],
  ['webhook secret only', Webhook, settingsFixtures.webhookSecretOnly],
  ['webhook secret', WebhookSecret, settingsFixtures.webhookSecret],
  ['webhook url as body', SaveWebhookBody, { url: settingsFixtures.webhookActive.url }],
  ['conditional access active', ConditionalAccessConfig, settingsFixtures.conditionalAccessActive],
  [
    'conditional access inactive',
    ConditionalAccessConfig,
    settingsFixtures.conditionalAccessInactive,
  ],
  ['conditional access okta', ConditionalAccessConfig, settingsFixtures.conditionalAccessOkta],
  ['conditional access unset', ConditionalAccessConfig, settingsFixtures.conditionalAccessUnset],
  ['policy default', Policy, settingsFixtures.policyDefault],
  ['policy strict', Policy, settingsFixtures.policyStrict],
  ['policy critical only', Policy, settingsFixtures.policyCriticalOnly],
  ['email preferences full', EmailPreferences, settingsFixtures.emailPreferencesFull],
  ['email preferences partial', EmailPreferences, settingsFixtures.emailPreferencesPartial],
  ['email template custom', EmailTemplate, settingsFixtures.emailTemplateCustom],
  ['email template default', EmailTemplate, settingsFixtures.emailTemplateDefault],
  ['email template long', EmailTemplate, settingsFixtures.emailTemplateLongBody],
  [
    'email template custom as body',
    endpoints.saveEmailTemplate.body,
    {
      type: 'OrgEnrollment',
      ...settingsFixtures.emailTemplateCustom,
    },
  ],
  [
    'email template long as body',
    endpoints.saveEmailTemplate.body,
    {
      type: 'OrgEnrollment',
      ...settingsFixtures.emailTemplateLongBody,
    },
  ],
  ['notifications push', NotificationPreferences, settingsFixtures.notificationPreferencesPush],
  ['notifications email', NotificationPreferences, settingsFixtures.notificationPreferencesEmail],
  [
    'notifications disabled',
    NotificationPreferences,
    settingsFixtures.notificationPreferencesDisabled,
  ],
  ['alerts first page', AlertPage, alertFixtures.alertsFirstPage],
  ['open alerts first page', AlertPage, alertFixtures.openAlertsFirstPage],
  ['empty alert page', AlertPage, alertFixtures.emptyAlertPage],
  ['sample alerts', AlertPage, { alerts: alertFixtures.sampleAlerts, totalPages: 1 }],
  ['acme alerts', AlertPage, { alerts: alertFixtures.acmeAlerts, totalPages: 3 }],
  ['threat hunter users', ThreatHunterUserList, threatHunterFixtures.threatHunterUsers],
  ['threat hunter users none', ThreatHunterUserList, threatHunterFixtures.threatHunterUsersNone],
];

describe('fixtures', () => {
  it.each(fixtureTable)('%s parses with its schema', (_label, schema, value) => {
    const result = schema.safeParse(value);
    expect(result.success ? null : result.error.issues).toBeNull();
  });

  it('are deterministic', () => {
    expect(deviceFixtures.makeDevices(50, 9)).toEqual(deviceFixtures.makeDevices(50, 9));
    expect(deviceFixtures.makeDevices(50, 9)).not.toEqual(deviceFixtures.makeDevices(50, 10));
    expect(alertFixtures.makeAlerts(50, 9)).toEqual(alertFixtures.makeAlerts(50, 9));
  });

  it('give devices unique codes and drop fields of devices not enrolled', () => {
    const devices = deviceFixtures.makeDevices(1000, 5);
    expect(new Set(devices.map((d) => d.code)).size).toBe(1000);
    const notEnrolled = devices.filter((d) => d.enrolled === false);
    expect(notEnrolled.length).toBeGreaterThan(0);
    for (const d of notEnrolled) expect(d).not.toHaveProperty('severity');
    for (const s of ['secure', 'warning', 'critical']) {
      expect(devices.some((d) => d.severity === s)).toBe(true);
    }
  });

  it('cover every alert severity, null member names and a malformed description', () => {
    const alerts = [...alertFixtures.sampleAlerts, ...alertFixtures.acmeAlerts];
    for (const s of ['Critical', 'High', 'Suspicious', 'Low']) {
      expect(alerts.some((a) => a.severity === s)).toBe(true);
    }
    expect(alerts.some((a) => a.memberName === null)).toBe(true);
    expect(alerts.some((a) => parseAlertThreats(a.alertDescription) === null)).toBe(true);
    expect(new Set(alerts.map((a) => a.scanId)).size).toBe(alerts.length);
  });

  it('offer 40 SSO groups over two pages', () => {
    expect(ssoFixtures.ssoGroups).toHaveLength(40);
    expect(ssoFixtures.ssoGroupsFirstPage.nextPage).toBe('20');
    expect(ssoFixtures.ssoGroupsLastPage.nextPage).toBeNull();
    expect([
      ...ssoFixtures.ssoGroupsFirstPage.groups,
      ...ssoFixtures.ssoGroupsLastPage.groups,
    ]).toEqual(ssoFixtures.ssoGroups);
  });

  it('match the admin invite states they are named after', () => {
    const now = new Date(FIXTURE_NOW);
    expect(canResendInvite(adminFixtures.adminAccepted, now)).toBe(false);
    expect(canResendInvite(adminFixtures.adminPendingRecent, now)).toBe(false);
    expect(canResendInvite(adminFixtures.adminPendingOld, now)).toBe(true);
    expect(canResendInvite(adminFixtures.adminNeverInvited, now)).toBe(true);
  });

  it('match the API token states they are named after', () => {
    const now = new Date(FIXTURE_NOW);
    expect(isTokenExpired(settingsFixtures.apiTokenActive.expiresAt, now)).toBe(false);
    expect(isTokenExpired(settingsFixtures.apiTokenNeverExpires.expiresAt, now)).toBe(false);
    expect(isTokenExpired(settingsFixtures.apiTokenExpired.expiresAt, now)).toBe(true);
  });
});

describe('query schemas', () => {
  it('parse the dashboard query from strings, with defaults', () => {
    expect(ListDevicesQuery.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(
      ListDevicesQuery.parse({
        page: '3',
        pageSize: '100',
        enrolled: 'false',
        severity: 'critical',
      }),
    ).toEqual({ page: 3, pageSize: 100, enrolled: false, severity: ['critical'] });
    expect(ListDevicesQuery.parse({ severity: ['critical', 'warning'] }).severity).toEqual([
      'critical',
      'warning',
    ]);
  });

  it('refuse a bad page, an oversized page size and unknown values', () => {
    for (const query of [
      { page: '0' },
      { page: '1.5' },
      { page: 'x' },
      { pageSize: '101' },
      { severity: 'fine' },
      { enrolled: 'yes' },
      { sort: 'password' },
    ]) {
      expect(ListDevicesQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('read the create-members e-mail flag, true by default', () => {
    expect(CreateMembersQuery.parse({})).toEqual({ email: true });
    expect(CreateMembersQuery.parse({ email: 'false' })).toEqual({ email: false });
  });
});

describe('parseAlertThreats', () => {
  it('reads the threats of a description and tolerates malformed text', () => {
    expect(parseAlertThreats('[{"threat":"A"},{"threat":"B","extra":1}]')).toEqual(['A', 'B']);
    expect(parseAlertThreats('not json')).toBeNull();
    expect(parseAlertThreats('{"threat":"A"}')).toBeNull();
  });
});

describe('request bodies', () => {
  it('trim names and e-mails and refuse an invalid e-mail', () => {
    const body = endpoints.addAdmin.body;
    expect(body.parse({ name: ' Dana Lee ', email: ' dana.lee@acme.test ', extra: 1 })).toEqual({
      name: 'Dana Lee',
      email: 'dana.lee@acme.test',
    });
    expect(body.safeParse({ name: 'Dana', email: 'dana@acme' }).success).toBe(false);
    expect(body.safeParse({ name: '', email: 'dana@acme.test' }).success).toBe(false);
  });

  it('refuse a non-http webhook URL and an over-long e-mail body', () => {
    expect(SaveWebhookBody.safeParse({ url: 'ftp://hooks.acme.test' }).success).toBe(false);
    expect(
      endpoints.saveEmailTemplate.body.safeParse({
        type: 'OrgEnrollment',
        subject: null,
        body: 'x'.repeat(3001),
      }).success,
    ).toBe(false);
  });
});
