import * as z from 'zod/mini';
import type { WebhookEventType } from '@domain/webhooks';
import { Alert } from './alerts';
import { Device } from './devices';
import { isoDateTime } from './fields';
import { Member } from './members';

/**
 * What a webhook endpoint receives (README, "Webhook events"): one JSON envelope per event,
 * `{ type, timestamp, data }`, where `timestamp` is when the event happened (ISO 8601, UTC) and
 * `data` is the same shape the portal's own calls use for that thing. The body is signed per
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers); the same
 * event keeps its `webhook-id` on every attempt.
 */
function envelope<const T extends WebhookEventType, D extends z.ZodMiniType>(type: T, data: D) {
  return z.object({ type: z.literal(type), timestamp: isoDateTime(), data });
}

/** A new alert of a device scan (`data`: the alerts console's row). */
export const AlertCreatedEvent = envelope('alert.created', Alert);
/** An alert was closed or reopened: one event per alert whose status changed. */
export const AlertUpdatedEvent = envelope('alert.updated', Alert);
/** A device enrolled through the device API (`data`: the dashboard's row as it is now). */
export const DeviceEnrolledEvent = envelope('device.enrolled', Device);
/** A device was unenrolled (`data`: the dashboard's row as it was). */
export const DeviceUnenrolledEvent = envelope('device.unenrolled', Device);
/** A member was added (manually, from a CSV or from the SSO directory, or as the first admin). */
export const MemberCreatedEvent = envelope('member.created', Member);
/** An enrolment invitation to the member was queued for sending. */
export const MemberInvitedEvent = envelope('member.invited', Member);
/**
 * A device's scan report was processed (docs/product/device-api.md): the device as it is now, the
 * report's id and time, how many findings it had and how many alerts it opened (each of those also
 * has its `alert.created` event). A report sent again is not processed again: no second event.
 */
export const ScanCompletedEvent = envelope(
  'scan.completed',
  z.object({
    device: Device,
    reportId: z.string(),
    scannedAt: isoDateTime(),
    findings: z.number(),
    alertsOpened: z.number(),
  }),
);
/** 'Send test event', and the verification of a URL before it is saved. */
export const WebhookTestEvent = envelope('webhook.test', z.object({ message: z.string() }));

export const WebhookEvent = z.discriminatedUnion('type', [
  AlertCreatedEvent,
  AlertUpdatedEvent,
  DeviceEnrolledEvent,
  DeviceUnenrolledEvent,
  MemberCreatedEvent,
  MemberInvitedEvent,
  ScanCompletedEvent,
  WebhookTestEvent,
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
/** The `data` of an event of type `T`. */
export type WebhookEventData<T extends WebhookEventType> = Extract<
  WebhookEvent,
  { type: T }
>['data'];

export const WEBHOOK_TEST_MESSAGE = 'Test event from the admin portal.';
