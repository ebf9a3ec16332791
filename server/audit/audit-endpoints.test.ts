/**
 * Every state-changing endpoint of the contract records exactly one event with its action
 * (docs/decisions/018-audit-log.md): the table below names a call and the action it records for
 * each; an endpoint that changes data and is neither in it nor explained in NOT_RECORDED_HERE
 * fails the first test. Then: a change that rolls back leaves no event; the sign-in flows record
 * theirs; and no secret any call answered or was sent appears anywhere in the events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@contract/api';
import type { AuditAction } from '@domain/audit';
import { REDACTED } from '@domain/audit';
import { auditEvents } from '../db/schema';
import { JobQueue } from '../queue/queue';
import { createTestApp } from '../test-support';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';
import { insertDelivery } from '../webhooks/data';
import { DESCRIBED, NOT_RECORDED_HERE, WRITING_GETS } from './endpoint-actions';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Step {
  /** Done before the events are counted (what the call needs first). */
  prepare?: () => Promise<void>;
  query?: string;
  body?: () => unknown;
  action: AuditAction;
}

let counter = 0;
let resendId = '';
const fresh = (label: string) => `${label}.${++counter}@audit.test`;

/**
 * One call per audited endpoint, in this order (some prepare the next: the webhook secret before
 * the URL, the URL before the test event). Each records exactly `action`.
 */
