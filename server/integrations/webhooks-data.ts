/**
 * Webhook settings (`webhooks`): the signing secret (kept retrievable: the card shows it on every
 * visit) and the URL, saved only after a signed test delivery succeeded.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { webhooks } from '../db/schema';

export type WebhookSettings = {
  url: string | null;
  secret: string | null;
};

export async function findWebhook(db: Database, orgId: number): Promise<WebhookSettings> {
  const [row] = await db
    .select({ url: webhooks.url, secret: webhooks.secret })
    .from(webhooks)
    .where(eq(webhooks.orgId, orgId))
    .limit(1);
  return row ?? { url: null, secret: null };
}

/**
 * The organization's secret; `candidate` is stored when there is none. One statement, so two
 * concurrent first requests agree on one secret.
 */
export async function ensureWebhookSecret(
  db: Database,
  orgId: number,
  candidate: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(webhooks)
    .values({ orgId, url: null, secret: candidate, updatedAt: now })
    .onConflictDoUpdate({
      target: webhooks.orgId,
      set: { secret: sql`coalesce(${webhooks.secret}, excluded.secret)` },
    })
    .returning({ secret: webhooks.secret });
  if (!row?.secret) throw new Error('webhook secret vanished while creating it');
  return row.secret;
}

/**
 * Saves the verified URL, if the secret is still the one the test delivery was signed with
 * (a deactivation in between wins). Returns whether it was saved.
 */
export async function saveWebhookUrl(
  db: Database,
  values: { orgId: number; url: string; secret: string; now: Date },
): Promise<boolean> {
  const saved = await db
    .update(webhooks)
    .set({ url: values.url, updatedAt: values.now })
    .where(and(eq(webhooks.orgId, values.orgId), eq(webhooks.secret, values.secret)))
    .returning({ orgId: webhooks.orgId });
  return saved.length > 0;
}

/** Deactivates webhooks: URL and secret are forgotten (the next activation draws a new secret). */
export async function clearWebhook(db: Database, orgId: number): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.orgId, orgId));
}
