/**
 * Which event each call of the contract records (docs/decisions/018-audit-log.md): every
 * state-changing endpoint (every non-GET, and the GETs that write) is either described here —
 * its action, its target, the settings it changes (read before and after, in the same
 * transaction) and its facts — or listed in NOT_RECORDED_HERE with the reason. The table-driven
 * test (audit-endpoints.test.ts) fails for an endpoint in neither.
 */
import type { EndpointName } from '@contract/api';
import { endpoints } from '@contract/api';
import type { Endpoint } from '@contract/endpoint';
import type { AuditAction } from '@domain/audit';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations } from '../db/schema';
import type { CallArgs } from '../http/route';
import { findConditionalAccess } from '../integrations/conditional-access-data';
import { findApiKey } from '../integrations/api-keys-data';
import { findWebhook } from '../integrations/webhooks-data';
import {
  findEmailPreferences,
  findEmailTemplate,
  findNotificationPreferences,
} from '../notifications/data';
import { findCredential } from '../settings/credentials-data';
import { findSsoConfig } from '../sso/data';
import { findPreferences } from '../preferences/data';
import type { AuditTargetInput } from './data';
import { getRetention } from './data';

type Args = CallArgs & { result: unknown };
/** Parsed query and body are the contract's; read here through these loose views. */
type Loose = Record<string, unknown>;
const bodyOf = (a: CallArgs) => (a.body ?? {}) as Loose;
const queryOf = (a: CallArgs) => (a.query ?? {}) as Loose;
const resultOf = (a: Args) => (a.result ?? {}) as Loose;

export interface Described {
  action: AuditAction | ((args: CallArgs) => AuditAction);
  /** The action of a failure before the request could be read (bad JSON, a missing field). */
  failureAction: AuditAction;
  target: (args: Args) => AuditTargetInput | null;
  /** The settings the call changes: `changes.before` / `changes.after` (secrets redacted). */
  state?: (db: Database, args: CallArgs) => Promise<unknown>;
  /** Facts of the call (`changes`, beside before / after). */
  facts?: (args: Args) => Record<string, unknown> | null;
  /**
   * The call deletes the organization, and its log with it (the events cascade with the
   * organization's other data): a success leaves no event behind; a refusal is recorded.
   */
  erasesOrg?: true;
}

type Describe = Omit<Described, 'failureAction'> & { failureAction?: AuditAction };

const several = (
  type: AuditTargetInput['type'],
  ids: readonly string[],
  noun: string,
): AuditTargetInput =>
  ids.length === 1
    ? { type, id: ids[0]!, display: ids[0]! }
    : { type, id: null, display: `${ids.length} ${noun}` };

const setting = (type: AuditTargetInput['type'], display: string) => () => ({
  type,
  id: null,
  display,
});

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => String(v)) : [];

