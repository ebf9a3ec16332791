import * as z from 'zod/mini';
import { EMAIL_KINDS } from '@domain/mail';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { idField, isoDateTime } from './fields';

/**
 * Undelivered e-mails (Settings › Notifications; docs/product/notifications.md, "Undelivered
 * e-mails"): the organization's e-mails that failed for good (after their last attempt, or at once
 * for a permanent refusal) in the last 30 days, newest first, and 'Resend' for the invitations.
 * Never a link or a code: only what kind of e-mail, to whom, when and why.
 */
export const UndeliveredEmail = z.object({
  /** The e-mail's job id. */
  id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  /** The recipient's address. */
  to: z.string(),
  /** When its last attempt failed. */
  failedAt: isoDateTime(),
  attempts: z.number().check(z.int(), z.minimum(1)),
  /** Why, as the mail server answered it in short ('SMTP 550 (permanent)'); never its text. */
  reason: z.string(),
  /** Whether 'Resend' is offered (invitations an administrator started). */
  canResend: z.boolean(),
});
export type UndeliveredEmail = z.infer<typeof UndeliveredEmail>;

export const UndeliveredEmails = z.looseObject({
  ...messageFields,
  emails: z.array(UndeliveredEmail),
});
export type UndeliveredEmails = z.infer<typeof UndeliveredEmails>;

export const listUndeliveredEmails = defineEndpoint({
  method: 'GET',
  path: '/orgs/notifications/undelivered-emails',
  response: UndeliveredEmails,
});

export const ResendUndeliveredEmailBody = z.object({ id: idField() });
export type ResendUndeliveredEmailBody = z.infer<typeof ResendUndeliveredEmailBody>;

/**
 * Sends the invitation again (a new link for an administrator, the member's code for a member);
 * it leaves the list. 404 when it is not listed any more, 409 when it cannot be sent again.
 */
export const resendUndeliveredEmail = defineEndpoint({
  method: 'POST',
  path: '/orgs/notifications/undelivered-emails/resend',
  body: ResendUndeliveredEmailBody,
  response: MessageBody,
});
