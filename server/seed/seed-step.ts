import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { organizations, seedSteps, users } from '../db/schema';

export type SeedTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SeedStep {
  /** Recorded in `seed_steps`; a step whose name is there never runs again. */
  name: string;
  /** Advisory lock key, so two processes starting together run the step once. */
  lock: number;
  appliedAt: Date;
}

/**
 * Runs a demo-data step once, in one transaction: later starts (and a second process starting at
 * the same moment) find its name in `seed_steps` and skip it. Returns whether it ran now.
 */
export function runSeedStepOnce(
  db: Database,
  step: SeedStep,
  body: (tx: SeedTransaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${step.lock})`);
    const recorded = await tx
      .insert(seedSteps)
      .values({ name: step.name, appliedAt: step.appliedAt })
      .onConflictDoNothing()
      .returning({ name: seedSteps.name });
    if (recorded.length === 0) return false;
    await body(tx);
    return true;
  });
}

/**
 * The id of a demo organization, recognised by its slug and its demo administrator, so a seed
 * step never touches an organization that merely shares a slug with the demo. Null when absent.
 */
export async function findDemoOrg(
  tx: SeedTransaction,
  demo: { slug: string; admin: string },
): Promise<number | null> {
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(users, eq(users.orgId, organizations.id))
    .where(and(eq(organizations.slug, demo.slug), eq(users.email, demo.admin)))
    .limit(1);
  return org?.id ?? null;
}
