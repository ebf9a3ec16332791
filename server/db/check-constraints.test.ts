/**
 * The database's CHECK constraints against domain/'s value lists
 * (docs/decisions/013-domain-values-and-rules.md): the SQL migrations spell each allowed value a
 * second time, so a value added to a list (or renamed) without a migration, or a migration that
 * narrows a column, fails here instead of at the first INSERT.
 *
 * Reads the constraints of the migrated database (pg_constraint), never the migration files:
 * whatever the migrations did, in whichever order, is what is compared. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL. The comparison of tables, columns and types with
 * server/db/schema.ts is the schema drift test's; this one is about the values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '@domain/accounts';
import * as admins from '@domain/admins';
import * as alerts from '@domain/alerts';
import * as audit from '@domain/audit';
import * as billing from '@domain/billing';
import * as cards from '@domain/cards';
import * as conditionalAccess from '@domain/conditional-access';
import * as credentials from '@domain/credentials';
import * as devices from '@domain/devices';
import * as notifications from '@domain/notifications';
import { PERIODS } from '@domain/periods';
import { THEMES } from '@domain/preferences';
import { SSO_PROVIDERS } from '@domain/sso';
import { JOB_STATUSES } from '@domain/jobs';
import { MEMBER_SOURCES } from '@domain/members';
import { NOTICE_TOPICS } from '@domain/live';
import * as webhooks from '@domain/webhooks';
import type { DatabaseHandle } from '.';
import { openTestDatabase } from '../test-support';

/**
 * Every column whose CHECK constraint allows a list of values, and the domain list it must
 * allow exactly. A new CHECK of that kind needs its line here (the test says so).
 */
const VALUE_LISTS: Record<string, readonly string[]> = {
  'organizations.sso_provider': SSO_PROVIDERS,
  'admin_preferences.theme': THEMES,
  'password_reset_tokens.purpose': accounts.PASSWORD_TOKEN_PURPOSES,
  'login_throttle.scope': accounts.SIGN_IN_THROTTLE_SCOPES,
  'devices.platform': devices.DEVICE_PLATFORMS,
  'devices.severity': devices.DEVICE_SEVERITIES,
  'sso_configs.provider': SSO_PROVIDERS,
  'alerts.status': alerts.ALERT_STATUSES,
  'org_credentials.kind': credentials.CREDENTIAL_KINDS,
  'threat_hunter_users.status': admins.THREAT_HUNTER_STATUSES,
  'payment_methods.network': cards.CARD_NETWORKS,
  'payment_methods.outcome': cards.TEST_CARD_OUTCOMES,
  'subscriptions.status': billing.SUBSCRIPTION_STATUSES,
  'conditional_access.provider': conditionalAccess.CONDITIONAL_ACCESS_PROVIDERS,
  'conditional_access.alert_severity': conditionalAccess.ALERT_SEVERITY_THRESHOLDS,
  'conditional_access.outdated_os_period': PERIODS,
  'conditional_access.device_integrity_period': PERIODS,
  'email_preferences.enrollment_emails_frequency': notifications.ENROLLMENT_EMAILS_FREQUENCIES,
  'email_preferences.outdated_os_emails_frequency': notifications.OUTDATED_OS_EMAILS_FREQUENCIES,
  'email_templates.type': notifications.EMAIL_TEMPLATE_TYPES,
  'notification_preferences.topic': notifications.NOTIFICATION_TOPICS,
  'os_versions_seen.platform': devices.DEVICE_PLATFORMS,
  'scan_reminders.channel': notifications.NOTIFICATION_TYPES,
  'scan_reminders.status': notifications.SCAN_REMINDER_STATUSES,
  'notification_preferences.notification_type': notifications.NOTIFICATION_TYPES,
  'notification_preferences.device_integrity_period': PERIODS,
  'notification_preferences.notification_frequency': notifications.NOTIFICATION_FREQUENCIES,
  'jobs.status': JOB_STATUSES,
  'members.source': MEMBER_SOURCES,
  'change_notices.topic': NOTICE_TOPICS,
  'webhook_deliveries.event_type': webhooks.WEBHOOK_EVENT_TYPES,
  'webhook_deliveries.status': webhooks.WEBHOOK_DELIVERY_STATUSES,
  'audit_logs.retention': audit.AUDIT_RETENTIONS,
  'audit_events.actor_type': audit.AUDIT_ACTOR_TYPES,
  'audit_events.outcome': audit.AUDIT_OUTCOMES,
};

/** Columns whose CHECK constraint is a range of whole numbers, and the range. */
const RANGES: Record<string, readonly [number, number]> = {
  'payment_methods.exp_year': [cards.CARD_EXPIRY_YEAR_MIN, cards.CARD_EXPIRY_YEAR_MAX],
  'payment_methods.exp_month': [1, 12],
};

interface CheckRow {
  table_name: string;
  name: string;
  definition: string;
}

