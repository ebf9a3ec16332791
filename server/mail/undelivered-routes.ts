/**
 * contract/undelivered-emails.ts: the organization's e-mails that failed for good, and 'Resend'
 * of an invitation among them (docs/product/notifications.md, "Undelivered e-mails"). Scoped to
 * the session's organization; nothing secret is answered (./undelivered.ts).
 */
import type { Hono } from 'hono';
import { listUndeliveredEmails, resendUndeliveredEmail } from '@contract/undelivered-emails';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { findOrgAdminByEmail } from '../auth/users';
import { claimInvitations } from '../members/data';
import { enqueueInvitations } from '../members/enqueue-invitations';
import { ADMIN_MESSAGES, requireBaseUrl, sendInvitation } from '../settings/admin-invitations';
import { findUndeliveredEmail, listUndeliveredEmailRows, toUndeliveredEmail } from './undelivered';

export const UNDELIVERED_EMAIL_MESSAGES = {
  notListed: 'This e-mail is not in the list any more: it may have been sent again already.',
  cannotResend:
    'This e-mail cannot be sent again from here. A password reset is asked for again on the sign-in page.',
  memberGone: 'No member of your organization has this e-mail address any more.',
  resent: 'The e-mail is being sent again.',
} as const;

export function undeliveredEmailRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, listUndeliveredEmails, async ({ session }) => ({
    emails: (await listUndeliveredEmailRows(s.db, session.org.id)).map(toUndeliveredEmail),
  }));

  route(app, resendUndeliveredEmail, async ({ body, session, c }) => {
    const id = /^\d{1,15}$/.test(body.id) ? Number(body.id) : null;
    const found = id === null ? null : await findUndeliveredEmail(s.db, session.org.id, id);
    if (!found) throw new HttpError(404, { error: UNDELIVERED_EMAIL_MESSAGES.notListed });
    switch (found.kind) {
      case 'member-invitation': {
        // The member's invitation claimed again, its e-mail queued with the claim (and a
        // `member.invited` event): as 'Email members' does, for this one member.
        const now = s.now();
        const claimed = await claimInvitations(
          s.db,
          session.org.id,
          { email: found.to },
          now,
          enqueueInvitations(s, session.org, now),
        );
        if (claimed.length === 0) {
          throw new HttpError(409, { error: UNDELIVERED_EMAIL_MESSAGES.memberGone });
        }
        break;
      }
      case 'admin-invitation': {
        // A fresh link, as the administrators' Resend sends (its 24-hour rule included).
        const admin = await findOrgAdminByEmail(s.db, session.org.id, found.to);
        if (!admin) throw new HttpError(409, { error: ADMIN_MESSAGES.notAdmin });
        if (admin.inviteAccepted) {
          throw new HttpError(409, { error: ADMIN_MESSAGES.alreadyAccepted });
        }
        await sendInvitation(s, session.org, session.user, admin, requireBaseUrl(c, s));
        break;
      }
      default:
        throw new HttpError(409, { error: UNDELIVERED_EMAIL_MESSAGES.cannotResend });
    }
    return { success: UNDELIVERED_EMAIL_MESSAGES.resent };
  });
}
