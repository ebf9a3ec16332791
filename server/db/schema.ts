/**
 * Drizzle table definitions for type-safe queries. The tables themselves are created by the plain
 * SQL files in ./migrations; this file declares the same tables in full (columns, keys, CHECKs,
 * indexes), and schema-drift.test.ts fails on any difference between the two. Triggers and their
 * functions, which Drizzle cannot declare, are listed in that test. Workflow: server/README.md,
 * "Changing the schema". Value lists come from domain/ (their CHECK constraints are also tested
 * against those lists: check-constraints.test.ts).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PASSWORD_TOKEN_PURPOSES, SIGN_IN_THROTTLE_SCOPES } from '@domain/accounts';
import { THREAT_HUNTER_STATUSES } from '@domain/admins';
import { ALERT_STATUSES } from '@domain/alerts';
import { AUDIT_ACTOR_TYPES, AUDIT_OUTCOMES, AUDIT_RETENTIONS } from '@domain/audit';
import { SUBSCRIPTION_STATUSES } from '@domain/billing';
import { CARD_NETWORKS, TEST_CARD_OUTCOMES } from '@domain/cards';
import {
  ALERT_SEVERITY_THRESHOLDS,
  CONDITIONAL_ACCESS_PROVIDERS,
  DEFAULT_CONDITIONAL_ACCESS_POLICY,
} from '@domain/conditional-access';
import { CREDENTIAL_KINDS } from '@domain/credentials';
import { DEVICE_PLATFORMS, DEVICE_SEVERITIES } from '@domain/devices';
import {
  EMAIL_TEMPLATE_TYPES,
  ENROLLMENT_EMAILS_FREQUENCIES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TOPICS,
  NOTIFICATION_TYPES,
  OUTDATED_OS_EMAILS_FREQUENCIES,
  SCAN_REMINDER_STATUSES,
} from '@domain/notifications';
import { PERIODS } from '@domain/periods';
import { THEMES, type ColumnLayout } from '@domain/preferences';
import { SSO_PROVIDERS } from '@domain/sso';
import { JOB_STATUSES } from '@domain/jobs';
import { MEMBER_SOURCES } from '@domain/members';
import { NOTICE_TOPICS } from '@domain/live';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@domain/webhooks';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  unique,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * The CHECK of a `text(name, { enum })` column: its value is one of the enum's (NULL passes, as
 * always in SQL). Built from the column's own list, so its type and its constraint cannot differ.
 */
