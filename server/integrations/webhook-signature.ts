/**
 * Webhook signing. Every delivery carries
 *
 *   X-Webhook-Id:        a unique id of the delivery ('msg_…'), for receivers to drop repeats
 *   X-Webhook-Timestamp: Unix seconds when it was signed
 *   X-Webhook-Signature: 'v1=' + hex HMAC-SHA256, keyed with the secret (the whole 'whsec_…' text
 *                        as UTF-8), of `${timestamp}.${body}` (the exact bytes of the JSON body)
 *
 * A receiver recomputes the HMAC over the raw body it received, compares in constant time and
 * refuses timestamps too far from its clock (replays). {@link verifyWebhookSignature} does that.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_HEADERS = {
  id: 'X-Webhook-Id',
  timestamp: 'X-Webhook-Timestamp',
  signature: 'X-Webhook-Signature',
} as const;

/** Default tolerance of {@link verifyWebhookSignature} between the timestamp and the clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The X-Webhook-Signature value of `body` sent at `timestamp` (Unix seconds, as sent). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.${body}`, 'utf8')
    .digest('hex');
  return `v1=${mac}`;
}

export interface WebhookToVerify {
  secret: string;
  /** X-Webhook-Timestamp as received. */
  timestamp: string;
  /** The raw body as received (not re-serialized JSON). */
  body: string;
  /** X-Webhook-Signature as received; several space- or comma-separated values are allowed. */
  signature: string;
  /** The receiver's clock; omit it to skip the replay window check. */
  now?: Date;
  toleranceSeconds?: number;
}

/** Whether a received delivery was signed with `secret` (constant-time comparison). */
export function verifyWebhookSignature(input: WebhookToVerify): boolean {
  if (!/^\d{1,12}$/.test(input.timestamp)) return false;
  if (input.now) {
    const skew = Math.abs(input.now.getTime() / 1000 - Number(input.timestamp));
    if (skew > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  }
  const expected = Buffer.from(signWebhook(input.secret, input.timestamp, input.body), 'utf8');
  return input.signature
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((candidate) => {
      const given = Buffer.from(candidate, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
