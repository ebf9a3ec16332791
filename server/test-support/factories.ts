/**
 * Test data factories: an organization with what a test needs, in one call, written straight into
 * the test's database (the way the demo seed and `POST /dev/orgs` write theirs).
 *
 *   const example = await makeOrg(t, { name: 'Example', members: 3, devices: 12, alerts: 5 });
 *   await t.call('GET', '/api/orgs', { cookie: example.cookie });
 *
 * Every option has a sensible default (an active plan with a visa card on file, one administrator
 * with TEST_PASSWORD, a session for them in `cookie`); counts make varied rows, lists describe rows
 * one by one (missing fields filled in like generated ones). Deterministic: generated names, codes,
 * models and times come from a generator seeded by the organization's slug and from the test
 * clock, so the same call makes the same rows on every run. Assert on what you passed in or on
 * what the factory returned, never on the demo seed (server/seed/README.md, tests in server/seed/).
 */
import { eq } from 'drizzle-orm';
import type {
  UpdateEmailPreferencesBody,
  UpdateNotificationPreferencesBody,
} from '@contract/notifications';
import type {
  SaveConditionalAccessConfigBody,
  UpdatePolicyBody,
} from '@contract/conditional-access';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';
import { TRIAL_DAYS } from '@domain/billing';
import type { CardNetwork, TestCardOutcome } from '@domain/cards';
import type { CredentialKind } from '@domain/credentials';
import type { DevicePlatform, DeviceSeverity } from '@domain/devices';
import { ENROLLMENT_CODE_ALPHABET } from '@domain/enrolment';
import type { SsoProvider } from '@domain/sso';
import type { ThreatHunterStatus } from '@domain/admins';
import type { Database } from '../db';
import {
  alerts,
  apiKeys,
  conditionalAccess,
  devices,
  emailPreferences,
  emailTemplates,
  members,
  notificationPreferences,
  orgCredentials,
  organizations,
  paymentMethods,
  ssoConfigs,
  ssoDirectoryGroupMembers,
  ssoDirectoryGroups,
  ssoDirectoryUsers,
  subscriptions,
  threatHunterUsers,
  users,
  webhooks,
  type SubscriptionStatus,
} from '../db/schema';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { apiKeyDisplay, addUtcMonths } from '../integrations/api-key';
import { PLAN_PRICE_CENTS } from '../billing/plan';

/** The password of every administrator a factory makes (unless a test chooses another). */
export const TEST_PASSWORD = 'Test-Passw0rd!';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the factories write into and read the time from: a test app, or a bare database. */
export interface FactoryTarget {
  db: Database;
  clock?: { now(): Date };
  /** Production apps name the session cookie `__Host-portal_session`. */
  production?: boolean;
}

export interface AdminSpec {
  name?: string;
  email?: string;
  /** Null: no password (signs in through SSO only, or a pending invitation). */
  password?: string | null;
  blocked?: boolean;
  /** Invited, not accepted yet: no password; `inviteSentAt` is when the invitation went out. */
  pending?: boolean;
  inviteSentAt?: Date | null;
}

export interface MemberSpec {
  name?: string;
  email?: string;
  /** Null: a member made before codes existed (one is drawn when first e-mailed). */
  code?: string | null;
  invitedAt?: Date | null;
  caBlocked?: boolean;
}

export interface DeviceSpec {
  code?: string;
  /** Index into the organization's members; null: no member. */
  member?: number | null;
  model?: string | null;
  platform?: DevicePlatform | null;
  osVersion?: string | null;
  enrolled?: boolean;
  severity?: DeviceSeverity | null;
  lastScanAt?: Date | null;
}

export interface AlertSpec {
  /** Index into the organization's devices (a device with a model and a scan by default). */
  device?: number;
  name?: string;
  /** As stored: JSON of `[{threat}]`, or anything else (a malformed description). */
  description?: string;
  severity?: string;
  status?: 'Open' | 'Closed';
  scanTime?: Date;
  scanId?: string;
}

export interface DirectorySpec {
  /** The first N members of the organization are in the directory too (same name and e-mail). */
  memberUsers?: number;
  /** More directory users, generated (after the member ones in `users`). */
  users?: number;
  /** Groups by name; `users` are indexes into the directory's users, or 'all'. */
  groups?: Array<{ name: string; users: number[] | 'all' }>;
}

