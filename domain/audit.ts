/**
 * The audit log (docs/product/activity.md; docs/decisions/018-audit-log.md): the catalogue of
 * actions, grouped as the Activity view's action filter shows them, the actor and target kinds,
 * outcomes and the retention choices. One list each: the contract, the server (its CHECKs and the
 * table-driven test over every state-changing endpoint) and the view all read these.
 */

/**
 * Every action, grouped for the grouped multi-select. A dotted name `<subject>.<verb>`; adding a
 * state-changing endpoint means adding its action here (server/audit/endpoint-actions.ts maps
 * every endpoint of the contract to one, and its test fails until it does).
 */
export const AUDIT_ACTION_GROUPS = [
  {
    id: 'sign-in',
    label: 'Sign-in',
    actions: [
      'session.signed_in',
      'session.sign_in_failed',
      'session.signed_out',
      'password.reset_requested',
      'password.changed',
    ],
  },
  { id: 'organization', label: 'Organization', actions: ['org.created', 'org.deleted'] },
  { id: 'devices', label: 'Devices', actions: ['device.enrolled', 'device.unenrolled'] },
  {
    id: 'members',
    label: 'Members',
    actions: [
      'member.created',
      'member.invited',
      'member.deactivated',
      'member.reactivated',
      'member.quarantined',
      'member.quarantine_updated',
      'member.released',
    ],
  },
  { id: 'alerts', label: 'Alerts', actions: ['alert.closed', 'alert.reopened'] },
  {
    id: 'administrators',
    label: 'Administrators',
    actions: ['admin.invited', 'admin.reinvited', 'admin.preferences_updated'],
  },
  { id: 'threat-hunter', label: 'Threat Hunter', actions: ['threat_hunter.user_added'] },
  { id: 'sso', label: 'SSO', actions: ['sso.configured', 'sso.deleted'] },
  {
    id: 'scim',
    label: 'SCIM',
    actions: [
      'scim.updated',
      'scim.user_created',
      'scim.user_updated',
      'scim.user_deactivated',
      'scim.user_reactivated',
      'scim.user_deleted',
      'scim.group_created',
      'scim.group_updated',
      'scim.group_deleted',
    ],
  },
  { id: 'mdm', label: 'MDM', actions: ['mdm.updated'] },
  {
    id: 'api-key',
    label: 'API key',
    actions: ['api_key.generated', 'api_key.revoked', 'api_key.called'],
  },
  {
    id: 'webhook',
    label: 'Webhook',
    actions: [
      'webhook.saved',
      'webhook.deleted',
      'webhook.secret_viewed',
      'webhook.delivery_resent',
      'webhook.test_sent',
    ],
  },
  {
    id: 'conditional-access',
    label: 'Conditional access',
    actions: [
      'conditional_access.configured',
      'conditional_access.removed',
      'conditional_access.policy_updated',
    ],
  },
  {
    id: 'notifications',
    label: 'Notifications',
    actions: [
      'notifications.email_preferences_updated',
      'notifications.email_template_saved',
      'notifications.preferences_updated',
      'notifications.email_resent',
    ],
  },
  {
    id: 'billing',
    label: 'Billing',
    actions: ['billing.payment_method_updated', 'billing.update_key_issued'],
  },
  {
    id: 'plan',
    label: 'Plan',
    actions: ['plan.canceled', 'plan.reactivated', 'plan.status_changed'],
  },
  {
    id: 'audit',
    label: 'Activity log',
    actions: ['audit.retention_changed', 'audit.retention_applied'],
  },
] as const;

export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];
export type AuditAction = AuditActionGroup['actions'][number];

/** Every action, in the catalogue's order. */
export const AUDIT_ACTIONS = AUDIT_ACTION_GROUPS.flatMap((g) => g.actions) as unknown as readonly [
  AuditAction,
  ...AuditAction[],
];

export function isAuditAction(value: unknown): value is AuditAction {
  return (AUDIT_ACTIONS as readonly unknown[]).includes(value);
}

