import * as z from 'zod/mini';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { isoDateTime, NameEmailBody } from './fields';

/**
 * An administrator (docs/product/settings.md, 'Administrators'). `inviteSentDate` is an ISO
 * date-time, null when no invite was sent.
 */
export const Admin = z.object({
  name: z.string(),
  email: z.string(),
  inviteAccepted: z.boolean(),
  inviteSentDate: z.nullable(isoDateTime()),
});
export type Admin = z.infer<typeof Admin>;

export const AddAdminBody = NameEmailBody;
export type AddAdminBody = NameEmailBody;

export const addAdmin = defineEndpoint({
  method: 'POST',
  path: '/orgs/add-admin',
  body: AddAdminBody,
  response: MessageBody,
});

export const resendAdminInvite = defineEndpoint({
  method: 'POST',
  path: '/orgs/resend-admin-invite',
  body: AddAdminBody,
  response: MessageBody,
});

export const AdminList = z.looseObject({ ...messageFields, admins: z.array(Admin) });
export type AdminList = z.infer<typeof AdminList>;

export const listAdmins = defineEndpoint({
  method: 'GET',
  path: '/orgs/admins',
  response: AdminList,
});
