import * as z from 'zod/mini';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@domain/limits';
import { defineEndpoint, MessageBody } from './endpoint';

/** Organization lookup (docs/product/sign-in.md, 'Organization lookup'): slug → sso. */
export const LookupResult = z.object({
  sso: z.boolean(),
  /**
   * The same flag under the name the SSO tab reads (docs/product/settings.md, 'Single sign-on').
   */
  hasSSO: z.boolean(),
});
export type LookupResult = z.infer<typeof LookupResult>;

export const lookupOrg = defineEndpoint({
  method: 'POST',
  path: '/orgs/lookup',
  body: z.object({
    slug: z.string().check(z.minLength(1), z.maxLength(ORGANIZATION_NAME_MAX_LENGTH)),
  }),
  response: LookupResult,
  public: true,
});

/** POST /orgs creates an organization. Its payload ("org data") is not shown by the spec. */
export const CreateOrgBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(ORGANIZATION_NAME_MAX_LENGTH)),
  slug: z.optional(z.string().check(z.minLength(1), z.maxLength(ORGANIZATION_NAME_MAX_LENGTH))),
});
export type CreateOrgBody = z.infer<typeof CreateOrgBody>;

export const createOrg = defineEndpoint({
  method: 'POST',
  path: '/orgs',
  body: CreateOrgBody,
  response: MessageBody,
});
