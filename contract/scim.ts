import * as z from 'zod/mini';
import { defineEndpoint, messageFields } from './endpoint';

/**
 * The SCIM settings (docs/product/settings.md, 'SCIM'). URL and header are null while SCIM is
 * disabled.
 */
export const ScimConfig = z.looseObject({
  ...messageFields,
  enabled: z.boolean(),
  scimUrl: z.nullable(z.string()),
  /** The Authorization header value the identity provider sends (masked in the UI). */
  authHeader: z.nullable(z.string()),
});
export type ScimConfig = z.infer<typeof ScimConfig>;

export const getScimConfig = defineEndpoint({
  method: 'GET',
  path: '/orgs/scim',
  response: ScimConfig,
});

export const UpdateScimBody = z.object({ enable: z.boolean() });
export type UpdateScimBody = z.infer<typeof UpdateScimBody>;

/** Enables or disables SCIM; enabling answers the new header at once. */
export const updateScimConfig = defineEndpoint({
  method: 'POST',
  path: '/orgs/scim',
  body: UpdateScimBody,
  response: ScimConfig,
});