export interface ThreatHunterSpec {
  name?: string;
  email?: string;
  accessCode?: string;
  status?: ThreatHunterStatus;
}

export type PlanSpec =
  | SubscriptionStatus
  | 'invoice'
  | {
      status: SubscriptionStatus;
      invoice?: boolean;
      currentPeriodEnd?: Date | null;
      amountDueCents?: number;
      trialEnd?: Date | null;
      canceledAt?: Date | null;
    };

export interface CardSpec {
  network?: CardNetwork;
  lastFour?: string;
  expMonth?: number;
  expYear?: number;
  outcome?: TestCardOutcome;
}

export interface OrgOptions {
  name?: string;
  /** Default: the name in lower case without spaces (what the lookup screen makes of it). */
  slug?: string;
  apiAccess?: boolean;
  threatHunterAccess?: boolean;
  /** The first administrator (the one `cookie` is for). */
  admin?: AdminSpec;
  /** More administrators, after the first. */
  admins?: AdminSpec[];
  /** An SSO provider with its configuration row. */
  sso?:
    | SsoProvider
    | { provider: SsoProvider; clientId?: string; clientSecret?: string; tenant?: string };
  /** Default 'active'. */
  plan?: PlanSpec;
  /** The default card; default visa 4242 unless the plan is 'none' or billed by invoice. */
  card?: CardSpec | null;
  members?: number | MemberSpec[];
  devices?: number | DeviceSpec[];
  alerts?: number | AlertSpec[];
  directory?: DirectorySpec;
  threatHunters?:
    | number
    | Array<{ name?: string; email?: string; accessCode?: string; status?: ThreatHunterStatus }>;
  /** Enabled SCIM / MDM integrations (their credentials in `credentials`). */
  credentials?: CredentialKind[];
  /** An API key (the organization also gets API access); `expiresAt` null: never. */
  apiKey?: true | { expiresAt?: Date | null; createdAt?: Date };
  webhook?: { url?: string | null; secret?: string };
  conditionalAccess?: Partial<SaveConditionalAccessConfigBody> &
    Partial<UpdatePolicyBody> & { blockedMembers?: number[]; removalRequestedAt?: Date };
  emailPreferences?: UpdateEmailPreferencesBody;
  notificationPreferences?: UpdateNotificationPreferencesBody;
  emailTemplate?: { subject: string | null; body: string | null };
}

export interface TestAdmin {
  id: number;
  name: string;
  email: string;
  password: string | null;
}

export interface TestMember {
  id: number;
  name: string;
  email: string;
  enrollmentCode: string | null;
}

export interface TestDevice {
  id: number;
  code: string;
  memberId: number | null;
  memberName: string | null;
  memberEmail: string | null;
  model: string | null;
  platform: DevicePlatform | null;
  osVersion: string | null;
  enrolled: boolean;
  severity: DeviceSeverity | null;
  lastScanAt: Date | null;
}

export interface TestAlert {
  scanId: string;
  deviceId: number;
  alertName: string;
  alertDescription: string;
  severity: string;
  alertStatus: 'Open' | 'Closed';
  scanTime: Date;
}

export interface TestOrg {
  id: number;
  name: string;
  slug: string;
  admin: TestAdmin;
  /** Every administrator, the first one first. */
  admins: TestAdmin[];
  /** A session of the first administrator (made directly, as a sign-in would). */
  cookie: string;
  members: TestMember[];
  devices: TestDevice[];
  /** Newest scan first, as the console lists them. */
  alerts: TestAlert[];
  directory: {
    users: Array<{ id: string; name: string; email: string }>;
    groups: Array<{ id: string; name: string; userIds: string[] }>;
  };
  threatHunters: Array<{
    name: string;
    email: string;
    accessCode: string;
    status: ThreatHunterStatus;
  }>;
  paymentMethods: Array<{ id: string; network: CardNetwork; lastFour: string }>;
  credentials: Partial<Record<CredentialKind, string>>;
  /** The usable API key, when the factory made one. */
  apiKey: string | null;
  /** A new session of an administrator of this organization (the first one by default). */
  session(admin?: TestAdmin): Promise<string>;
}

