/**
 * Demo data, written once: only when the database holds no organization. Later starts keep all
 * data as it is.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { members, organizations, users } from '../db/schema';
import { hashPassword, DEFAULT_SCRYPT_PARAMS, type ScryptParams } from '../auth/passwords';

export const DEMO_PASSWORD = 'Portal-Demo-1!';

export interface DemoSignIn {
  org: string;
  email: string;
  /** Null: signs in through the (development) identity provider. */
  password: string | null;
  note: string;
}

/** Printed by main.ts at start-up. */
export const DEMO_SIGN_INS: DemoSignIn[] = [
  {
    org: 'acme',
    email: 'admin@acme.test',
    password: DEMO_PASSWORD,
    note: 'password sign-in, plan active (visa 4242)',
  },
  {
    org: 'acme',
    email: 'blocked@acme.test',
    password: DEMO_PASSWORD,
    note: 'refused by a login policy (403)',
  },
  {
    org: 'globex',
    email: 'sso.admin@globex.test',
    password: null,
    note: 'SSO (okta) through the development IdP, billed by invoice',
  },
  {
    org: 'initech',
    email: 'admin@initech.test',
    password: DEMO_PASSWORD,
    note: 'plan canceled (update-billing banner)',
  },
  {
    org: 'newco',
    email: 'owner@newco.test',
    password: DEMO_PASSWORD,
    note: "plan status 'none', no card (update-payment banner: welcome, trial)",
  },
];

/** Seeds the demo organizations when the database is empty; returns whether it did. */
export async function seedIfEmpty(
  db: Database,
  options: { scrypt?: ScryptParams } = {},
): Promise<boolean> {
  const isEmpty = async (q: Pick<Database, 'select'>) =>
    (await q.select({ id: organizations.id }).from(organizations).limit(1)).length === 0;
  if (!(await isEmpty(db))) return false;
  // One hash of the public demo password serves every demo account: the password is printed at
  // start-up anyway, and hashing it once keeps the first start fast (one scrypt instead of four).
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.scrypt ?? DEFAULT_SCRYPT_PARAMS);

  return db.transaction(async (tx) => {
    // Serializes concurrent first starts against one Postgres (PGlite is single-process anyway).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72431002)`);
    if (!(await isEmpty(tx))) return false;

    const [acme, globex, initech, newco] = await tx
      .insert(organizations)
      .values([
        // Their subscriptions (plan statuses) and cards: the billing seed step (seed-billing.ts).
        { name: 'Acme', slug: 'acme', apiAccess: true, threatHunterAccess: true },
        { name: 'Globex', slug: 'globex', ssoProvider: 'okta' },
        { name: 'Initech', slug: 'initech' },
        { name: 'Newco', slug: 'newco' },
      ])
      .returning({ id: organizations.id });
    if (!acme || !globex || !initech || !newco)
      throw new Error('seed: organizations were not created');

    await tx.insert(users).values([
      { orgId: acme.id, name: 'Avery Admin', email: 'admin@acme.test', passwordHash },
      {
        orgId: acme.id,
        name: 'Blake Blocked',
        email: 'blocked@acme.test',
        passwordHash,
        loginBlocked: true,
      },
      { orgId: globex.id, name: 'Sam Sso', email: 'sso.admin@globex.test', passwordHash: null },
      { orgId: initech.id, name: 'Ida Admin', email: 'admin@initech.test', passwordHash },
      { orgId: newco.id, name: 'Noa Owner', email: 'owner@newco.test', passwordHash },
    ]);
    await tx
      .insert(members)
      .values([{ orgId: acme.id, name: 'Dana Lee', email: 'dana.lee@acme.test' }]);
    return true;
  });
}