function oneOf(column: PgColumn): SQL {
  // In the extra-config callback `column` is Drizzle's index-builder copy, which does not carry
  // the enum; the callback runs once the table exists, so take the table's own column.
  const own = Object.values(getTableColumns(column.table)).find((c) => c.name === column.name);
  const values = own?.enumValues;
  if (!values?.length) throw new Error(`column ${column.name} has no enum values`);
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(list)})`;
}

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    ssoProvider: text('sso_provider', { enum: SSO_PROVIDERS }),
    // The Redirect URL is built, not stored (0011_openid_connect.sql dropped `redirect_url`).
    apiAccess: boolean('api_access').notNull().default(false),
    threatHunterAccess: boolean('threat_hunter_access').notNull().default(false),
    // The plan status lives in `subscriptions` (0007_billing.sql dropped `plan_status`).
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** Bumped by a trigger in the transaction of every change to the organization's devices. */
    devicesVersion: bigint('devices_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by triggers with every change to the organization's members and every device change
     * that can change a member's status (0023_lists_under_change.sql): the Members page's cache.
     */
    membersVersion: bigint('members_version', { mode: 'number' }).notNull().default(0),
    /** The SCIM tab's 'Send enrolment invitations to provisioned members' (0016_scim.sql). */
    scimSendInvitations: boolean('scim_send_invitations').notNull().default(true),
  },
  (t) => [check('organizations_sso_provider_check', oneOf(t.ssoProvider))],
);

/** Administrators: the people who sign in to the portal. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Always stored lower-cased. */
    email: text('email').notNull().unique(),
    /** Null for SSO-only administrators. */
    passwordHash: text('password_hash'),
    loginBlocked: boolean('login_blocked').notNull().default(false),
    inviteAccepted: boolean('invite_accepted').notNull().default(true),
    inviteSentAt: timestamp('invite_sent_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('users_email_check', sql`${t.email} = lower(${t.email})`),
    index('users_org_id_idx').on(t.orgId),
    /** Pending administrators (invited, no password yet), listed by organization. */
    index('users_org_pending_idx')
      .on(t.orgId)
      .where(sql`NOT ${t.inviteAccepted}`),
  ],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** 'ABCD-EF23' (0003_members.sql); null for members created before codes existed. */
    enrollmentCode: text('enrollment_code').unique(),
    /** When the invitation was handed to the mailer; null: not sent yet. */
    invitedAt: timestamp('invited_at', tz),
    /** Blocked by conditional access (0008_integrations.sql); removal and deactivation unblock. */
    caBlocked: boolean('ca_blocked').notNull().default(false),
    /** Why the policy quarantined the member (0021; null: not blocked, or blocked before 0021). */
    caReason: text('ca_reason'),
    /** Since when the member is blocked (0021). */
    caBlockedAt: timestamp('ca_blocked_at', tz),
    /** Where the member came from (0016_scim.sql). */
    source: text('source', { enum: MEMBER_SOURCES }).notNull().default('manual'),
    /** Deactivated by SCIM (kept on record, cannot enrol); null: active. */
    deactivatedAt: timestamp('deactivated_at', tz),
    /** The SCIM resource id; null for members not provisioned (or whose resource was deleted). */
    scimId: text('scim_id').unique(),
    scimUserName: text('scim_user_name'),
    scimExternalId: text('scim_external_id'),
    /** The SCIM attributes as provisioned (name, emails, enterprise extension, …). */
    scimAttributes: jsonb('scim_attributes').$type<Record<string, unknown>>(),
    scimUpdatedAt: timestamp('scim_updated_at', tz),
  },
  (t) => [
    check('members_source_check', oneOf(t.source)),
    check(
      'members_ca_reason_check',
      sql`${t.caBlocked} OR (${t.caReason} IS NULL AND ${t.caBlockedAt} IS NULL)`,
    ),
    uniqueIndex('members_org_scim_user_name_idx')
      .on(t.orgId, sql`lower(${t.scimUserName})`)
      .where(sql`${t.scimUserName} IS NOT NULL`),
    index('members_org_scim_external_id_idx')
      .on(t.orgId, t.scimExternalId)
      .where(sql`${t.scimExternalId} IS NOT NULL`),
    index('members_org_scim_order_idx')
      .on(t.orgId, t.id)
      .where(sql`${t.scimId} IS NOT NULL`),
    /** Lets devices reference a member of their own organization only (with a trigger). */
    uniqueIndex('members_org_id_id_idx').on(t.orgId, t.id),
    /** The Members page's order (0017_members_directory.sql). */
    index('members_org_name_order_idx').on(t.orgId, sql`lower(${t.name}) COLLATE "C"`, t.id),
    /** A source filter of the Members page, in its order (0023_lists_under_change.sql). */
    index('members_org_source_name_order_idx').on(
      t.orgId,
      t.source,
      sql`lower(${t.name}) COLLATE "C"`,
      t.id,
    ),
    /** The duplicate rule's case-insensitive look-ups (not unique: duplicates may be re-allowed). */
    index('members_org_lower_email_idx').on(t.orgId, sql`lower(${t.email})`),
    index('members_not_invited_idx')
      .on(t.orgId)
      .where(sql`${t.invitedAt} IS NULL`),
    index('members_ca_blocked_idx')
      .on(t.orgId)
      .where(sql`${t.caBlocked}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the cookie token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    /** Last use, refreshed at most once a minute: the idle timeout counts from here (0009). */
    lastSeenAt: timestamp('last_seen_at', tz).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    /** 'reset' (forgotten password) or 'invite' (a new administrator's first password; 0006). */
    purpose: text('purpose', { enum: PASSWORD_TOKEN_PURPOSES }).notNull().default('reset'),
  },
  (t) => [
    check('password_reset_tokens_purpose_check', oneOf(t.purpose)),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Sign-in throttle counters (0009; server/auth/login-throttle.ts): one row per scope and key. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    scope: text('scope', { enum: SIGN_IN_THROTTLE_SCOPES }).notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', tz).notNull(),
    attempts: integer('attempts').notNull(),
    lockedUntil: timestamp('locked_until', tz),
    strikes: integer('strikes').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', tz),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('login_throttle_scope_check', oneOf(t.scope)),
    check('login_throttle_attempts_check', sql`${t.attempts} >= 0`),
    check('login_throttle_strikes_check', sql`${t.strikes} >= 0`),
    index('login_throttle_window_idx').on(t.windowStart),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', tz).notNull(),
    /** The HTML part and the Message-ID (0010_outbound.sql; null for mails stored before). */
    html: text('html'),
    messageId: text('message_id'),
  },
  (t) => [index('outbox_sent_at_idx').on(t.sentAt)],
);

