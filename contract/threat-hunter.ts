import * as z from 'zod/mini';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { NameEmailBody } from './fields';

/**
 * A threat hunter user (docs/product/settings.md, 'Threat Hunter'); statuses 'Invited', 'Active' …
 */
export const ThreatHunterUser = z.object({
  name: z.string(),
  email: z.string(),
  accessCode: z.string(),
  status: z.string(),
});
export type ThreatHunterUser = z.infer<typeof ThreatHunterUser>;

export const ThreatHunterUserList = z.looseObject({
  ...messageFields,
  threatHunterUsers: z.array(ThreatHunterUser),
});
export type ThreatHunterUserList = z.infer<typeof ThreatHunterUserList>;

export const listThreatHunterUsers = defineEndpoint({
  method: 'GET',
  path: '/threat-hunter/users',
  response: ThreatHunterUserList,
});

export const AddThreatHunterUserBody = NameEmailBody;
export type AddThreatHunterUserBody = NameEmailBody;

export const addThreatHunterUser = defineEndpoint({
  method: 'POST',
  path: '/threat-hunter/user',
  body: AddThreatHunterUserBody,
  response: MessageBody,
});