// prettier-ignore
const FIRST_NAMES = [
  'Aiko', 'Amara', 'Bogdan', 'Camille', 'Chidi', 'Darius', 'Elena', 'Farah', 'Felix', 'Hana',
  'Hugo', 'Ines', 'Jamal', 'Julia', 'Kai', 'Kwame', 'Leila', 'Marta', 'Nikolai', 'Olu', 'Priya',
  'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Viktor', 'Wen', 'Yusuf', 'Zoe',
] as const;
// prettier-ignore
const LAST_NAMES = [
  'Abara', 'Berg', 'Castillo', 'Dubois', 'Eze', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Sato',
  'Tanaka', 'Ueda', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zielinski',
] as const;
const IOS = {
  models: ['iPhone 16 Pro', 'iPhone 15', 'iPhone SE (3rd generation)', 'iPad Air (M2)'],
  /** Newest first. */
  versions: ['18.2', '18.1.1', '17.7.10', '16.7.12', '9.3.6'],
} as const;
const ANDROID = {
  models: ['Pixel 9', 'Galaxy S24', 'moto g 5G', 'OnePlus 12', 'Xperia 10 VI'],
  versions: ['15', '14', '13', '12', '10'],
} as const;
/** Scanned devices' severities in turn: all three soon, secure the most common. */
// prettier-ignore
const SEVERITY_TURNS: readonly DeviceSeverity[] = [
  'critical', 'secure', 'warning', 'secure', 'secure', 'warning', 'secure',
];
/**
 * Device states in turn (10 devices show all of them): scanned, pending (not enrolled, no data),
 * lapsed (not enrolled, the last result kept), enrolled without a scan yet.
 */
// prettier-ignore
const STATE_TURNS = [
  'scanned', 'scanned', 'pending', 'scanned', 'lapsed', 'scanned', 'unscanned', 'scanned',
  'scanned', 'pending',
] as const;
/** The alert severities: the ones with a badge, and one without (the default style). */
export const OTHER_ALERT_SEVERITY = 'Informational';
const ALERT_SEVERITIES = [...KNOWN_ALERT_SEVERITIES, OTHER_ALERT_SEVERITY] as const;
const ALERT_KINDS: Record<string, { name: string; threats: string[] }> = {
  Critical: { name: 'Malicious app detected', threats: ['Trojan dropper', 'Credential stealer'] },
  High: { name: 'Phishing link blocked', threats: ['Look-alike login page', 'Credential form'] },
  Suspicious: { name: 'Unusual network activity', threats: ['Beacon to a new domain'] },
  Low: { name: 'Outdated OS', threats: ['Security patch missing', 'End of support'] },
  Informational: { name: 'Profile installed', threats: ['Configuration profile added'] },
};

/** mulberry32, seeded from a text: the same slug makes the same rows. */
function generator(text: string) {
  let state = 0;
  for (const ch of text) state = (Math.imul(state ^ ch.charCodeAt(0), 0x9e3779b1) + 7) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    code: () => {
      const chars = Array.from(
        { length: 8 },
        () => ENROLLMENT_CODE_ALPHABET[Math.floor(next() * 32)],
      );
      return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
    },
    hex: (length: number) =>
      Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}
type Generator = ReturnType<typeof generator>;

/** Slugs made so far per database, so organizations without a name get distinct ones. */
const made = new WeakMap<Database, number>();

/** Distinct `First Last` people with `first.last@domain` e-mails, none of `taken`. */
function people(random: Generator, count: number, domain: string, taken: Set<string>) {
  const out: Array<{ name: string; email: string }> = [];
  while (out.length < count) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    let email = `${first}.${last}@${domain}`.toLowerCase();
    for (let n = 2; taken.has(email); n++) email = `${first}.${last}${n}@${domain}`.toLowerCase();
    taken.add(email);
    out.push({ name: `${first} ${last}`, email });
  }
  return out;
}