/** Texts of the actions, as the Activity view lists them. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Sign-in failed',
  'session.signed_out': 'Signed out',
  'password.reset_requested': 'Password reset requested',
  'password.changed': 'Password changed',
  'org.created': 'Organization created',
  'org.deleted': 'Organization deleted',
  'device.enrolled': 'Device enrolled',
  'device.unenrolled': 'Devices unenrolled',
  'member.created': 'Members created',
  'member.invited': 'Members invited',
  'member.deactivated': 'Member deactivated',
  'member.reactivated': 'Member reactivated',
  'member.quarantined': 'Member quarantined',
  'member.quarantine_updated': 'Quarantine reason changed',
  'member.released': 'Member released',
  'alert.closed': 'Alerts closed',
  'alert.reopened': 'Alerts reopened',
  'admin.invited': 'Administrator invited',
  'admin.reinvited': 'Administrator re-invited',
  'admin.preferences_updated': 'Administrator preferences updated',
  'threat_hunter.user_added': 'Threat Hunter user added',
  'sso.configured': 'SSO configured',
  'sso.deleted': 'SSO deleted',
  'scim.updated': 'SCIM updated',
  'scim.user_created': 'User provisioned',
  'scim.user_updated': 'Provisioned user updated',
  'scim.user_deactivated': 'Provisioned user deactivated',
  'scim.user_reactivated': 'Provisioned user reactivated',
  'scim.user_deleted': 'Provisioned user deleted',
  'scim.group_created': 'Group provisioned',
  'scim.group_updated': 'Provisioned group updated',
  'scim.group_deleted': 'Provisioned group deleted',
  'mdm.updated': 'MDM updated',
  'api_key.generated': 'API key generated',
  'api_key.revoked': 'API key revoked',
  'api_key.called': 'API call',
  'webhook.saved': 'Webhook saved',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_viewed': 'Webhook secret viewed',
  'webhook.delivery_resent': 'Webhook delivery resent',
  'webhook.test_sent': 'Webhook test event sent',
  'conditional_access.configured': 'Conditional access configured',
  'conditional_access.removed': 'Conditional access removed',
  'conditional_access.policy_updated': 'Conditional access policy updated',
  'notifications.email_preferences_updated': 'E-mail preferences updated',
  'notifications.email_template_saved': 'E-mail template saved',
  'notifications.preferences_updated': 'Notification preferences updated',
  'notifications.email_resent': 'Undelivered e-mail resent',
  'billing.payment_method_updated': 'Payment method updated',
  'billing.update_key_issued': 'Card update started',
  'plan.canceled': 'Plan canceled',
  'plan.reactivated': 'Plan reactivated',
  'plan.status_changed': 'Plan status changed by the card processor',
  'audit.retention_changed': 'Activity retention changed',
  'audit.retention_applied': 'Old activity deleted',
};

/**
 * Who acted: a signed-in user now; API keys, SCIM provisioning and the system's jobs (retention;
 * conditional access quarantining and releasing members, `system:conditional-access`); a device,
 * for what the mobile app does through the device API (enrolling itself, unenrolling itself:
 * docs/product/device-api.md).
 */
export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'scim', 'system', 'device'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** What an event is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'organization',
  'device',
  'member',
  'alert',
  'admin',
  'threat_hunter_user',
  'sso',
  'scim',
  'mdm',
  'api_key',
  'webhook',
  'webhook_delivery',
  'email',
  'conditional_access',
  'notifications',
  'billing',
  'plan',
  'audit_log',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_OUTCOME_LABELS: Readonly<Record<AuditOutcome, string>> = {
  success: 'Success',
  failure: 'Failure',
};

/** The value secrets are replaced with, everywhere in an event. */
export const REDACTED = '[redacted]';

/**
 * How long events are kept: the spec's retention enumeration (six months, one year, never);
 * one year by default.
 */
export const AUDIT_RETENTIONS = ['SIX_MONTHS', 'ONE_YEAR', 'NEVER'] as const;
export type AuditRetention = (typeof AUDIT_RETENTIONS)[number];
export const DEFAULT_AUDIT_RETENTION: AuditRetention = 'ONE_YEAR';

export const AUDIT_RETENTION_LABELS: Readonly<Record<AuditRetention, string>> = {
  SIX_MONTHS: '6 months',
  ONE_YEAR: '1 year',
  NEVER: 'Never',
};

/** Calendar months of each choice; null: kept for ever. */
export const AUDIT_RETENTION_MONTHS: Readonly<Record<AuditRetention, number | null>> = {
  SIX_MONTHS: 6,
  ONE_YEAR: 12,
  NEVER: null,
};

/** The actor filter's value for an actor (`user:12`, `system:retention`). */
export function auditActorKey(actor: { type: AuditActorType; id: string }): string {
  return `${actor.type}:${actor.id}`;
}

/** The actor an actor filter value names, or null when it is not one. */
export function parseAuditActorKey(key: string): { type: AuditActorType; id: string } | null {
  const at = key.indexOf(':');
  if (at < 1) return null;
  const type = key.slice(0, at);
  const id = key.slice(at + 1);
  if (!(AUDIT_ACTOR_TYPES as readonly string[]).includes(type) || id === '') return null;
  return { type: type as AuditActorType, id };
}

/** Page sizes of the Activity list (the dashboard's paginator). */
export const AUDIT_DEFAULT_PAGE_SIZE = 50;
/** Longest free-text search over target names. */
export const AUDIT_SEARCH_MAX_LENGTH = 200;
