/**
 * Sending an administrator their invitation (used by contract/admins.ts's routes and by 'Resend'
 * of an undelivered invitation, server/mail/undelivered-routes.ts): the 24-hour rule, the link and
 * the e-mail's job.
 */
import type { Context } from 'hono';
import { INVITE_RESEND_WINDOW_SECONDS } from '@domain/admins';
import type { Services } from '../deps';
import { HttpError } from '../http/http-error';
import type { Organization, User } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { hashToken, newToken } from '../auth/tokens';
import { claimInvite } from './admins-data';
import { insertResetToken, revokeInviteTokens } from '../auth/password-resets';
import { mailJob } from '../mail/jobs';

const WINDOW_MS = INVITE_RESEND_WINDOW_SECONDS * 1000;

export const ADMIN_MESSAGES = {
  alreadyAdmin:
    'This e-mail address already belongs to an administrator. Each address can administer one organization.',
  notAdmin: 'No administrator of your organization has this e-mail address.',
  alreadyAccepted: 'This administrator has already accepted the invitation.',
  sendFailed: 'Failed to send email. The invitation can be sent again with Resend.',
  noPublicUrl: 'Invitation links cannot be built: the server has no PUBLIC_URL configured.',
} as const;

export function resendTooSoonMessage(waitMs: number): string {
  const hours = Math.max(1, Math.ceil(waitMs / (60 * 60 * 1000)));
  return `An invitation was sent less than 24 hours ago. It can be sent again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
}

export function requireBaseUrl(c: Context, s: Services): string {
  const base = publicBaseUrl(c, s);
  if (!base) {
    s.logger.error('[admins] PUBLIC_URL is not set: refusing to build an invitation link');
    throw new HttpError(503, { error: ADMIN_MESSAGES.noPublicUrl });
  }
  return base;
}

/**
 * Sends a pending administrator a fresh invitation: claims the send (the 24-hour window, checked
 * and recorded in one statement), then replaces earlier links with a new one and writes the
 * e-mail's job in one transaction. The answer does not wait for the e-mail: one that fails for
 * good gives the claim back (the previous send date returns, so Resend is offered again) and ends
 * its link (server/mail/jobs.ts).
 */
export async function sendInvitation(
  s: Services,
  org: Organization,
  inviter: User,
  admin: User,
  base: string,
): Promise<void> {
  const now = s.now();
  const claim = await claimInvite(s.db, admin.id, now, WINDOW_MS);
  if (!claim) {
    const last = admin.inviteSentAt?.getTime() ?? now.getTime();
    const waitMs = Math.max(1000, last + WINDOW_MS - now.getTime());
    throw new HttpError(
      429,
      { error: resendTooSoonMessage(waitMs) },
      { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
    );
  }
  const token = newToken();
  const tokenHash = hashToken(token);
  await s.db.transaction(async (tx) => {
    await revokeInviteTokens(tx, admin.id, now);
    await insertResetToken(tx, { tokenHash, userId: admin.id, now, purpose: 'invite' });
    await s.queue.enqueue(
      tx,
      mailJob(
        'admin-invitation',
        admin.email,
        {
          orgName: org.name,
          ssoProvider: org.ssoProvider ?? null,
          name: admin.name,
          invitedBy: inviter.name,
          link: `${base}/update-password/${token}`,
          tokenHash,
          adminId: admin.id,
          claimedAt: now.toISOString(),
          previousSentAt: claim.previous?.toISOString() ?? null,
        },
        org.id,
      ),
    );
  });
}