function subscriptionOf(plan: PlanSpec, now: Date) {
  const spec = typeof plan === 'string' ? { status: plan } : plan;
  const invoice = spec.status === 'invoice' || ('invoice' in spec && spec.invoice === true);
  const status: SubscriptionStatus = spec.status === 'invoice' ? 'active' : spec.status;
  if (status === 'none') return null;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const defaults = {
    active: { currentPeriodEnd: at(20 * DAY), trialEnd: null, canceledAt: null },
    trialing: {
      currentPeriodEnd: at(TRIAL_DAYS * DAY),
      trialEnd: at(TRIAL_DAYS * DAY),
      canceledAt: null,
    },
    canceled: { currentPeriodEnd: at(-12 * DAY), trialEnd: null, canceledAt: at(-12 * DAY) },
    past_due: { currentPeriodEnd: at(-2 * DAY), trialEnd: null, canceledAt: null },
    unpaid: { currentPeriodEnd: at(-9 * DAY), trialEnd: null, canceledAt: null },
    incomplete: { currentPeriodEnd: at(-1 * DAY), trialEnd: null, canceledAt: null },
  }[status];
  return {
    status,
    invoice,
    amountDueCents: invoice ? 0 : PLAN_PRICE_CENTS,
    ...defaults,
    ...(typeof plan === 'object' ? withoutUndefined(plan) : {}),
    ...(spec.status === 'invoice' ? { status: 'active' as const, invoice: true } : {}),
    updatedAt: now,
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An organization and everything asked for, in one transaction. */
export async function makeOrg(target: FactoryTarget, options: OrgOptions = {}): Promise<TestOrg> {
  const { db } = target;
  const now = target.clock?.now() ?? new Date();
  const index = (made.get(db) ?? 0) + 1;
  made.set(db, index);
  const name = options.name ?? `Test Org ${index}`;
  const slug = options.slug ?? name.toLowerCase().replace(/\s+/g, '');
  const domain = `${slug.replace(/[^a-z0-9.-]/g, '') || 'org'}.test`;
  const random = generator(slug);

  const adminSpecs: AdminSpec[] = [options.admin ?? {}, ...(options.admins ?? [])];
  // Hash each distinct password once (cheap test parameters, but a call may make many admins).
  const hashes = new Map<string, string>();
  for (const spec of adminSpecs) {
    const password = spec.pending
      ? null
      : spec.password === undefined
        ? TEST_PASSWORD
        : spec.password;
    if (password !== null && !hashes.has(password)) {
      hashes.set(password, await hashPassword(password, TEST_SCRYPT_PARAMS));
    }
  }

  const org = await db.transaction(async (tx) => {
    const sso = typeof options.sso === 'string' ? { provider: options.sso } : options.sso;
    const [row] = await tx
      .insert(organizations)
      .values({
        name,
        slug,
        ssoProvider: sso?.provider ?? null,
        apiAccess: options.apiAccess ?? options.apiKey !== undefined,
        threatHunterAccess: options.threatHunterAccess ?? options.threatHunters !== undefined,
        createdAt: new Date(now.getTime() - 90 * DAY),
      })
      .returning({ id: organizations.id });
    const orgId = row!.id;

    const admins: TestAdmin[] = [];
    for (const [i, spec] of adminSpecs.entries()) {
      const password = spec.pending
        ? null
        : spec.password === undefined
          ? TEST_PASSWORD
          : spec.password;
      const adminName = spec.name ?? (i === 0 ? 'Alex Admin' : `Admin Number${i + 1}`);
      const email = (
        spec.email ?? (i === 0 ? `admin@${domain}` : `admin${i + 1}@${domain}`)
      ).toLowerCase();
      const [user] = await tx
        .insert(users)
        .values({
          orgId,
          name: adminName,
          email,
          passwordHash: password === null ? null : (hashes.get(password) ?? null),
          loginBlocked: spec.blocked ?? false,
          inviteAccepted: !spec.pending,
          inviteSentAt: spec.pending ? (spec.inviteSentAt ?? null) : null,
          createdAt: new Date(now.getTime() - 90 * DAY + i * MINUTE),
        })
        .returning({ id: users.id });
      admins.push({ id: user!.id, name: adminName, email, password });
    }

    if (sso) {
      await tx.insert(ssoConfigs).values({
        orgId,
        provider: sso.provider,
        clientId: sso.clientId ?? `${slug}-client-id`,
        clientSecret: sso.clientSecret ?? `${slug}-client-secret`,
        tenant: sso.tenant ?? `${slug}.${sso.provider === 'okta' ? 'okta.com' : 'onmicrosoft.com'}`,
        updatedAt: now,
      });
    }

    // Billing: the subscription (none: no row) and the default card.
    const plan = options.plan ?? 'active';
    const subscription = subscriptionOf(plan, now);
    if (subscription) await tx.insert(subscriptions).values({ orgId, ...subscription });
    const wantsCard = subscription !== null && !subscription.invoice;
    const card = options.card === undefined ? (wantsCard ? {} : null) : options.card;
    const cards: TestOrg['paymentMethods'] = [];
    if (card) {
      const method = {
        id: `pm_${random.hex(24)}`,
        network: card.network ?? 'visa',
        lastFour: card.lastFour ?? '4242',
      };
      await tx.insert(paymentMethods).values({
        ...method,
        orgId,
        expMonth: card.expMonth ?? 12,
        expYear: card.expYear ?? now.getUTCFullYear() + 3,
        outcome: card.outcome ?? 'succeeds',
        isDefault: true,
        createdAt: now,
      });
      cards.push(method);
    }

    // Members.
    const memberSpecs: MemberSpec[] =
      typeof options.members === 'number'
        ? Array.from({ length: options.members }, () => ({}))
        : (options.members ?? []);
    const taken = new Set(memberSpecs.flatMap((m) => (m.email ? [m.email.toLowerCase()] : [])));
    const generated = people(random, memberSpecs.filter((m) => !m.email).length, domain, taken);
    const codes = new Set<string>();
    const newCode = () => {
      let code = random.code();
      while (codes.has(code)) code = random.code();
      codes.add(code);
      return code;
    };
    let nextPerson = 0;
    const memberValues = memberSpecs.map((spec, i) => {
      const person = spec.email ? null : generated[nextPerson++];
      return {
        orgId,
        name: spec.name ?? person?.name ?? `Member ${i + 1}`,
        email: spec.email ?? person!.email,
        enrollmentCode: spec.code === undefined ? newCode() : spec.code,
        invitedAt: spec.invitedAt ?? null,
        caBlocked: spec.caBlocked ?? false,
        createdAt: new Date(now.getTime() - 60 * DAY + i * MINUTE),
      };
    });
    const memberRows = memberValues.length
      ? await tx.insert(members).values(memberValues).returning({ id: members.id })
      : [];
    const orgMembers: TestMember[] = memberValues.map((m, i) => ({
      id: memberRows[i]!.id,
      name: m.name,
      email: m.email,
      enrollmentCode: m.enrollmentCode,
    }));

    // Devices.
    const deviceSpecs: DeviceSpec[] =
      typeof options.devices === 'number'
        ? Array.from({ length: options.devices }, () => ({}))
        : (options.devices ?? []);
    let scanned = 0;
    const deviceValues = deviceSpecs.map((spec, i) => {
      const state = STATE_TURNS[i % STATE_TURNS.length]!;
      const ios = i === 0 ? true : i === 1 ? false : random.next() < 0.55;
      const kind = ios ? IOS : ANDROID;
      const severity = SEVERITY_TURNS[scanned++ % SEVERITY_TURNS.length]!;
      const osVersion =
        severity === 'secure' ? random.pick(kind.versions.slice(0, 2)) : random.pick(kind.versions);
      const defaultMember =
        orgMembers.length === 0
          ? null
          : i < orgMembers.length
            ? i
            : i % 12 === 11
              ? null
              : random.int(0, orgMembers.length - 1);
      const memberIndex = spec.member === undefined ? defaultMember : spec.member;
      const withData = state !== 'pending';
      const generatedDevice = {
        model: withData ? random.pick(kind.models) : null,
        platform: withData ? (ios ? 'ios' : 'android') : null,
        osVersion: withData ? osVersion : null,
        enrolled: state === 'scanned' || state === 'unscanned',
        severity: state === 'scanned' || state === 'lapsed' ? severity : null,
        lastScanAt:
          state === 'scanned'
            ? new Date(now.getTime() - random.int(5, 21 * 24 * 60) * MINUTE)
            : state === 'lapsed'
              ? new Date(now.getTime() - random.int(30 * 24 * 60, 120 * 24 * 60) * MINUTE)
              : null,
      } as const;
      const memberId = memberIndex === null ? null : (orgMembers[memberIndex]?.id ?? null);
      return {
        orgId,
        memberId,
        code: spec.code ?? newCode(),
        model: spec.model === undefined ? generatedDevice.model : spec.model,
        platform: spec.platform === undefined ? generatedDevice.platform : spec.platform,
        osVersion: spec.osVersion === undefined ? generatedDevice.osVersion : spec.osVersion,
        enrolled: spec.enrolled ?? generatedDevice.enrolled,
        severity: spec.severity === undefined ? generatedDevice.severity : spec.severity,
        lastScanAt: spec.lastScanAt === undefined ? generatedDevice.lastScanAt : spec.lastScanAt,
      };
    });
    const deviceRows = deviceValues.length
      ? await tx.insert(devices).values(deviceValues).returning({ id: devices.id })
      : [];
    const orgDevices: TestDevice[] = deviceValues.map((d, i) => {
      const member = orgMembers.find((m) => m.id === d.memberId);
      return {
        ...d,
        id: deviceRows[i]!.id,
        memberName: member?.name ?? null,
        memberEmail: member?.email ?? null,
      };
    });

    // Alerts: on devices with a model and a scan, newest first, whole minutes hours apart.
    const alertSpecs: AlertSpec[] =
      typeof options.alerts === 'number'
        ? Array.from({ length: options.alerts }, () => ({}))
        : (options.alerts ?? []);
    const scannedDevices = orgDevices
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.model !== null && d.lastScanAt !== null)
      .sort((a, b) => (a.d.code < b.d.code ? -1 : 1));
    const withMember = scannedDevices.filter(({ d }) => d.memberId !== null);
    const withoutMember = scannedDevices.filter(({ d }) => d.memberId === null);
    let minutesBefore = 0;
    const alertValues = alertSpecs.map((spec, i) => {
      minutesBefore += random.int(3 * 60, 8 * 60);
      const pool =
        i % 10 === 9 && withoutMember.length
          ? withoutMember
          : withMember.length
            ? withMember
            : scannedDevices;
      const deviceIndex = spec.device ?? pool[random.int(0, pool.length - 1)]?.i;
      if (deviceIndex === undefined) {
        throw new Error('makeOrg: alerts need devices with a model and a scan (devices: n)');
      }
      const severity = spec.severity ?? ALERT_SEVERITIES[i % ALERT_SEVERITIES.length]!;
      const kind = ALERT_KINDS[severity] ?? ALERT_KINDS.Informational!;
      const threats = kind.threats.slice(0, 1 + (i % kind.threats.length));
      return {
        orgId,
        scanId: spec.scanId ?? `scan_${random.hex(16)}`,
        deviceId: orgDevices[deviceIndex]!.id,
        // The BEFORE INSERT trigger writes the device's label and member.
        deviceLabel: '',
        alertName: spec.name ?? kind.name,
        alertDescription: spec.description ?? JSON.stringify(threats.map((threat) => ({ threat }))),
        severity,
        status: spec.status ?? (i % 3 === 2 ? ('Closed' as const) : ('Open' as const)),
        scanTime: spec.scanTime ?? new Date(now.getTime() - minutesBefore * MINUTE),
      };
    });
    if (alertValues.length) await tx.insert(alerts).values(alertValues);
    const orgAlerts: TestAlert[] = alertValues
      .map((a) => ({
        scanId: a.scanId,
        deviceId: a.deviceId,
        alertName: a.alertName,
        alertDescription: a.alertDescription,
        severity: a.severity,
        alertStatus: a.status,
        scanTime: a.scanTime,
      }))
      .sort((a, b) => b.scanTime.getTime() - a.scanTime.getTime());

    // The identity provider's directory.
    const directory: TestOrg['directory'] = { users: [], groups: [] };
    if (options.directory) {
      const spec = options.directory;
      const fromMembers = orgMembers
        .slice(0, spec.memberUsers ?? 0)
        .map((m) => ({ name: m.name, email: m.email }));
      const takenEmails = new Set([
        ...orgMembers.map((m) => m.email),
        ...fromMembers.map((m) => m.email),
      ]);
      const others = people(random, spec.users ?? 0, domain, takenEmails);
      const people_ = [...fromMembers, ...others];
      const userRows = people_.length
        ? await tx
            .insert(ssoDirectoryUsers)
            .values(people_.map((p, i) => ({ orgId, externalId: `u-${slug}-${i + 1}`, ...p })))
            .returning({ id: ssoDirectoryUsers.id, externalId: ssoDirectoryUsers.externalId })
        : [];
      directory.users = people_.map((p, i) => ({ id: userRows[i]!.externalId, ...p }));
      for (const [g, group] of (spec.groups ?? []).entries()) {
        const [groupRow] = await tx
          .insert(ssoDirectoryGroups)
          .values({ orgId, externalId: `g-${slug}-${g + 1}`, name: group.name })
          .returning({ id: ssoDirectoryGroups.id, externalId: ssoDirectoryGroups.externalId });
        const indexes = group.users === 'all' ? people_.map((_, i) => i) : group.users;
        if (indexes.length) {
          await tx
            .insert(ssoDirectoryGroupMembers)
            .values(indexes.map((i) => ({ groupId: groupRow!.id, userId: userRows[i]!.id })));
        }
        directory.groups.push({
          id: groupRow!.externalId,
          name: group.name,
          userIds: indexes.map((i) => userRows[i]!.externalId),
        });
      }
    }

    // Threat hunter users.
    const hunterSpecs: ThreatHunterSpec[] =
      typeof options.threatHunters === 'number'
        ? Array.from({ length: options.threatHunters }, () => ({}))
        : (options.threatHunters ?? []);
    const hunterPeople = people(random, hunterSpecs.length, domain, new Set());
    const threatHunters = hunterSpecs.map((spec, i) => ({
      name: spec.name ?? hunterPeople[i]!.name,
      email: (spec.email ?? hunterPeople[i]!.email).toLowerCase(),
      accessCode: spec.accessCode ?? `TH-${newCode()}`,
      status: spec.status ?? ('Invited' as const),
    }));
    if (threatHunters.length) {
      await tx
        .insert(threatHunterUsers)
        .values(threatHunters.map((h) => ({ orgId, ...h, createdAt: now })));
    }

    // SCIM and MDM credentials.
    const credentials: TestOrg['credentials'] = {};
    for (const kind of options.credentials ?? []) {
      const token = Buffer.from(random.hex(64), 'hex').toString('base64url');
      const secret = kind === 'scim' ? `Bearer ${token}` : token;
      await tx
        .insert(orgCredentials)
        .values({ orgId, kind, secret, secretHash: hashToken(secret), createdAt: now });
      credentials[kind] = secret;
    }

    // Integrations and notifications.
    let apiKey: string | null = null;
    if (options.apiKey) {
      const spec = options.apiKey === true ? {} : options.apiKey;
      apiKey = `mdsk_${Buffer.from(random.hex(64), 'hex').toString('base64url')}`;
      await tx.insert(apiKeys).values({
        orgId,
        keyHash: hashToken(apiKey),
        display: apiKeyDisplay(apiKey),
        expiresAt: spec.expiresAt === undefined ? addUtcMonths(now, 12) : spec.expiresAt,
        createdAt: spec.createdAt ?? now,
      });
    }
    if (options.webhook) {
      await tx.insert(webhooks).values({
        orgId,
        url: options.webhook.url ?? null,
        secret:
          options.webhook.secret ??
          `whsec_${Buffer.from(random.hex(64), 'hex').toString('base64url')}`,
        updatedAt: now,
      });
    }
    if (options.conditionalAccess) {
      const { blockedMembers = [], ...ca } = options.conditionalAccess;
      await tx.insert(conditionalAccess).values({ orgId, ...ca, updatedAt: now });
      for (const i of blockedMembers) {
        const member = orgMembers[i];
        if (!member) throw new Error(`makeOrg: no member ${i} to block`);
        await tx.update(members).set({ caBlocked: true }).where(eq(members.id, member.id));
      }
    }
    if (options.emailPreferences) {
      await tx
        .insert(emailPreferences)
        .values({ orgId, ...options.emailPreferences, updatedAt: now });
    }
    if (options.notificationPreferences) {
      await tx.insert(notificationPreferences).values({
        orgId,
        topic: 'OpenAppToScan',
        ...options.notificationPreferences,
        updatedAt: now,
      });
    }
    if (options.emailTemplate) {
      await tx
        .insert(emailTemplates)
        .values({ orgId, type: 'OrgEnrollment', ...options.emailTemplate, updatedAt: now });
    }

    return {
      id: orgId,
      admins,
      members: orgMembers,
      devices: orgDevices,
      alerts: orgAlerts,
      directory,
      threatHunters,
      paymentMethods: cards,
      credentials,
      apiKey,
    };
  });

  const session = async (admin: TestAdmin = org.admins[0]!) => {
    const { token } = await createSession(db, admin.id, target.clock?.now() ?? new Date());
    return `${target.production ? '__Host-' : ''}portal_session=${token}`;
  };
  return {
    ...org,
    name,
    slug,
    admin: org.admins[0]!,
    cookie: await session(),
    session,
  };
}
