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
  /**
   * 'Send enrolment invitations to provisioned members' (default on): a member the identity
   * provider creates gets the enrolment invitation e-mail. Kept while SCIM is disabled.
   */
  sendInvitations: z.boolean(),
});
export type ScimConfig = z.infer<typeof ScimConfig>;

export const getScimConfig = defineEndpoint({
  method: 'GET',
  path: '/orgs/scim',
  response: ScimConfig,
});

/** `sendInvitations` alone changes the option and leaves SCIM as it is. */
export const UpdateScimBody = z.object({
  enable: z.optional(z.boolean()),
  sendInvitations: z.optional(z.boolean()),
});
export type UpdateScimBody = z.infer<typeof UpdateScimBody>;

/** Enables or disables SCIM, or sets the invitation option; enabling answers the new header at once. */
export const updateScimConfig = defineEndpoint({
  method: 'POST',
  path: '/orgs/scim',
  body: UpdateScimBody,
  response: ScimConfig,
});