/** Devices (0002_devices.sql). The member copies and the generated keys are never written. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    code: text('code').notNull().unique(),
    model: text('model'),
    platform: text('platform', { enum: DEVICE_PLATFORMS }),
    osVersion: text('os_version'),
    enrolled: boolean('enrolled').notNull().default(false),
    severity: text('severity', { enum: DEVICE_SEVERITIES }),
    lastScanAt: timestamp('last_scan_at', tz),
    /** Whether the device reported a screen lock (0018_device_facts.sql); null: never reported. */
    screenLock: boolean('screen_lock'),
    /** When the device was last heard from: enrolment, scan or heartbeat (0018_device_facts.sql). */
    lastSeenAt: timestamp('last_seen_at', tz),
    /** SHA-256 of the device API credential (0019_device_api.sql); null: not enrolled by the app. */
    credentialHash: text('credential_hash').unique(),
    /** When the device enrolled through the device API (0019_device_api.sql). */
    enrolledAt: timestamp('enrolled_at', tz),
    /** Set with its member's deactivation (0016_scim.sql); null: active. */
    deactivatedAt: timestamp('deactivated_at', tz),
    /** Copy of members.name (trigger-maintained). */
    memberName: text('member_name').generatedAlwaysAs(sql`member_name`),
    /** Copy of members.email (trigger-maintained). */
    memberEmail: text('member_email').generatedAlwaysAs(sql`member_email`),
    /** Default order: critical first, then warning, secure, no result. */
    severityRank: smallint('severity_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 WHEN 'secure' THEN 2 ELSE 3 END`,
      ),
    /** '17.6.1' -> {17,6,1}, so 9 sorts before 10; anything else sorts first (by its text next). */
    osVersionKey: integer('os_version_key')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN os_version ~ '^[0-9]{1,9}(\\.[0-9]{1,9}){0,5}$'
          THEN string_to_array(os_version, '.')::integer[] ELSE '{}'::integer[] END`,
      ),
  },
  (t) => [
    check('devices_code_check', sql`${t.code} <> ''`),
    check('devices_platform_check', oneOf(t.platform)),
    check('devices_severity_check', oneOf(t.severity)),
    index('devices_member_id_idx').on(t.memberId),
    // One index per order of the device list; each query names exactly these expressions
    // (server/devices/data.ts). Text sort keys use the "C" collation: one order on every machine.
    index('devices_default_order_idx').on(
      t.orgId,
      t.severityRank,
      sql`lower(coalesce(${t.memberName}, '')) COLLATE "C"`,
      sql`${t.code} COLLATE "C"`,
      t.id,
    ),
    index('devices_code_order_idx').on(t.orgId, sql`${t.code} COLLATE "C"`, t.id),
    index('devices_member_name_order_idx').on(
      t.orgId,
      sql`lower(coalesce(${t.memberName}, '')) COLLATE "C"`,
      t.id,
    ),
    index('devices_member_email_order_idx').on(
      t.orgId,
      sql`lower(coalesce(${t.memberEmail}, '')) COLLATE "C"`,
      t.id,
    ),
    index('devices_model_order_idx').on(
      t.orgId,
      sql`lower(coalesce(${t.model}, '')) COLLATE "C"`,
      t.id,
    ),
    index('devices_platform_order_idx').on(
      t.orgId,
      sql`coalesce(${t.platform}, '') COLLATE "C"`,
      t.id,
    ),
    index('devices_os_version_order_idx').on(
      t.orgId,
      t.osVersionKey,
      sql`coalesce(${t.osVersion}, '') COLLATE "C"`,
      t.id,
    ),
    index('devices_enrolled_order_idx').on(t.orgId, t.enrolled, t.id),
    index('devices_last_scan_order_idx').on(
      t.orgId,
      sql`coalesce(${t.lastScanAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
  ],
);

/**
 * What changed in the device lists since a devices_version (0023_lists_under_change.sql): each
 * device as it was before and after one statement, under the version its transaction made; both
 * NULL: too many rows to log, recompute (docs/decisions/055-lists-under-change.md). Written only
 * by the devices_bump_version trigger; kept 10 minutes.
 */
