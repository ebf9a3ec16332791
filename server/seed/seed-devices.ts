import { findDemoOrg, runSeedStepOnce } from './seed-step';
/**
 * Demo members and devices (server/seed/README.md), a seed step that runs once per database: on the
 * first start right after the demo organizations are created, and once on a database seeded before
 * devices existed. The step is recorded in `seed_steps`, so it never runs twice; other parts of the
 * demo add rows in steps of their own and never change these.
 *
 * Deterministic: a fixed-seed PRNG and a fixed reference time, so every machine gets the same rows
 * (and the same first page). Acme: 120 members (Dana Lee, seeded earlier, plus 119) and 250
 * devices over every enrolment and severity value, both platforms, some without a member and some
 * without a scan. Globex a handful, Initech a few, Newco none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ENROLLMENT_CODE_ALPHABET } from '@domain/enrolment';
import type { Database } from '../db';
import { devices, members, type NewDeviceRow } from '../db/schema';

export const DEMO_DEVICES_STEP = '0002_demo_devices';
/** The moment the demo data is written against (scan times are offsets before it). */
export const DEMO_REFERENCE_TIME = Date.parse('2026-11-20T14:05:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** mulberry32: a 32-bit seeded generator returning floats in [0, 1). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
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
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof seededRandom>;

const FIRST_NAMES = [
  'Aaliyah',
  'Ahmed',
  'Aiko',
  'Alejandro',
  'Amara',
  'Anders',
  'Ananya',
  'Beatriz',
  'Bogdan',
  'Camille',
  'Chidi',
  'Chloe',
  'Darius',
  'Elena',
  'Emeka',
  'Esther',
  'Farah',
  'Felix',
  'Fatima',
  'Gabriel',
  'Hana',
  'Hugo',
  'Ines',
  'Isaac',
  'Jamal',
  'Javier',
  'Jin',
  'Julia',
  'Kai',
  'Karin',
  'Kwame',
  'Lars',
  'Leila',
  'Lucas',
  'Maya',
  'Mateo',
  'Mei',
  'Mohammed',
  'Nadia',
  'Nikolai',
  'Noor',
  'Olivia',
  'Omar',
  'Pablo',
  'Priya',
  'Quinn',
  'Rafael',
  'Riley',
  'Rosa',
  'Sakura',
  'Samuel',
  'Sofia',
  'Tariq',
  'Tomasz',
  'Uma',
  'Valentina',
  'Wei',
  'Yara',
  'Yusuf',
  'Zoe',
] as const;
const LAST_NAMES = [
  'Abara',
  'Andersson',
  'Bauer',
  'Becker',
  'Brown',
  'Castillo',
  'Chen',
  'Costa',
  'Dubois',
  'Eze',
  'Fernandes',
  'Fischer',
  'Garcia',
  'Haddad',
  'Hansen',
  'Hernandez',
  'Ivanova',
  'Jensen',
  'Kim',
  'Kowalski',
  'Kumar',
  'Larsen',
  'Lopez',
  'Mendes',
  'Moreau',
  'Murphy',
  'Nakamura',
  'Novak',
  'Nguyen',
  "O'Brien",
  'Okafor',
  'Olsen',
  'Park',
  'Patel',
  'Petrov',
  'Quispe',
  'Rahman',
  'Rossi',
  'Santos',
  'Schmidt',
  'Silva',
  'Singh',
  'Suzuki',
  'Tanaka',
  'Torres',
  'Van Dijk',
  'Virtanen',
  'Wagner',
  'Walsh',
  'Wang',
  'Weber',
  'Williams',
  'Yamamoto',
  'Yilmaz',
  'Zhang',
  'Zielinski',
] as const;

const IOS_MODELS = [
  'iPhone 17 Pro',
  'iPhone 17',
  'iPhone 16 Pro Max',
  'iPhone 16',
  'iPhone 15',
  'iPhone 14',
  'iPhone SE (3rd generation)',
  'iPad Air (M2)',
  'iPad (10th generation)',
] as const;
const ANDROID_MODELS = [
  'Pixel 10 Pro',
  'Pixel 9',
  'Pixel 8a',
  'Galaxy S25',
  'Galaxy S24 FE',
  'Galaxy A56',
  'Galaxy A35',
  'OnePlus 13',
  'Xperia 10 VI',
  'moto g 5G (2025)',
] as const;
/** Newest first: an outdated version is likelier on a device that needs fixes. */
const IOS_VERSIONS = ['26.1', '26.0.1', '18.7.2', '18.6', '17.7.10', '16.7.12'] as const;
const ANDROID_VERSIONS = ['16', '15', '14', '13', '12'] as const;

export interface DemoMember {
  name: string;
  email: string;
}

/** A device before member ids are known: `member` indexes the organization's member list. */
export interface DemoDevice extends Omit<NewDeviceRow, 'orgId' | 'memberId'> {
  member: number | null;
}

/** `count` members with distinct names and `first.last@domain` e-mails, `taken` excluded. */
export function demoMembers(
  random: Random,
  count: number,
  domain: string,
  taken: readonly DemoMember[] = [],
): DemoMember[] {
  const used = new Set(taken.map((m) => m.email));
  const out: DemoMember[] = [];
  while (out.length < count) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const email = `${local}@${domain}`;
    if (used.has(email)) continue;
    used.add(email);
    out.push({ name: `${first} ${last}`, email });
  }
  return out;
}

