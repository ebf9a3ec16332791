import * as z from 'zod/mini';
import { defineEndpoint, messageFields } from './endpoint';
import { URL_MAX_LENGTH } from '@domain/limits';

/** The webhook settings (docs/product/integrations.md, 'Webhooks'): both null while inactive. */
export const Webhook = z.looseObject({
  ...messageFields,
  url: z.nullable(z.string()),
  secret: z.nullable(z.string()),
});
export type Webhook = z.infer<typeof Webhook>;

export const getWebhook = defineEndpoint({
  method: 'GET',
  path: '/orgs/webhook',
  response: Webhook,
});

/**
 * Other save fields are not shown by the spec. The URL must be http(s); the server may also refuse
 * a URL it cannot reach, answering a non-2xx `ErrorBody` whose `error` the card shows.
 */
export const SaveWebhookBody = z.object({
  url: z
    .url({
      protocol: /^https?$/,
      error: 'Enter a valid URL starting with http:// or https://',
    })
    .check(z.maxLength(URL_MAX_LENGTH)),
});
export type SaveWebhookBody = z.infer<typeof SaveWebhookBody>;

export const saveWebhook = defineEndpoint({
  method: 'POST',
  path: '/orgs/webhook',
  body: SaveWebhookBody,
  response: Webhook,
});

/** Deactivates webhooks; answers the now empty config. */
export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  path: '/orgs/webhook',
  response: Webhook,
});

export const WebhookSecret = z.looseObject({ ...messageFields, secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecret>;

/** The signing secret; created on first request (turning the toggle on fetches it). */
export const getWebhookSecret = defineEndpoint({
  method: 'GET',
  path: '/orgs/webhook-secret',
  response: WebhookSecret,
});
