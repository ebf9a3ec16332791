/**
 * The development OpenID Provider's data (dev-provider.ts; never used in production): its keys
 * (dev_idp_keys), its clients (the organizations' saved SSO settings that name it as issuer) and
 * the people it can sign in (an organization's administrators and its demo directory).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { devIdpKeys, organizations, ssoConfigs, ssoDirectoryUsers, users } from '../db/schema';
import { issuerFor } from './issuer';

/** The stored value of `name`, made with `make` the first time (also by concurrent processes). */
export async function devIdpKey(
  db: Database,
  name: string,
  make: () => Promise<string>,
  now: Date,
): Promise<string> {
  const [found] = await db.select().from(devIdpKeys).where(eq(devIdpKeys.name, name));
  if (found) return found.value;
  await db
    .insert(devIdpKeys)
    .values({ name, value: await make(), createdAt: now })
    .onConflictDoNothing();
  const [stored] = await db.select().from(devIdpKeys).where(eq(devIdpKeys.name, name));
  if (!stored) throw new Error(`dev_idp_keys has no ${name} after writing it`);
  return stored.value;
}

export interface DevClient {
  orgId: number;
  orgName: string;
  clientSecret: string;
}

/**
 * The client `clientId` of the development provider at `issuer`: the organization whose saved SSO
 * settings have that client id and name this issuer (the most recently saved one, if several do).
 */
export async function findDevClient(
  db: Database,
  clientId: string,
  issuer: string,
): Promise<DevClient | null> {
  const rows = await db
    .select({
      orgId: ssoConfigs.orgId,
      orgName: organizations.name,
      provider: ssoConfigs.provider,
      tenant: ssoConfigs.tenant,
      clientSecret: ssoConfigs.clientSecret,
    })
    .from(ssoConfigs)
    .innerJoin(organizations, eq(organizations.id, ssoConfigs.orgId))
    .where(eq(ssoConfigs.clientId, clientId))
    .orderBy(desc(ssoConfigs.updatedAt), asc(ssoConfigs.orgId));
  const row = rows.find((r) => {
    const resolved = issuerFor(r.provider, r.tenant, { production: false });
    return resolved.ok && resolved.issuer === issuer;
  });
  return row ? { orgId: row.orgId, orgName: row.orgName, clientSecret: row.clientSecret } : null;
}

export interface DevPerson {
  /** The provider's account id (the ID token's `sub`). */
  accountId: string;
  name: string;
  email: string;
  administrator: boolean;
}

/** How many directory people the sign-in page lists at most. */
export const DEV_DIRECTORY_LIMIT = 100;

/** Who can be signed in for an organization: its administrators, then its demo directory. */
export async function devPeopleOf(db: Database, orgId: number): Promise<DevPerson[]> {
  const admins = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(asc(users.id));
  const directory = await db
    .select({
      id: ssoDirectoryUsers.id,
      name: ssoDirectoryUsers.name,
      email: ssoDirectoryUsers.email,
    })
    .from(ssoDirectoryUsers)
    .where(eq(ssoDirectoryUsers.orgId, orgId))
    .orderBy(sql`lower(${ssoDirectoryUsers.name}) COLLATE "C"`, asc(ssoDirectoryUsers.id))
    .limit(DEV_DIRECTORY_LIMIT);
  return [
    ...admins.map((a) => ({
      accountId: `admin-${a.id}`,
      name: a.name,
      email: a.email,
      administrator: true,
    })),
    ...directory.map((d) => ({
      accountId: `person-${d.id}`,
      name: d.name,
      email: d.email,
      administrator: false,
    })),
  ];
}

/** One account by its id (`admin-{user id}` or `person-{directory user id}`), with its org. */
export async function findDevPerson(
  db: Database,
  accountId: string,
): Promise<(DevPerson & { orgId: number }) | null> {
  const match = /^(admin|person)-(\d{1,9})$/.exec(accountId);
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'admin') {
    const [a] = await db
      .select({ name: users.name, email: users.email, orgId: users.orgId })
      .from(users)
      .where(eq(users.id, id));
    return a ? { accountId, ...a, administrator: true } : null;
  }
  const [d] = await db
    .select({
      name: ssoDirectoryUsers.name,
      email: ssoDirectoryUsers.email,
      orgId: ssoDirectoryUsers.orgId,
    })
    .from(ssoDirectoryUsers)
    .where(eq(ssoDirectoryUsers.id, id));
  return d ? { accountId, ...d, administrator: false } : null;
}

/**
 * Points every saved SSO setting that names a development provider on this computer
 * (`http://localhost:PORT/api/dev/idp`, also 127.0.0.1 and [::1]) at this server's provider:
 * the demo seed writes one (Globex) before the server knows its port, and a developer may start
 * the server on another port later. Development only (main.ts), outside any sign-in.
 */
export async function pointDevClientsAt(db: Database, issuer: string): Promise<number> {
  const updated = await db
    .update(ssoConfigs)
    .set({ tenant: issuer })
    .where(
      sql`${ssoConfigs.tenant} ~ '^http://(localhost|127\\.0\\.0\\.1|\\[::1\\]):[0-9]+/api/dev/idp$' AND ${ssoConfigs.tenant} <> ${issuer}`,
    )
    .returning({ orgId: ssoConfigs.orgId });
  return updated.length;
}
