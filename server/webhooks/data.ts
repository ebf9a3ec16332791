/**
 * The webhook delivery log (`webhook_deliveries`, 0010_outbound.sql): one row per event sent to an
 * organization's endpoint, with the exact body that is signed on every attempt and the last
 * attempt's outcome. Every query is limited to one organization.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { WebhookDelivery } from '@contract/webhook-deliveries';
import type { WebhookDeliveryStatus, WebhookEventType } from '@domain/webhooks';
import type { Database } from '../db';
import { webhookDeliveries, webhooks, type WebhookDeliveryRow } from '../db/schema';

/** The endpoint events go to: null without a saved URL. */
export interface WebhookEndpoint {
  url: string;
  secret: string;
  disabledAt: Date | null;
}

export async function findEndpoint(db: Database, orgId: number): Promise<WebhookEndpoint | null> {
  const [row] = await db
    .select({ url: webhooks.url, secret: webhooks.secret, disabledAt: webhooks.disabledAt })
    .from(webhooks)
    .where(eq(webhooks.orgId, orgId))
    .limit(1);
  if (!row?.url || !row.secret) return null;
  return { url: row.url, secret: row.secret, disabledAt: row.disabledAt };
}

/** An endpoint that answered 410 Gone receives nothing until its URL is saved again. */
export async function disableEndpoint(db: Database, orgId: number, at: Date): Promise<void> {
  await db
    .update(webhooks)
    .set({ disabledAt: at })
    .where(and(eq(webhooks.orgId, orgId), isNull(webhooks.disabledAt)));
}

export async function insertDelivery(
  db: Database,
  values: {
    webhookId: string;
    orgId: number;
    eventType: WebhookEventType;
    body: string;
    createdAt: Date;
  },
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, status: 'pending' })
    .returning();
  return row as WebhookDeliveryRow;
}

export async function findDelivery(
  db: Database,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** A delivery of this organization by its `webhook-id`. */
export async function findOrgDelivery(
  db: Database,
  orgId: number,
  webhookId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.webhookId, webhookId)));
  return row;
}

/** The last `limit` deliveries of the organization, newest first. */
export async function listDeliveries(
  db: Database,
  orgId: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.orgId, orgId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** Records how an attempt ended (in the transaction that records the job's attempt). */
export async function recordAttempt(
  db: Database,
  id: number,
  values: {
    status: WebhookDeliveryStatus;
    attempts: number;
    lastStatusCode: number | null;
    lastDurationMs: number | null;
    lastError: string | null;
    lastAttemptAt: Date;
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** A failed delivery sent again: pending, its attempts counted afresh (the same `webhook-id`). */
export async function restartDelivery(db: Database, id: number): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row as WebhookDeliveryRow;
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.webhookId,
    eventType: row.eventType,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
