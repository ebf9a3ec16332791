/**
 * Webhook events (README, "Webhook events"; payloads: contract/webhook-events.ts). A change that
 * causes events calls {@link emitWebhookEvents} in its own transaction: each event becomes a row of
 * the delivery log and a job of the queue, so the events exist exactly when the change does, and
 * are delivered at least once after it commits (server/webhooks/jobs.ts). An organization without
 * a saved URL, or whose endpoint answered 410 Gone, gets no events.
 */
import type { WebhookEvent } from '@contract/webhook-events';
import type { Database } from '../db';
import type { JobQueue } from '../queue/queue';
import { newWebhookId } from '../integrations/webhook-signature';
import { findEndpoint, insertDelivery } from './data';
import type { WebhookDeliveryRow } from '../db/schema';

export const WEBHOOK_JOB = 'webhook';

export interface WebhookJobPayload {
  /** The delivery log row (its body and `webhook-id` are what every attempt sends). */
  deliveryId: number;
}

/** Queues the delivery of a logged event (a new one, or one sent again with Resend). */
export function enqueueDelivery(
  queue: JobQueue,
  tx: Database,
  delivery: Pick<WebhookDeliveryRow, 'id' | 'orgId'>,
): Promise<number[]> {
  const payload: WebhookJobPayload = { deliveryId: delivery.id };
  return queue.enqueue(tx, { kind: WEBHOOK_JOB, orgId: delivery.orgId, payload: { ...payload } });
}

/**
 * Logs and queues `events` for the organization's endpoint, in the caller's transaction `tx`.
 * Returns the delivery rows (none when the organization has no active endpoint).
 */
export async function emitWebhookEvents(
  queue: JobQueue,
  tx: Database,
  orgId: number,
  events: readonly WebhookEvent[],
): Promise<WebhookDeliveryRow[]> {
  if (events.length === 0) return [];
  const endpoint = await findEndpoint(tx, orgId);
  if (!endpoint || endpoint.disabledAt) return [];
  const rows: WebhookDeliveryRow[] = [];
  for (const event of events) {
    const row = await insertDelivery(tx, {
      webhookId: newWebhookId(),
      orgId,
      eventType: event.type,
      body: JSON.stringify(event),
      createdAt: new Date(event.timestamp),
    });
    await enqueueDelivery(queue, tx, row);
    rows.push(row);
  }
  return rows;
}