export const deviceListChanges = pgTable(
  'device_list_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    oldRow: jsonb('old_row'),
    newRow: jsonb('new_row'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('device_list_changes_org_version_idx').on(t.orgId, t.version),
    index('device_list_changes_created_at_idx').on(t.createdAt),
  ],
);

/** SSO provider configuration (0004_sso.sql). `clientSecret` is never read into an answer. */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SSO_PROVIDERS }).notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    tenant: text('tenant').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [check('sso_configs_provider_check', oneOf(t.provider))],
);

/**
 * A sign-in through the organization's OpenID Provider, from /api/oauth/login to its callback
 * (server/oidc/): at most 10 minutes, deleted by the callback (single use).
 */
export const oidcTransactions = pgTable(
  'oidc_transactions',
  {
    /** sha256 of the `state` sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    /** sha256 of the browser binding cookie. */
    browserHash: text('browser_hash').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('oidc_transactions_expires_idx').on(t.expiresAt)],
);

/** The development OpenID Provider's signing key and cookie keys (never used in production). */
export const devIdpKeys = pgTable('dev_idp_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', tz).notNull(),
});

/** The simulated identity provider's directory: users, groups and memberships. */
export const ssoDirectoryUsers = pgTable(
  'sso_directory_users',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
  },
  (t) => [unique().on(t.orgId, t.externalId)],
);

export const ssoDirectoryGroups = pgTable(
  'sso_directory_groups',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    unique().on(t.orgId, t.externalId),
    /** The group list's order (keyset pages): name lower-cased in byte order, then the id. */
    index('sso_directory_groups_order_idx').on(
      t.orgId,
      sql`lower(${t.name}) COLLATE "C"`,
      sql`${t.externalId} COLLATE "C"`,
    ),
  ],
);

export const ssoDirectoryGroupMembers = pgTable(
  'sso_directory_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => ssoDirectoryGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => ssoDirectoryUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('sso_directory_group_members_user_idx').on(t.userId),
  ],
);

/**
 * Alerts (0005_alerts.sql). `deviceLabel` and `memberName` are copies taken from the device when
 * the alert is inserted with a `deviceId` (trigger); they stay when the device is deleted.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The public id (the API's scanId). */
    scanId: text('scan_id').notNull().unique(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceLabel: text('device_label').notNull(),
    memberName: text('member_name'),
    alertName: text('alert_name').notNull(),
    /** JSON text of `[{ threat }]`, passed through as written (it may be malformed). */
    alertDescription: text('alert_description').notNull(),
    severity: text('severity').notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('Open'),
    scanTime: timestamp('scan_time', tz).notNull(),
    /** The finding (the app's threat id) that opened it (0019_device_api.sql); null: not a report's. */
    threatId: text('threat_id'),
    /** When a later report of the device no longer had the finding; null: still reported. */
    findingClearedAt: timestamp('finding_cleared_at', tz),
  },
  (t) => [
    check('alerts_scan_id_check', sql`${t.scanId} <> ''`),
    check('alerts_severity_check', sql`${t.severity} <> ''`),
    check('alerts_status_check', oneOf(t.status)),
    // The console's list: newest scan first, then id; with a status filter and without one.
    // (`.desc().nullsFirst()` is SQL's plain DESC; Drizzle's `.desc()` alone means NULLS LAST.)
    index('alerts_status_order_idx').on(t.orgId, t.status, t.scanTime.desc().nullsFirst(), t.id),
    index('alerts_order_idx').on(t.orgId, t.scanTime.desc().nullsFirst(), t.id),
    index('alerts_device_id_idx').on(t.deviceId),
    // A report's look-up of the device's open findings (server/device-api/scans.ts).
    index('alerts_device_open_threat_idx')
      .on(t.deviceId, t.threatId)
      .where(sql`${t.status} = 'Open'`),
  ],
);

/**
 * The reports a device sent through the device API, by the app's report id (0019_device_api.sql):
 * the same id again changes nothing.
 */