const STEPS: Array<[EndpointName, Step]> = [
  ['updateScimConfig', { body: () => ({ enable: true }), action: 'scim.updated' }],
  ['updateMdmConfig', { body: () => ({ enable: true }), action: 'mdm.updated' }],
  [
    'generateApiToken',
    { body: () => ({ tokenExpiration: 'ONE_YEAR' }), action: 'api_key.generated' },
  ],
  ['revokeApiToken', { action: 'api_key.revoked' }],
  ['getWebhookSecret', { action: 'webhook.secret_viewed' }],
  [
    'saveWebhook',
    { body: () => ({ url: 'https://hooks.example.test/in' }), action: 'webhook.saved' },
  ],
  ['sendWebhookTestEvent', { action: 'webhook.test_sent' }],
  [
    'resendWebhookDelivery',
    { body: () => ({ id: 'msg_audit_failed' }), action: 'webhook.delivery_resent' },
  ],
  // No undelivered e-mail has this id: refused (404), and the refusal is recorded.
  [
    'resendUndeliveredEmail',
    { body: () => ({ id: '999999' }), action: 'notifications.email_resent' },
  ],
  ['deleteWebhook', { action: 'webhook.deleted' }],
  [
    'saveConditionalAccessConfig',
    {
      body: () => ({
        tenant: 'example.onmicrosoft.com',
        clientId: 'ca-client',
        clientSecret: 'ca-secret-value-1',
        userExtension: 'extension_x',
        groupId: 'group-x',
        provider: null,
        active: false,
      }),
      action: 'conditional_access.configured',
    },
  ],
  [
    'updateConditionalAccessPolicy',
    {
      body: () => ({
        alertSeverity: 'NONE',
        outdatedOSPeriod: 'NEVER',
        deviceIntegrityPeriod: 'NEVER',
        screenLockEnabled: false,
      }),
      action: 'conditional_access.policy_updated',
    },
  ],
  ['removeConditionalAccess', { action: 'conditional_access.removed' }],
  [
    'updatePreferences',
    {
      body: () => ({ theme: 'dark', deviceColumns: { order: ['code'], hidden: ['model'] } }),
      action: 'admin.preferences_updated',
    },
  ],
  [
    'updateEmailPreferences',
    {
      body: () => ({ weeklySummary: true, enrollmentEmailsFrequency: 'WEEKLY' }),
      action: 'notifications.email_preferences_updated',
    },
  ],
  [
    'saveEmailTemplate',
    {
      body: () => ({ type: 'OrgEnrollment', subject: 'Subject', body: 'Body text' }),
      action: 'notifications.email_template_saved',
    },
  ],
  [
    'updateNotificationPreferences',
    {
      query: '?topic=OpenAppToScan',
      body: () => ({
        notificationType: 'PUSH',
        deviceIntegrityPeriod: 'NEVER',
        notificationFrequency: 'WEEKLY',
      }),
      action: 'notifications.preferences_updated',
    },
  ],
  [
    'createMembers',
    {
      query: '?email=false',
      body: () => ({ members: [{ name: 'New Person', email: fresh('member') }] }),
      action: 'member.created',
    },
  ],
  [
    'createSsoMembers',
    {
      query: '?email=false',
      body: () => ({ ssoGroups: [{ id: org.directory.groups[0]!.id, name: 'Group' }] }),
      action: 'member.created',
    },
  ],
  [
    'resendMemberInvitation',
    {
      // A member never invited, with a code and no device: Resend applies at once.
      prepare: async () => {
        const { members } = await import('../db/schema');
        const [row] = await t.db
          .insert(members)
          .values({
            orgId: org.id,
            name: 'Rae Resend',
            email: fresh('resend'),
            enrollmentCode: 'RSND-2345',
          })
          .returning({ id: members.id });
        resendId = String(row!.id);
      },
      body: () => ({ id: resendId }),
      action: 'member.invited',
    },
  ],
  [
    'deactivateMember',
    { body: () => ({ id: String(org.members[1]!.id) }), action: 'member.deactivated' },
  ],
  [
    'reactivateMember',
    { body: () => ({ id: String(org.members[1]!.id) }), action: 'member.reactivated' },
  ],
  ['emailMembers', { action: 'member.invited' }],
  ['emailAllMembers', { action: 'member.invited' }],
  [
    'addAdmin',
    { body: () => ({ name: 'Ada Admin', email: fresh('admin') }), action: 'admin.invited' },
  ],
  [
    'resendAdminInvite',
    {
      body: () => ({ name: 'Theo Stale', email: 'theo.stale@audit.test' }),
      action: 'admin.reinvited',
    },
  ],
  [
    'addThreatHunterUser',
    {
      body: () => ({ name: 'Hunter', email: fresh('hunter') }),
      action: 'threat_hunter.user_added',
    },
  ],
  [
    'unenrollDevices',
    { body: () => ({ codes: [org.devices[0]!.code] }), action: 'device.unenrolled' },
  ],
  [
    'updateAlerts',
    {
      body: () => ({ alertIds: [org.alerts[0]!.scanId], status: 'Closed' }),
      action: 'alert.closed',
    },
  ],
  [
    'saveSsoConfig',
    {
      body: () => ({
        slug: org.slug,
        provider: 'okta',
        clientId: 'client-id',
        clientSecret: 'sso-client-secret-1',
        tenant: 'sso.invalid',
      }),
      action: 'sso.configured',
    },
  ],
  ['deleteSso', { action: 'sso.deleted' }],
  ['getBillingUpdateKey', { action: 'billing.update_key_issued' }],
  [
    'updateDefaultPayment',
    {
      body: () => ({ paymentMethod: org.paymentMethods[0]!.id }),
      action: 'billing.payment_method_updated',
    },
  ],
  ['cancelPlan', { action: 'plan.canceled' }],
  ['reactivatePlan', { action: 'plan.reactivated' }],
  [
    'updateAuditSettings',
    { body: () => ({ retention: 'SIX_MONTHS' }), action: 'audit.retention_changed' },
  ],
  [
    'deleteOrg',
    {
      prepare: async () => {
        const r = await t.call('POST', '/api/cancel-plan', { cookie: org.cookie });
        expect(r.status, r.text).toBe(200);
      },
      action: 'org.deleted',
    },
  ],
];