/** Every audited call of the contract. */
export const DESCRIBED: Partial<Record<EndpointName, Describe>> = {
  unenrollDevices: {
    action: 'device.unenrolled',
    target: (a) => several('device', strings(bodyOf(a).codes), 'devices'),
    facts: (a) => ({ codes: strings(bodyOf(a).codes) }),
  },
  updateAlerts: {
    action: (a) => (bodyOf(a).status === 'Closed' ? 'alert.closed' : 'alert.reopened'),
    failureAction: 'alert.closed',
    target: (a) => several('alert', strings(bodyOf(a).alertIds), 'alerts'),
    facts: (a) => ({ alertIds: strings(bodyOf(a).alertIds), status: bodyOf(a).status }),
  },
  createMembers: {
    action: 'member.created',
    target: (a) => {
      const created = resultOf(a).numMembersCreated;
      const n = typeof created === 'number' ? created : strings(bodyOf(a).members).length;
      return { type: 'member', id: null, display: `${n} members` };
    },
    facts: (a) => ({
      requested: Array.isArray(bodyOf(a).members) ? (bodyOf(a).members as unknown[]).length : 0,
      created: resultOf(a).numMembersCreated ?? null,
      invitationEmails: queryOf(a).email ?? true,
    }),
  },
  createSsoMembers: {
    action: 'member.created',
    target: (a) => {
      const created = resultOf(a).numMembersCreated;
      return {
        type: 'member',
        id: null,
        display: typeof created === 'number' ? `${created} members` : 'SSO group members',
      };
    },
    facts: (a) => ({
      ssoGroups: Array.isArray(bodyOf(a).ssoGroups)
        ? (bodyOf(a).ssoGroups as Array<{ name: string }>).map((g) => g.name)
        : [],
      created: resultOf(a).numMembersCreated ?? null,
      invitationEmails: queryOf(a).email ?? true,
    }),
  },
  // The Members page (docs/product/members.md, 'The Members page').
  resendMemberInvitation: {
    action: 'member.invited',
    target: (a) => ({
      type: 'member',
      id: String(bodyOf(a).id),
      display: `Member ${String(bodyOf(a).id)}`,
    }),
  },
  deactivateMember: {
    action: 'member.deactivated',
    target: (a) => ({
      type: 'member',
      id: String(bodyOf(a).id),
      display: `Member ${String(bodyOf(a).id)}`,
    }),
  },
  reactivateMember: {
    action: 'member.reactivated',
    target: (a) => ({
      type: 'member',
      id: String(bodyOf(a).id),
      display: `Member ${String(bodyOf(a).id)}`,
    }),
  },
  emailMembers: {
    action: 'member.invited',
    target: setting('member', 'Members not enrolled'),
  },
  emailAllMembers: {
    action: 'member.invited',
    target: setting('member', 'All members'),
  },
  saveSsoConfig: {
    action: 'sso.configured',
    target: (a) => ({ type: 'sso', id: null, display: `SSO (${String(bodyOf(a).provider)})` }),
    state: (db, a) => findSsoConfig(db, a.session.org.id),
    facts: (a) => ({ clientSecretChanged: bodyOf(a).clientSecret !== undefined }),
  },
  deleteSso: {
    action: 'sso.deleted',
    target: setting('sso', 'SSO'),
    state: (db, a) => findSsoConfig(db, a.session.org.id),
  },
  addAdmin: {
    action: 'admin.invited',
    target: (a) => ({
      type: 'admin',
      id: String(bodyOf(a).email),
      display: String(bodyOf(a).name ?? bodyOf(a).email),
    }),
  },
  resendAdminInvite: {
    action: 'admin.reinvited',
    target: (a) => ({
      type: 'admin',
      id: String(bodyOf(a).email),
      display: String(bodyOf(a).name ?? bodyOf(a).email),
    }),
  },
  // An administrator's own display preferences (theme, column layouts): recorded like any other
  // change, the administrator as the target (docs/decisions/060-column-chooser-and-command-palette.md).
  updatePreferences: {
    action: 'admin.preferences_updated',
    target: (a) => ({
      type: 'admin',
      id: a.session.user.email,
      display: a.session.user.name,
    }),
    state: (db, a) => findPreferences(db, { userId: a.session.user.id, orgId: a.session.org.id }),
  },
  addThreatHunterUser: {
    action: 'threat_hunter.user_added',
    target: (a) => ({
      type: 'threat_hunter_user',
      id: String(bodyOf(a).email),
      display: String(bodyOf(a).name ?? bodyOf(a).email),
    }),
  },
  updateScimConfig: {
    action: 'scim.updated',
    target: setting('scim', 'SCIM'),
    state: async (db, a) => {
      const authHeader = await findCredential(db, a.session.org.id, 'scim');
      const [org] = await db
        .select({ sendInvitations: organizations.scimSendInvitations })
        .from(organizations)
        .where(eq(organizations.id, a.session.org.id));
      return {
        enabled: authHeader !== null,
        authHeader,
        sendInvitations: org?.sendInvitations ?? true,
      };
    },
  },
  updateMdmConfig: {
    action: 'mdm.updated',
    target: setting('mdm', 'MDM'),
    state: async (db, a) => {
      const token = await findCredential(db, a.session.org.id, 'mdm');
      return { enabled: token !== null, token };
    },
  },
  cancelPlan: { action: 'plan.canceled', target: setting('plan', 'Plan') },
  reactivatePlan: { action: 'plan.reactivated', target: setting('plan', 'Plan') },
  updateDefaultPayment: {
    action: 'billing.payment_method_updated',
    target: setting('billing', 'Payment method'),
    facts: (a) => ({
      paymentMethod: bodyOf(a).paymentMethod ?? null,
      status: resultOf(a).status ?? null,
    }),
  },
  getBillingUpdateKey: {
    action: 'billing.update_key_issued',
    target: setting('billing', 'Payment method'),
  },
  deleteOrg: {
    action: 'org.deleted',
    target: (a) => ({
      type: 'organization',
      id: String(a.session.org.id),
      display: a.session.org.name,
    }),
    erasesOrg: true,
  },
  generateApiToken: {
    action: 'api_key.generated',
    target: setting('api_key', 'API key'),
    state: (db, a) => apiKeyState(db, a),
    facts: (a) => ({ tokenExpiration: bodyOf(a).tokenExpiration ?? null }),
  },
  revokeApiToken: {
    action: 'api_key.revoked',
    target: setting('api_key', 'API key'),
    state: (db, a) => apiKeyState(db, a),
  },
  saveWebhook: {
    action: 'webhook.saved',
    target: (a) => ({ type: 'webhook', id: null, display: String(bodyOf(a).url ?? 'Webhook') }),
    state: (db, a) => findWebhook(db, a.session.org.id),
  },
  deleteWebhook: {
    action: 'webhook.deleted',
    target: setting('webhook', 'Webhook'),
    state: (db, a) => findWebhook(db, a.session.org.id),
  },
  getWebhookSecret: {
    action: 'webhook.secret_viewed',
    target: setting('webhook', 'Webhook secret'),
  },
  resendWebhookDelivery: {
    action: 'webhook.delivery_resent',
    target: (a) => ({
      type: 'webhook_delivery',
      id: String(bodyOf(a).id),
      display: String(bodyOf(a).id),
    }),
  },
  resendUndeliveredEmail: {
    action: 'notifications.email_resent',
    target: (a) => ({
      type: 'email',
      id: String(bodyOf(a).id),
      display: String(bodyOf(a).id),
    }),
  },
  sendWebhookTestEvent: {
    action: 'webhook.test_sent',
    target: setting('webhook', 'Webhook test event'),
  },
  saveConditionalAccessConfig: {
    action: 'conditional_access.configured',
    target: setting('conditional_access', 'Conditional access'),
    state: async (db, a) => (await findConditionalAccess(db, a.session.org.id)).config,
  },
  removeConditionalAccess: {
    action: 'conditional_access.removed',
    target: setting('conditional_access', 'Conditional access'),
    state: async (db, a) => (await findConditionalAccess(db, a.session.org.id)).config,
  },
  updateConditionalAccessPolicy: {
    action: 'conditional_access.policy_updated',
    target: setting('conditional_access', 'Conditional access policy'),
    state: async (db, a) => (await findConditionalAccess(db, a.session.org.id)).policy,
  },
  updateEmailPreferences: {
    action: 'notifications.email_preferences_updated',
    target: setting('notifications', 'E-mail preferences'),
    state: (db, a) => findEmailPreferences(db, a.session.org.id),
  },
  saveEmailTemplate: {
    action: 'notifications.email_template_saved',
    target: (a) => ({
      type: 'notifications',
      id: String(bodyOf(a).type),
      display: `E-mail template ${String(bodyOf(a).type)}`,
    }),
    state: (db, a) =>
      findEmailTemplate(
        db,
        a.session.org.id,
        bodyOf(a).type as Parameters<typeof findEmailTemplate>[2],
      ),
  },
  updateNotificationPreferences: {
    action: 'notifications.preferences_updated',
    target: (a) => ({
      type: 'notifications',
      id: String(queryOf(a).topic),
      display: `Notifications ${String(queryOf(a).topic)}`,
    }),
    state: (db, a) =>
      findNotificationPreferences(
        db,
        a.session.org.id,
        queryOf(a).topic as Parameters<typeof findNotificationPreferences>[2],
      ),
  },
  updateAuditSettings: {
    action: 'audit.retention_changed',
    target: setting('audit_log', 'Activity log'),
    state: async (db, a) => ({ retention: await getRetention(db, a.session.org.id) }),
  },
};