export const deviceReports = pgTable(
  'device_reports',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').notNull(),
    receivedAt: timestamp('received_at', tz).notNull(),
    /** What the report said (0026_device_report_facts.sql; null in older rows): the drawer's scans. */
    scannedAt: timestamp('scanned_at', tz),
    osVersion: text('os_version'),
    findings: integer('findings'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.reportId] }),
    index('device_reports_received_at_idx').on(t.receivedAt),
    check('device_reports_findings_check', sql`${t.findings} >= 0`),
    index('device_reports_device_time_idx').on(t.deviceId, t.receivedAt.desc().nullsFirst()),
  ],
);

/**
 * SCIM and MDM credentials (0006_settings.sql): one row per organization and kind while enabled.
 * `secret` is answered only to the organization's administrators; `secretHash` is the lookup key
 * for verifying a presented credential.
 */
export const orgCredentials = pgTable(
  'org_credentials',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDENTIAL_KINDS }).notNull(),
    secret: text('secret').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.kind] }),
    check('org_credentials_kind_check', oneOf(t.kind)),
  ],
);

/** Threat hunter users (0006_settings.sql): provisioned people, not portal sign-ins. */
export const threatHunterUsers = pgTable(
  'threat_hunter_users',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Always stored lower-cased; unique per organization. */
    email: text('email').notNull(),
    accessCode: text('access_code').notNull().unique(),
    status: text('status', { enum: THREAT_HUNTER_STATUSES }).notNull().default('Invited'),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    unique().on(t.orgId, t.email),
    check('threat_hunter_users_email_check', sql`${t.email} = lower(${t.email})`),
    check('threat_hunter_users_status_check', oneOf(t.status)),
  ],
);

/** Demo data steps already applied (server/seed/seed.ts). */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', tz).notNull().defaultNow(),
});

export type Organization = typeof organizations.$inferSelect;
export type User = typeof users.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
export type AlertRow = typeof alerts.$inferSelect;
export type NewAlertRow = typeof alerts.$inferInsert;

/**
 * API keys (0008_integrations.sql): one per organization. Only the sha256 of the key is stored
 * (`keyHash`), plus the display form the Settings card shows ('mdsk_…AbCd').
 */
export const apiKeys = pgTable('api_keys', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  display: text('display').notNull(),
  /** Null: never expires. */
  expiresAt: timestamp('expires_at', tz),
  createdAt: timestamp('created_at', tz).notNull(),
});

/**
 * The public API's request budget per key and minute (0022_api_rate_limits.sql,
 * server/public-api/rate-limit.ts).
 */
export const apiRateLimits = pgTable(
  'api_rate_limits',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', tz).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [check('api_rate_limits_count_check', sql`${t.count} >= 0`)],
);

/**
 * An administrator's own preferences (0027_admin_preferences.sql, server/preferences/): theme and
 * the two tables' column layouts; no row means the defaults.
 */
export const adminPreferences = pgTable(
  'admin_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    deviceColumns: jsonb('device_columns').$type<ColumnLayout>(),
    alertColumns: jsonb('alert_columns').$type<ColumnLayout>(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    check('admin_preferences_theme_check', oneOf(t.theme)),
    index('admin_preferences_org_id_idx').on(t.orgId),
  ],
);

/** Webhook settings (0008_integrations.sql): the signing secret and the verified URL. */
export const webhooks = pgTable(
  'webhooks',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url'),
    /** 'whsec_…', answered to the organization's administrators; never logged. */
    secret: text('secret'),
    updatedAt: timestamp('updated_at', tz).notNull(),
    /** Set when the endpoint answered 410 Gone: no events until the URL is saved again. */
    disabledAt: timestamp('disabled_at', tz),
  },
  (t) => [check('webhooks_check', sql`${t.url} IS NULL OR ${t.secret} IS NOT NULL`)],
);