let t: TestApp;
let org: TestOrg;
/** Every secret a call answered or was sent: none may appear in any event. */
const secrets = new Set<string>(['ca-secret-value-1', 'sso-client-secret-1', TEST_PASSWORD]);

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.test' });
  org = await makeOrg(t, {
    name: 'Example',
    sso: 'okta',
    apiAccess: true,
    threatHunterAccess: true,
    admins: [{ name: 'Theo Stale', email: 'theo.stale@audit.test', pending: true }],
    members: 3,
    devices: 3,
    alerts: 2,
    directory: { users: 2, groups: [{ name: 'Group', users: [0, 1] }] },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function allEvents() {
  return t.db.select().from(auditEvents).orderBy(auditEvents.orgId, auditEvents.seq);
}

describe('the table of audited endpoints', () => {
  it('covers every state-changing endpoint of the contract, once', () => {
    const changing = (Object.entries(endpoints) as Array<[EndpointName, { method: string }]>)
      .filter(([name, e]) => e.method !== 'GET' || WRITING_GETS.includes(name))
      .map(([name]) => name);
    const accounted = changing.filter((n) => DESCRIBED[n] || NOT_RECORDED_HERE[n]);
    expect(
      changing.filter((n) => !accounted.includes(n)),
      'endpoints without an event',
    ).toEqual([]);
    const both = changing.filter((n) => DESCRIBED[n] && NOT_RECORDED_HERE[n]);
    expect(both).toEqual([]);
    // Every described endpoint is called below.
    expect(Object.keys(DESCRIBED).sort()).toEqual(STEPS.map(([n]) => n).sort());
  });

  it('each call records exactly one event with its action, actor and request details', async () => {
    // A failed delivery to resend.
    await insertDelivery(t.db, {
      webhookId: 'msg_audit_failed',
      orgId: org.id,
      eventType: 'member.created',
      body: '{}',
      createdAt: t.clock.now(),
    });
    const seen: string[] = [];
    for (const [name, step] of STEPS) {
      const endpoint = endpoints[name];
      await step.prepare?.();
      const before = (await allEvents()).length;
      if (name === 'resendWebhookDelivery') {
        await t.db.execute(
          // Mark the delivery failed (what the delivery job does after its last attempt).
          (await import('drizzle-orm'))
            .sql`UPDATE webhook_deliveries SET status = 'failed' WHERE webhook_id = 'msg_audit_failed'`,
        );
      }
      const r = await t.call(endpoint.method, `/api${endpoint.path}${step.query ?? ''}`, {
        cookie: org.cookie,
        json: step.body?.(),
        headers: { 'user-agent': `audit-test ${name}` },
      });
      await t.tasks.idle();
      collectSecrets(r.data);
      const events = await allEvents();
      if (name === 'deleteOrg') {
        // The organization's log is deleted with it (docs/decisions/018-audit-log.md).
        expect(r.status, r.text).toBe(200);
        expect(events).toEqual([]);
        continue;
      }
      const added = events.slice(before);
      expect(
        added.map((e) => e.action),
        `${name} ${r.status} ${r.text}`,
      ).toEqual([step.action]);
      const [event] = added;
      expect(event!.outcome, `${name} ${r.status} ${r.text}`).toBe(
        r.status < 300 ? 'success' : 'failure',
      );
      if (r.status >= 300) expect(event!.message).toBe(r.data.error);
      expect(event!.actorId).toBe(String(org.admin.id));
      expect(event!.userAgent).toBe(`audit-test ${name}`);
      expect(event!.requestId).toBe(r.res.headers.get('x-request-id'));
      seen.push(`${name} ${r.status}`);
      scanForSecrets(events);
    }
    // Most calls succeed. Refused here, and recorded as failures: the webhook URL and the
    // identity provider are checked over the network before saving (their own tests run a real
    // other side), and the test event and Resend need the saved URL.
    expect(seen.filter((s) => !/ 200$/.test(s))).toEqual([
      'saveWebhook 400',
      'sendWebhookTestEvent 409',
      'resendWebhookDelivery 409',
      'resendUndeliveredEmail 404',
      'saveSsoConfig 400',
    ]);
  });
});

function collectSecrets(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (
      typeof value === 'string' &&
      /secret|token|authheader|key/i.test(key) &&
      value.length >= 8
    ) {
      secrets.add(value);
    }
  }
}

function scanForSecrets(events: Array<Record<string, unknown>>): void {
  const text = JSON.stringify(events);
  for (const secret of secrets) expect(text, 'a secret in the audit log').not.toContain(secret);
  expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
}

describe('same transaction', () => {
  it('a change that fails and rolls back leaves no event (and no change)', async () => {
    const fresh2 = await createTestApp({ publicUrl: 'https://portal.example.test' });
    try {
      class FailingQueue extends JobQueue {
        override enqueue(): Promise<number[]> {
          return Promise.reject(new Error('queue down'));
        }
      }
      const failing = await createTestApp({
        publicUrl: 'https://portal.example.test',
        queue: new FailingQueue(fresh2.db),
      });
      try {
        const o = await makeOrg(failing, { name: 'Rollback' });
        const r = await failing.call('POST', '/api/orgs/add-admin', {
          cookie: o.cookie,
          json: { name: 'Never Added', email: 'never@audit.test' },
        });
        expect(r.status).toBe(500);
        const listed = await failing.call('GET', '/api/orgs/admins', { cookie: o.cookie });
        expect(JSON.stringify(listed.data)).not.toContain('never@audit.test');
        expect(await failing.db.select().from(auditEvents)).toEqual([]);
      } finally {
        await failing.close();
      }
    } finally {
      await fresh2.close();
    }
  });
});

describe('sign-ins', () => {
  it('records success, wrong password, refusal by policy, sign-out, reset request and password change', async () => {
    const app = await createTestApp({ publicUrl: 'https://portal.example.test' });
    try {
      const o = await makeOrg(app, {
        name: 'Signins',
        admins: [{ name: 'Blocked Admin', email: 'blocked@signins.test', blocked: true }],
      });
      const email = o.admin.email;
      const wrong = await app.call('POST', '/api/login', {
        json: { email, password: 'Wrong-Pass-1!' },
      });
      expect(wrong.status).toBe(401);
      // Failures are recorded after the answer (docs/decisions/015: no timing difference).
      await app.tasks.idle();
      const cookie = await app.signIn(email, TEST_PASSWORD);
      const blocked = await app.call('POST', '/api/login', {
        json: { email: 'blocked@signins.test', password: TEST_PASSWORD },
      });
      expect(blocked.status).toBe(403);
      await app.tasks.idle();
      expect((await app.call('POST', '/api/logout', { cookie })).status).toBe(200);
      expect((await app.call('POST', '/api/reset-password', { json: { email } })).status).toBe(200);
      await app.settle();
      const link = /update-password\/([A-Za-z0-9_-]+)/.exec(
        JSON.stringify((await app.call('GET', '/api/dev/outbox')).data),
      );
      expect(link).not.toBeNull();
      const changed = await app.call('POST', '/api/update-password', {
        json: { requestToken: link![1], password: 'New-Pass-1!x' },
      });
      expect(changed.status, changed.text).toBe(200);
      await app.tasks.idle();
      const rows = await app.db.select().from(auditEvents).orderBy(auditEvents.seq);
      expect(rows.map((r) => [r.action, r.outcome, r.message, r.actorDisplay])).toEqual([
        ['session.sign_in_failed', 'failure', 'Incorrect email or password.', o.admin.name],
        ['session.signed_in', 'success', null, o.admin.name],
        ['session.sign_in_failed', 'failure', 'Access limited by login policy.', 'Blocked Admin'],
        ['session.signed_out', 'success', null, o.admin.name],
        ['password.reset_requested', 'success', null, o.admin.name],
        ['password.changed', 'success', null, o.admin.name],
      ]);
      expect(rows[1]!.changes).toEqual({ method: 'password' });
      const text = JSON.stringify(rows);
      expect(text).not.toContain(link![1]);
      expect(text).not.toContain('New-Pass-1!x');
      expect(text).not.toContain('Wrong-Pass-1!');
      expect(text).not.toContain(REDACTED.repeat(2));
    } finally {
      await app.close();
    }
  });
});