async function apiKeyState(db: Database, a: CallArgs): Promise<unknown> {
  const key = await findApiKey(db, a.session.org.id);
  return { token: key?.display ?? null, expiresAt: key?.expiresAt?.toISOString() ?? null };
}

/**
 * State-changing calls whose events are written elsewhere, or that change nothing of an
 * organization's: the reason for each.
 */
export const NOT_RECORDED_HERE: Partial<Record<EndpointName, string>> = {
  login: 'recorded by server/auth/routes.ts (session.signed_in / session.sign_in_failed)',
  logout: 'recorded by server/auth/routes.ts (session.signed_out)',
  resetPassword: 'recorded by server/auth/routes.ts (password.reset_requested)',
  updatePassword: 'recorded by server/auth/routes.ts (password.changed)',
  lookupOrg: 'a read before sign-in: finds an organization, changes nothing',
  readMembers: 'reads an uploaded CSV and answers its rows; nothing is stored',
  getSsoGroupMembers: "a read of the identity provider's directory (POST for its body)",
  createOrg: 'not served yet (server/checks/routes.test.ts LATER); org.created is catalogued',
  devExpireSession: 'development only',
  devConfirmCardSetup: 'development only (the card processor stand-in)',
  devCreateOrg: 'development only',
  devOpenAlert: 'development only',
};

/** The GET calls that write (the CSRF policy's writingGets): audited like the others. */
export const WRITING_GETS: readonly EndpointName[] = ['getWebhookSecret', 'getBillingUpdateKey'];

const byEndpoint = new Map<Endpoint, Described>();
for (const [name, d] of Object.entries(DESCRIBED) as Array<[EndpointName, Describe]>) {
  const failureAction = d.failureAction ?? (typeof d.action === 'string' ? d.action : undefined);
  if (!failureAction) throw new Error(`${name}: an action chosen per call needs a failureAction`);
  byEndpoint.set(endpoints[name], { ...d, failureAction });
}

/** The description of an audited call, or undefined. */
export function descriptorOf(endpoint: Endpoint): Described | undefined {
  return byEndpoint.get(endpoint);
}