/**
 * `count` devices spread over `memberCount` members: the first `memberCount` devices give every
 * member one, the rest go to random members, about one in twelve to nobody. States: pending
 * (enrolled=false, no device data), lapsed (enrolled=false, the last known data), enrolled without
 * a scan yet, and enrolled with a scan (critical 12%, warning 25%, secure 63%).
 */
export function demoDevices(
  random: Random,
  count: number,
  memberCount: number,
  firstSerial: number,
): DemoDevice[] {
  const out: DemoDevice[] = [];
  for (let i = 0; i < count; i++) {
    const prefix = Array.from({ length: 4 }, () => random.pick([...ENROLLMENT_CODE_ALPHABET])).join(
      '',
    );
    const code = `${prefix}-${String(firstSerial + i).padStart(4, '0')}`;
    const member =
      i < memberCount ? i : random.chance(1 / 12) ? null : random.int(0, memberCount - 1);
    const state = random.next();
    if (state < 0.12) {
      out.push({ code, member, enrolled: false });
      continue;
    }
    const ios = random.chance(0.55);
    const roll = random.next();
    const severity = roll < 0.12 ? 'critical' : roll < 0.37 ? 'warning' : 'secure';
    const versions = ios ? IOS_VERSIONS : ANDROID_VERSIONS;
    // Secure devices run one of the two newest versions; the others any.
    const osVersion =
      severity === 'secure' ? random.pick(versions.slice(0, 2)) : random.pick(versions);
    const device = {
      code,
      member,
      model: random.pick(ios ? IOS_MODELS : ANDROID_MODELS),
      platform: ios ? ('ios' as const) : ('android' as const),
      osVersion,
    };
    if (state < 0.18) {
      // Lapsed: protection removed 1 to 4 months ago; the last result stays on record.
      const lastScanAt = new Date(
        DEMO_REFERENCE_TIME - random.int(30 * 24 * 60, 120 * 24 * 60) * MINUTE,
      );
      out.push({ ...device, enrolled: false, severity, lastScanAt });
    } else if (state < 0.22) {
      // Enrolled in the last hours, no scan report yet.
      out.push({ ...device, enrolled: true });
    } else {
      const lastScanAt = new Date(DEMO_REFERENCE_TIME - random.int(5, 21 * 24 * 60) * MINUTE);
      out.push({ ...device, enrolled: true, severity, lastScanAt });
    }
  }
  return out;
}

interface DemoOrgPlan {
  slug: string;
  /** The demo administrator that marks this organization as the demo one (never production). */
  admin: string;
  domain: string;
  /** Members added; devices go to these and the organization's first member (Dana Lee). */
  newMembers: number;
  devices: number;
}

const PLANS: DemoOrgPlan[] = [
  { slug: 'acme', admin: 'admin@acme.test', domain: 'acme.test', newMembers: 119, devices: 250 },
  {
    slug: 'globex',
    admin: 'sso.admin@globex.test',
    domain: 'globex.test',
    newMembers: 4,
    devices: 6,
  },
  {
    slug: 'initech',
    admin: 'admin@initech.test',
    domain: 'initech.test',
    newMembers: 2,
    devices: 3,
  },
];

/** Runs the demo devices step unless it ran before; returns whether it ran now. */
export async function seedDemoDevices(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_DEVICES_STEP, lock: 72431003, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const random = seededRandom(20261120);
      let serial = 1;
      for (const plan of PLANS) {
        const orgId = await findDemoOrg(tx, { slug: plan.slug, admin: plan.admin });
        // Generated even when skipped, so the other organizations' rows never depend on it.
        const existing =
          orgId !== null
            ? await tx
                .select({ name: members.name, email: members.email })
                .from(members)
                .where(eq(members.orgId, orgId))
                .orderBy(members.id)
            : [];
        const added = demoMembers(random, plan.newMembers, plan.domain, existing);
        const all = [...existing.slice(0, 1), ...added];
        const planned = demoDevices(random, plan.devices, all.length, serial);
        serial += plan.devices;
        if (orgId === null) continue;

        const createdAt = new Date(DEMO_REFERENCE_TIME - 90 * DAY);
        if (added.length > 0) {
          await tx
            .insert(members)
            .values(added.map((m) => ({ orgId, ...m, createdAt })))
            .onConflictDoNothing();
        }
        const ids = new Map(
          (
            await tx
              .select({ id: members.id, email: members.email })
              .from(members)
              .where(
                and(
                  eq(members.orgId, orgId),
                  inArray(
                    members.email,
                    all.map((m) => m.email),
                  ),
                ),
              )
          ).map((m) => [m.email, m.id]),
        );
        await tx
          .insert(devices)
          .values(
            planned.map(({ member, ...device }) => ({
              ...device,
              orgId,
              memberId: member === null ? null : (ids.get(all[member]?.email ?? '') ?? null),
            })),
          )
          .onConflictDoNothing();
      }
    },
  );
}
