import * as z from 'zod/mini';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@domain/webhooks';
import { defineEndpoint, messageFields } from './endpoint';
import { idField, isoDateTime } from './fields';

/**
 * The webhook delivery log (Settings › Integrations › Webhook settings; docs/product/integrations.md,
 * "Webhook delivery log").
 * The last deliveries to the organization's endpoint, newest first, each with its state and its
 * last attempt; 'Resend' on a failed one; 'Send test event'.
 */

const count = () => z.number().check(z.int(), z.minimum(0));

export const WebhookDelivery = z.object({
  /** The event's `webhook-id` ('msg_…'), the same on every attempt. */
  id: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  /** When the event happened. */
  createdAt: isoDateTime(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: count(),
  /** The last answer's HTTP status; null before the first attempt or when none came. */
  lastStatusCode: z.nullable(z.number().check(z.int())),
  lastDurationMs: z.nullable(count()),
  /** Why the last attempt failed (never the URL); null after a success. */
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(isoDateTime()),
  /** When a retrying delivery is tried next. */
  nextAttemptAt: z.nullable(isoDateTime()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryLog = z.looseObject({
  ...messageFields,
  deliveries: z.array(WebhookDelivery),
  /** Set when the endpoint answered 410 Gone: no events go out until the URL is saved again. */
  disabledAt: z.nullable(isoDateTime()),
});
export type WebhookDeliveryLog = z.infer<typeof WebhookDeliveryLog>;

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/orgs/webhook/deliveries',
  response: WebhookDeliveryLog,
});

export const ResendWebhookDeliveryBody = z.object({ id: idField() });
export type ResendWebhookDeliveryBody = z.infer<typeof ResendWebhookDeliveryBody>;

/** A delivery just queued (resent, or the new test event): it shows at once in the log. */
export const QueuedWebhookDelivery = z.looseObject({ ...messageFields, delivery: WebhookDelivery });
export type QueuedWebhookDelivery = z.infer<typeof QueuedWebhookDelivery>;

/** Sends a failed delivery again (same event, same `webhook-id`); 409 unless it failed. */
export const resendWebhookDelivery = defineEndpoint({
  method: 'POST',
  path: '/orgs/webhook/deliveries/resend',
  body: ResendWebhookDeliveryBody,
  response: QueuedWebhookDelivery,
});

/** Queues a `webhook.test` event to the saved URL; 409 without one. */
export const sendWebhookTestEvent = defineEndpoint({
  method: 'POST',
  path: '/orgs/webhook/test-event',
  response: QueuedWebhookDelivery,
});