/** Conditional access configuration and policy (0008_integrations.sql); no row: the defaults. */
export const conditionalAccess = pgTable(
  'conditional_access',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CONDITIONAL_ACCESS_PROVIDERS }),
    tenant: text('tenant'),
    clientId: text('client_id'),
    /** Client secret or the Okta private key (JSON); answered to administrators, never logged. */
    clientSecret: text('client_secret'),
    userExtension: text('user_extension'),
    groupId: text('group_id'),
    active: boolean('active').notNull().default(false),
    alertSeverity: text('alert_severity', { enum: ALERT_SEVERITY_THRESHOLDS })
      .notNull()
      .default(DEFAULT_CONDITIONAL_ACCESS_POLICY.alertSeverity),
    outdatedOSPeriod: text('outdated_os_period', { enum: PERIODS })
      .notNull()
      .default(DEFAULT_CONDITIONAL_ACCESS_POLICY.outdatedOSPeriod),
    deviceIntegrityPeriod: text('device_integrity_period', { enum: PERIODS })
      .notNull()
      .default(DEFAULT_CONDITIONAL_ACCESS_POLICY.deviceIntegrityPeriod),
    screenLockEnabled: boolean('screen_lock_enabled')
      .notNull()
      .default(DEFAULT_CONDITIONAL_ACCESS_POLICY.screenLockEnabled),
    /** Set by the removal request, cleared by the job that processes it. */
    removalRequestedAt: timestamp('removal_requested_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    check('conditional_access_provider_check', oneOf(t.provider)),
    check('conditional_access_alert_severity_check', oneOf(t.alertSeverity)),
    check('conditional_access_outdated_os_period_check', oneOf(t.outdatedOSPeriod)),
    check('conditional_access_device_integrity_period_check', oneOf(t.deviceIntegrityPeriod)),
    index('conditional_access_removal_idx')
      .on(t.removalRequestedAt)
      .where(sql`${t.removalRequestedAt} IS NOT NULL`),
  ],
);

/** E-mail preferences (0008_integrations.sql): a null column is a preference not offered. */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weeklySummary: boolean('weekly_summary'),
    threatAlerts: boolean('threat_alerts'),
    enrollmentEmailsFrequency: text('enrollment_emails_frequency', {
      enum: ENROLLMENT_EMAILS_FREQUENCIES,
    }),
    outdatedOsEmailsFrequency: text('outdated_os_emails_frequency', {
      enum: OUTDATED_OS_EMAILS_FREQUENCIES,
    }),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    check(
      'email_preferences_enrollment_emails_frequency_check',
      oneOf(t.enrollmentEmailsFrequency),
    ),
    check(
      'email_preferences_outdated_os_emails_frequency_check',
      oneOf(t.outdatedOsEmailsFrequency),
    ),
  ],
);

/** Custom e-mail templates (0008_integrations.sql); null subject / body: the default text. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: EMAIL_TEMPLATE_TYPES }).notNull(),
    subject: text('subject'),
    /** As the administrator sent it; composed into plain text by mail/plain-text.ts. */
    body: text('body'),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.type] }),
    check('email_templates_type_check', oneOf(t.type)),
  ],
);

/** Device scan notification preferences per topic (0008_integrations.sql); no row: defaults. */
/**
 * The OS versions seen per organization and platform, each with when it was first seen (0021):
 * outdated OS in the conditional access policy (server/policies/evaluate.ts).
 */
export const osVersionsSeen = pgTable(
  'os_versions_seen',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: DEVICE_PLATFORMS }).notNull(),
    /** The version's numbers without trailing zeros (domain/quarantine.ts, osVersionKey). */
    versionKey: integer('version_key').array().notNull(),
    version: text('version').notNull(),
    firstSeenAt: timestamp('first_seen_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.platform, t.versionKey] }),
    check('os_versions_seen_platform_check', oneOf(t.platform)),
  ],
);

/** Scan reminders sent (0021; server/policies/reminders.ts): e-mails queued, pushes recorded. */
export const scanReminders = pgTable(
  'scan_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_TYPES }).notNull(),
    status: text('status', { enum: SCAN_REMINDER_STATUSES }).notNull(),
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (t) => [
    check('scan_reminders_channel_check', oneOf(t.channel)),
    check('scan_reminders_status_check', oneOf(t.status)),
    index('scan_reminders_member_idx').on(t.memberId, t.sentAt.desc().nullsFirst()),
    index('scan_reminders_org_idx').on(t.orgId, t.sentAt.desc().nullsFirst()),
  ],
);

/**
 * Threat alert e-mails counted per organization and hour (0025_threat_alert_emails.sql;
 * server/alerts/alert-emails.ts): past the cap, the hour's other alerts go into one summary.
 */
