import { findDemoOrg, runSeedStepOnce } from './seed-step';
/**
 * The simulated identity provider's directory (server/seed/README.md), a seed step that runs once
 * per database (recorded in `seed_steps`, like the demo devices), after the demo devices step.
 *
 * Globex (SSO through okta): 60 directory users with @globex.test e-mails and 40 groups. The
 * first 4 users are Globex's existing members (the review screen marks them as duplicates); they
 * are only in 'Field Ops', 'Executive Team' and 'All Staff'. 'Engineering' (12 people) and
 * 'Platform' (7) share exactly 3 people; 'All Staff' holds all 60; every other group 3–15 people
 * drawn with a fixed-seed PRNG, so every machine gets the same directory. Globex also gets its
 * provider configuration: a client of the development OpenID Provider (server/oidc/
 * dev-provider.ts), which main.ts points at the server's own address at every start.
 * Acme (no SSO until an administrator sets it up): 12 users, among them its member Dana Lee, and
 * 5 groups.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db';
import {
  members,
  ssoConfigs,
  ssoDirectoryGroupMembers,
  ssoDirectoryGroups,
  ssoDirectoryUsers,
} from '../db/schema';
import { DEMO_REFERENCE_TIME, demoMembers, seededRandom, type DemoMember } from './seed-devices';

export const DEMO_SSO_STEP = '0003_demo_sso_directory';
/** Globex's settings of databases seeded before the development OpenID Provider existed. */
export const DEMO_SSO_DEV_PROVIDER_STEP = '0009_demo_sso_dev_provider';

/**
 * Globex signs in through the development OpenID Provider: a published client secret (the demo
 * data never exists in production), and the provider's issuer on the default port (main.ts
 * rewrites the port to the server's own at start: dev-provider-data.ts, `pointDevClientsAt`).
 */
export const GLOBEX_SSO_SETTINGS = {
  provider: 'okta',
  clientId: 'globex-portal',
  clientSecret: 'globex-development-secret',
  tenant: 'http://localhost:8080/api/dev/idp',
} as const;
/** What the seed wrote before (a provider that never existed). */
const OLD_GLOBEX_TENANT = 'globex.okta.example';

/** Two groups sharing members, for the end-to-end test of de-duplication. */
export const OVERLAPPING_GROUPS = { first: 'Engineering', second: 'Platform', shared: 3 } as const;

export const GLOBEX_GROUP_NAMES = [
  'All Staff',
  'Engineering',
  'Platform',
  'Mobile Engineering',
  'Data Science',
  'QA',
  'Site Reliability',
  'Security',
  'IT Helpdesk',
  'Product Management',
  'Design',
  'Sales EMEA',
  'Sales Americas',
  'Sales APAC',
  'Sales Engineering',
  'Customer Success',
  'Support Tier 1',
  'Support Tier 2',
  'Marketing',
  'Marketing Events',
  'Field Ops',
  'Logistics',
  'Warehouse Leads',
  'Procurement',
  'Finance',
  'Payroll',
  'Legal',
  'Compliance',
  'People',
  'Recruiting',
  'Executive Team',
  'Board Liaison',
  'Facilities',
  'Office London',
  'Office Berlin',
  'Office Austin',
  'Office Singapore',
  'Contractors',
  'Interns 2026',
  'BYOD Pilot',
] as const;

const ACME_GROUP_NAMES = ['Everyone', 'Engineering', 'Sales', 'Support', 'Leadership'] as const;

