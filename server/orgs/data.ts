import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, type Organization } from '../db/schema';

export async function findOrgBySlug(db: Database, slug: string): Promise<Organization | null> {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
  return org ?? null;
}

export async function countOrgs(db: Database): Promise<number> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length;
}