const unquote = (literal: string) => literal.slice(1, -1).replaceAll("''", "'");
/** The text literals of a constraint definition ('Open'::text → Open). */
const literalsOf = (definition: string) =>
  [...definition.matchAll(/('(?:[^']|'')*')::text/g)].map((m) => unquote(m[1] as string));

/**
 * The allowed values of a list constraint, or null for a constraint of another kind. PostgreSQL
 * answers `x IN ('a', 'b')` as `(x = ANY (ARRAY['a'::text, 'b'::text]))` and a one-value list
 * `x IN ('a')` as `(x = 'a'::text)`.
 */
function allowedValues(definition: string): { column: string; values: string[] } | null {
  const list = /^CHECK \(\((\w+) = ANY \(\(?ARRAY\[(.*)\]\)?(?:::text\[\])?\)\)\)$/.exec(
    definition,
  );
  if (list) return { column: list[1] as string, values: literalsOf(list[2] as string) };
  const single = /^CHECK \(\((\w+) = ('(?:[^']|'')*')::text\)\)$/.exec(definition);
  if (single) return { column: single[1] as string, values: [unquote(single[2] as string)] };
  return null;
}

/** `CHECK (((x >= 1) AND (x <= 12)))` → x, 1, 12; null for a constraint of another kind. */
function rangeOf(definition: string): { column: string; min: number; max: number } | null {
  const m = /^CHECK \(\(\((\w+) >= (-?\d+)\) AND \((\w+) <= (-?\d+)\)\)\)$/.exec(definition);
  if (!m || m[1] !== m[3]) return null;
  return { column: m[1] as string, min: Number(m[2]), max: Number(m[4]) };
}

let handle: DatabaseHandle;
let checks: CheckRow[];

beforeAll(async () => {
  handle = await openTestDatabase();
  checks = await handle.runner.transaction((q) =>
    q.query<CheckRow>(
      `SELECT cls.relname AS table_name, con.conname AS name,
              pg_get_constraintdef(con.oid) AS definition
         FROM pg_constraint con
         JOIN pg_class cls ON cls.oid = con.conrelid
         JOIN pg_namespace ns ON ns.oid = cls.relnamespace
        WHERE con.contype = 'c' AND ns.nspname = current_schema()
        ORDER BY cls.relname, con.conname`,
    ),
  );
});

afterAll(async () => {
  await handle?.close();
});

describe('CHECK constraints of the migrated database', () => {
  it('reads them (the query is not silently empty)', () => {
    expect(checks.length).toBeGreaterThan(Object.keys(VALUE_LISTS).length);
  });

  it('every list constraint allows exactly its domain list', () => {
    const seen = new Map<string, string[]>();
    for (const check of checks) {
      const allowed = allowedValues(check.definition);
      if (!allowed) continue;
      const key = `${check.table_name}.${allowed.column}`;
      const list = VALUE_LISTS[key];
      expect(
        list,
        `${key} (${check.name}: ${check.definition}) allows a list of values: add its domain list to VALUE_LISTS`,
      ).toBeDefined();
      expect([...allowed.values].sort(), `${key} (${check.name}) vs its domain list`).toEqual(
        [...(list ?? [])].sort(),
      );
      seen.set(key, allowed.values);
    }
    // A constraint that was dropped (or rewritten into another form) is a difference too.
    expect([...seen.keys()].sort()).toEqual(Object.keys(VALUE_LISTS).sort());
  });

  it('every range constraint is its domain range', () => {
    const seen = new Set<string>();
    for (const check of checks) {
      const range = rangeOf(check.definition);
      if (!range) continue;
      const key = `${check.table_name}.${range.column}`;
      expect(RANGES[key], `${key} (${check.definition}): add its range to RANGES`).toBeDefined();
      expect([range.min, range.max], key).toEqual(RANGES[key]);
      seen.add(key);
    }
    expect([...seen].sort()).toEqual(Object.keys(RANGES).sort());
  });

  it('every value another constraint names on a listed column belongs to its list', () => {
    // E.g. subscriptions: CHECK (status <> 'trialing' OR trial_end IS NOT NULL).
    const named: string[] = [];
    for (const check of checks) {
      if (allowedValues(check.definition)) continue;
      for (const m of check.definition.matchAll(/(\w+) (?:=|<>) ('(?:[^']|'')*')::text/g)) {
        const key = `${check.table_name}.${m[1]}`;
        const list = VALUE_LISTS[key];
        if (!list) continue;
        const value = unquote(m[2] as string);
        expect(list, `${key}: ${check.definition}`).toContain(value);
        named.push(`${key} ${value}`);
      }
    }
    expect(named).toEqual(
      expect.arrayContaining(['subscriptions.status trialing', 'subscriptions.status canceled']),
    );
  });
});

describe('column defaults of the migrated database', () => {
  it('conditional access starts at the domain default policy (docs/product/integrations.md)', async () => {
    const rows = await handle.runner.transaction((q) =>
      q.query<{ column_name: string; column_default: string | null }>(
        `SELECT column_name, column_default FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'conditional_access'
            AND column_name IN ('alert_severity', 'outdated_os_period',
                                'device_integrity_period', 'screen_lock_enabled')`,
      ),
    );
    const defaults = Object.fromEntries(
      rows.map((r) => [r.column_name, (r.column_default ?? '').replace(/^'(.*)'::text$/, '$1')]),
    );
    expect(defaults).toEqual({
      alert_severity: conditionalAccess.DEFAULT_CONDITIONAL_ACCESS_POLICY.alertSeverity,
      outdated_os_period: conditionalAccess.DEFAULT_CONDITIONAL_ACCESS_POLICY.outdatedOSPeriod,
      device_integrity_period:
        conditionalAccess.DEFAULT_CONDITIONAL_ACCESS_POLICY.deviceIntegrityPeriod,
      screen_lock_enabled: String(
        conditionalAccess.DEFAULT_CONDITIONAL_ACCESS_POLICY.screenLockEnabled,
      ),
    });
  });
});
