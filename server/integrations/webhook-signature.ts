/**
 * Webhook signing per the Standard Webhooks specification (https://www.standardwebhooks.com),
 * through its reference package `standardwebhooks`, so any receiver verifies a delivery with one
 * call (`new Webhook(secret).verify(rawBody, headers)`). Every attempt carries
 *
 *   webhook-id:        the event's id ('msg_…'), the same on every attempt: receivers drop repeats
 *   webhook-timestamp: Unix seconds of this attempt (receivers refuse ones more than 5 minutes off)
 *   webhook-signature: 'v1,' + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed by the
 *                      secret's bytes (the base64 after 'whsec_'), over the exact body bytes sent
 *
 * The secret is 'whsec_' + standard base64 of 32 random bytes (the specification allows 24–64).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;

export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;
}

/** A secret in the specification's format: 'whsec_' + standard base64 of 24–64 bytes. */
export function isWebhookSecret(secret: string): boolean {
  const match = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/.exec(
    secret,
  );
  if (!match) return false;
  const bytes = Buffer.from(match[1] as string, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** A new event id: the `webhook-id` of every attempt to deliver it. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The three signature headers of one attempt, signed at `signedAt`. */
export function signatureHeaders(
  secret: string,
  id: string,
  signedAt: Date,
  body: string,
): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(Math.floor(signedAt.getTime() / 1000)),
    [WEBHOOK_HEADERS.signature]: new Webhook(secret).sign(id, signedAt, body),
  };
}
