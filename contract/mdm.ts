import * as z from 'zod/mini';
import { defineEndpoint, messageFields } from './endpoint';

/** The MDM settings (docs/product/settings.md, 'MDM'). The token is null while MDM is disabled. */
export const MdmConfig = z.looseObject({
  ...messageFields,
  enabled: z.boolean(),
  token: z.nullable(z.string()),
});
export type MdmConfig = z.infer<typeof MdmConfig>;

export const getMdmConfig = defineEndpoint({
  method: 'GET',
  path: '/orgs/mdm',
  response: MdmConfig,
});

export const UpdateMdmBody = z.object({ enable: z.boolean() });
export type UpdateMdmBody = z.infer<typeof UpdateMdmBody>;

export const updateMdmConfig = defineEndpoint({
  method: 'POST',
  path: '/orgs/mdm',
  body: UpdateMdmBody,
  response: MdmConfig,
});