interface DirectoryPlan {
  users: DemoMember[];
  /** Group name → indexes into `users`. */
  groups: Array<{ name: string; members: number[] }>;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Globex's directory; `existing` are its members (up to 4 go first, as duplicates). */
export function globexDirectory(existing: readonly DemoMember[]): DirectoryPlan {
  const random = seededRandom(20261121);
  const first = existing.slice(0, 4);
  const people = [...first, ...demoMembers(random, 60 - first.length, 'globex.test', first)];
  const others = range(first.length, people.length);
  const sample = (count: number) => {
    const pool = [...others];
    const out: number[] = [];
    while (out.length < count) out.push(...pool.splice(random.int(0, pool.length - 1), 1));
    return out.sort((a, b) => a - b);
  };
  const groups = GLOBEX_GROUP_NAMES.map((name) => {
    switch (name) {
      case 'All Staff':
        return { name, members: range(0, people.length) };
      // 12 people, then 7 of which the first 3 are Engineering's last 3.
      case 'Engineering':
        return { name, members: range(4, 16) };
      case 'Platform':
        return { name, members: range(13, 20) };
      case 'Field Ops':
        return { name, members: [...range(0, first.length), ...sample(6)] };
      case 'Executive Team':
        return { name, members: [0, 1, ...range(56, 60)] };
      default:
        return { name, members: sample(random.int(3, 15)) };
    }
  });
  return { users: people, groups };
}

function acmeDirectory(existing: readonly DemoMember[]): DirectoryPlan {
  const random = seededRandom(20261122);
  const first = existing.slice(0, 1);
  const people = [...first, ...demoMembers(random, 11, 'acme.test', existing)];
  return {
    users: people,
    groups: ACME_GROUP_NAMES.map((name, g) => ({
      name,
      members: g === 0 ? range(0, people.length) : range((g - 1) * 2, (g - 1) * 2 + 5),
    })),
  };
}

/** Okta-style ids ('00u…' users, '00g…' groups), fixed per organization and position. */
const externalId = (kind: 'u' | 'g', slug: string, index: number) =>
  `00${kind}${slug}${String(index + 1).padStart(4, '0')}`;

const PLANS = [
  { slug: 'globex', admin: 'sso.admin@globex.test', build: globexDirectory, config: true },
  { slug: 'acme', admin: 'admin@acme.test', build: acmeDirectory, config: false },
] as const;

/** Runs the SSO directory step unless it ran before; returns whether it ran now. */
export async function seedDemoSsoDirectory(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_SSO_STEP, lock: 72431004, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      for (const plan of PLANS) {
        const orgId = await findDemoOrg(tx, { slug: plan.slug, admin: plan.admin });
        if (orgId === null) continue;
        const existing = await tx
          .select({ name: members.name, email: members.email })
          .from(members)
          .where(eq(members.orgId, orgId))
          .orderBy(asc(members.id))
          .limit(4);
        const directory = plan.build(existing);
        const userRows = await tx
          .insert(ssoDirectoryUsers)
          .values(
            directory.users.map((u, i) => ({
              orgId: orgId,
              externalId: externalId('u', plan.slug, i),
              name: u.name,
              email: u.email,
            })),
          )
          .returning({ id: ssoDirectoryUsers.id });
        const groupRows = await tx
          .insert(ssoDirectoryGroups)
          .values(
            directory.groups.map((g, i) => ({
              orgId: orgId,
              externalId: externalId('g', plan.slug, i),
              name: g.name,
            })),
          )
          .returning({ id: ssoDirectoryGroups.id });
        await tx.insert(ssoDirectoryGroupMembers).values(
          directory.groups.flatMap((g, i) =>
            g.members.map((m) => ({
              groupId: groupRows[i]?.id as number,
              userId: userRows[m]?.id as number,
            })),
          ),
        );
        if (plan.config) {
          await tx
            .insert(ssoConfigs)
            .values({
              orgId: orgId,
              ...GLOBEX_SSO_SETTINGS,
              updatedAt: new Date(DEMO_REFERENCE_TIME),
            })
            .onConflictDoNothing();
        }
      }
    },
  );
}

/**
 * Databases seeded before the development OpenID Provider existed: Globex's settings named a
 * provider that never existed; point them at the development provider. Once per database, and
 * only while the settings are still the seeded ones.
 */
export async function seedDemoSsoDevProvider(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_SSO_DEV_PROVIDER_STEP, lock: 72431009, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const orgId = await findDemoOrg(tx, { slug: 'globex', admin: 'sso.admin@globex.test' });
      if (orgId === null) return;
      await tx
        .update(ssoConfigs)
        .set({ ...GLOBEX_SSO_SETTINGS })
        .where(and(eq(ssoConfigs.orgId, orgId), eq(ssoConfigs.tenant, OLD_GLOBEX_TENANT)));
    },
  );
}