export const threatAlertMailWindows = pgTable(
  'threat_alert_mail_windows',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', tz).notNull(),
    emailed: integer('emailed').notNull(),
    firstAlertId: integer('first_alert_id').notNull(),
  },
  (t) => [check('threat_alert_mail_windows_emailed_check', sql`${t.emailed} >= 0`)],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: NOTIFICATION_TOPICS }).notNull(),
    notificationType: text('notification_type', { enum: NOTIFICATION_TYPES }).notNull(),
    deviceIntegrityPeriod: text('device_integrity_period', { enum: PERIODS }).notNull(),
    notificationFrequency: text('notification_frequency', {
      enum: NOTIFICATION_FREQUENCIES,
    }).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.topic] }),
    check('notification_preferences_topic_check', oneOf(t.topic)),
    check('notification_preferences_notification_type_check', oneOf(t.notificationType)),
    check('notification_preferences_device_integrity_period_check', oneOf(t.deviceIntegrityPeriod)),
    check('notification_preferences_notification_frequency_check', oneOf(t.notificationFrequency)),
  ],
);

/**
 * Billing (0007_billing.sql). Stored payment methods: only what a card processor hands back (id,
 * network, last four, expiry), never a card number or CVC. `outcome` is the test processor's
 * behaviour of the card. At most one `isDefault` per organization.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    /** 'pm_' + random. */
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    network: text('network', {
      enum: CARD_NETWORKS,
    }).notNull(),
    lastFour: text('last_four').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    outcome: text('outcome', { enum: TEST_CARD_OUTCOMES }).notNull().default('succeeds'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    check('payment_methods_id_check', sql`${t.id} ~ '^pm_[A-Za-z0-9]{16,64}$'`),
    check('payment_methods_network_check', oneOf(t.network)),
    check('payment_methods_last_four_check', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month_check', sql`${t.expMonth} BETWEEN 1 AND 12`),
    check('payment_methods_exp_year_check', sql`${t.expYear} BETWEEN 2000 AND 2100`),
    check('payment_methods_outcome_check', oneOf(t.outcome)),
    index('payment_methods_org_id_idx').on(t.orgId, t.createdAt),
    /** At most one default payment method per organization. */
    uniqueIndex('payment_methods_default_idx')
      .on(t.orgId)
      .where(sql`${t.isDefault}`),
  ],
);

/** The organization's subscription: the one place of the plan status (no row: 'none'). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: SUBSCRIPTION_STATUSES,
    }).notNull(),
    /** Billed by invoice (custom billing). */
    invoice: boolean('invoice').notNull().default(false),
    /** The next renewal (the trial end while trialing). */
    currentPeriodEnd: timestamp('current_period_end', tz),
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    trialEnd: timestamp('trial_end', tz),
    canceledAt: timestamp('canceled_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull(),
    /** The Stripe subscription this row mirrors (0012; null: offline processor or invoice). */
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** A canceled plan that still runs until then (Stripe's cancel_at_period_end). */
    endsAt: timestamp('ends_at', tz),
    /** Stripe's time of the newest state written: older events change nothing. */
    stripeStateAt: timestamp('stripe_state_at', tz),
  },
  (t) => [
    check('subscriptions_status_check', oneOf(t.status)),
    check('subscriptions_amount_due_cents_check', sql`${t.amountDueCents} >= 0`),
    // Unnamed in 0007_billing.sql: PostgreSQL named them.
    check('subscriptions_check', sql`${t.status} <> 'trialing' OR ${t.trialEnd} IS NOT NULL`),
    check('subscriptions_check1', sql`${t.status} <> 'canceled' OR ${t.canceledAt} IS NOT NULL`),
    check(
      'subscriptions_stripe_subscription_id_check',
      sql`${t.stripeSubscriptionId} ~ '^sub_[A-Za-z0-9]{1,255}$'`,
    ),
  ],
);

/** One Stripe customer per organization (0012), created on first need. */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().unique(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    check('stripe_customers_customer_id_check', sql`${t.customerId} ~ '^cus_[A-Za-z0-9]{1,255}$'`),
  ],
);

/** Stripe events already handled (0012), by id: a replay changes nothing. Not organization data. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** Stripe's `created` of the event. */
    createdAt: timestamp('created_at', tz).notNull(),
    handledAt: timestamp('handled_at', tz).notNull(),
  },
  (t) => [
    check('stripe_events_id_check', sql`${t.id} ~ '^evt_[A-Za-z0-9]{1,255}$'`),
    check('stripe_events_type_check', sql`${t.type} <> ''`),
    index('stripe_events_handled_at_idx').on(t.handledAt),
  ],
);

