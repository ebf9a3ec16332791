/**
 * Webhook events and their delivery log (docs/product/integrations.md, "Webhook events"): which
 * events an organization's endpoint receives, the states of a delivery, and how many the log keeps
 * in view.
 */

/**
 * The event types (README, "Webhook events"). `webhook.test` is the test event: sent when a URL
 * is saved (to verify it) and by 'Send test event'.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alert.created',
  'alert.updated',
  'device.enrolled',
  'device.unenrolled',
  'member.created',
  'member.invited',
  'scan.completed',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * A delivery's state: `pending` until its first attempt ends, `delivered` after a 2xx answer,
 * `retrying` while attempts remain after a failed one, `failed` after the last attempt (or at
 * once when the endpoint was disabled or removed meanwhile).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Sending',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** The delivery log shows this many deliveries, newest first. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 50;

/** Only a failed delivery can be sent again ('Resend'). */
export function canResendDelivery(delivery: { status: WebhookDeliveryStatus }): boolean {
  return delivery.status === 'failed';
}