/** Card setups: the sha256 of a client secret, single use, one hour, scoped to its organization. */
export const cardSetups = pgTable(
  'card_setups',
  {
    secretHash: text('secret_hash').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('card_setups_org_id_idx').on(t.orgId),
    index('card_setups_expires_at_idx').on(t.expiresAt),
    index('card_setups_payment_method_id_idx').on(t.paymentMethodId),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];

/**
 * The job queue (0010_outbound.sql, server/queue/): outbound work inserted in the transaction of
 * the change that causes it, claimed with FOR UPDATE SKIP LOCKED. `runAt` is when a queued job is
 * due, or when a running job's lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', tz).notNull(),
    lockedBy: text('locked_by'),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', tz).notNull(),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [
    check('jobs_status_check', oneOf(t.status)),
    check('jobs_attempts_check', sql`${t.attempts} >= 0`),
    check('jobs_max_attempts_check', sql`${t.maxAttempts} >= 1`),
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} IN ('queued', 'running')`),
    uniqueIndex('jobs_dedupe_key_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_org_id_idx').on(t.orgId),
    index('jobs_finished_at_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} IN ('done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Webhook deliveries (0010_outbound.sql): one per event sent to an organization's endpoint, with
 * the exact signed body and the last attempt's outcome; `webhookId` is the `webhook-id` header.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id').notNull().unique(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventType: text('event_type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', tz).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', tz),
    nextAttemptAt: timestamp('next_attempt_at', tz),
  },
  (t) => [
    check('webhook_deliveries_event_type_check', oneOf(t.eventType)),
    check('webhook_deliveries_status_check', oneOf(t.status)),
    check('webhook_deliveries_attempts_check', sql`${t.attempts} >= 0`),
    index('webhook_deliveries_log_idx').on(t.orgId, t.id.desc().nullsFirst()),
    index('webhook_deliveries_created_at_idx').on(t.createdAt),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Groups pushed by SCIM (0016_scim.sql): the SSO groups screen's groups while SCIM is on. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    check('scim_groups_display_name_check', sql`${t.displayName} <> ''`),
    index('scim_groups_org_order_idx').on(
      t.orgId,
      sql`lower(${t.displayName}) COLLATE "C"`,
      sql`${t.id} COLLATE "C"`,
    ),
  ],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberId] }),
    index('scim_group_members_member_idx').on(t.memberId),
  ],
);

/**
 * The audit log (0013_audit.sql; docs/decisions/018-audit-log.md): per organization, its
 * retention and the head of its hash chain (locked while an event is recorded).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    retention: text('retention', { enum: AUDIT_RETENTIONS }).notNull().default('ONE_YEAR'),
    headSeq: bigint('head_seq', { mode: 'number' }).notNull().default(0),
    headHash: text('head_hash').notNull(),
    /** The hash the head event follows (what its prev_hash is). */
    headPrevHash: text('head_prev_hash'),
  },
  (t) => [
    check('audit_logs_retention_check', oneOf(t.retention)),
    check('audit_logs_head_seq_check', sql`${t.headSeq} >= 0`),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;

/**
 * Audit events: append-only (a trigger refuses UPDATE and DELETE but for the retention job and
 * the organization's deletion), `seq` 1, 2, 3… per organization, `hash` chaining each to the one
 * before (server/audit/chain.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', tz).notNull(),
    actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: text('actor_id').notNull(),
    actorDisplay: text('actor_display').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetDisplay: text('target_display'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    message: text('message'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.seq] }),
    check('audit_events_actor_type_check', oneOf(t.actorType)),
    check('audit_events_outcome_check', oneOf(t.outcome)),
    index('audit_events_actor_idx').on(t.orgId, t.actorType, t.actorId, t.seq),
    index('audit_events_action_idx').on(t.orgId, t.action, t.seq),
    index('audit_events_time_idx').on(t.orgId, t.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Where a retention run cut an organization's chain (the first event kept follows `hash`). */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    deleted: integer('deleted').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.seq] }),
    check('audit_checkpoints_deleted_check', sql`${t.deleted} >= 0`),
  ],
);

/**
 * Change notices of the live console (0020_change_notices.sql, docs/decisions/052-live-console.md):
 * kept a few minutes so a reconnecting console can resume after the last id it saw.
 */
export const changeNotices = pgTable(
  'change_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: NOTICE_TOPICS }).notNull(),
    opened: integer('opened').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('change_notices_topic_check', oneOf(t.topic)),
    check('change_notices_opened_check', sql`${t.opened} >= 0`),
    index('change_notices_org_idx').on(t.orgId, t.id),
    index('change_notices_created_idx').on(t.createdAt),
  ],
);
