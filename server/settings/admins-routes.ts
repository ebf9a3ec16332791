/**
 * contract/admins.ts: the organization's administrators, inviting a new one and resending a
 * pending invitation. The invitation link is a password-reset token with purpose 'invite' (7 days):
 * `/update-password/{token}` sets the first password, which accepts the invitation.
 */
import type { Context, Hono } from 'hono';
import { addAdmin, listAdmins, resendAdminInvite } from '@contract/admins';
import { INVITE_RESEND_WINDOW_SECONDS } from '@domain/admins';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import type { Organization, User } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { hashToken, newToken } from '../auth/tokens';
import { claimInvite, createPendingAdmin, listOrgAdmins } from './admins-data';
import { findOrgAdminByEmail } from '../auth/users';
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

export function adminsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, listAdmins, async ({ session }) => {
    const rows = await listOrgAdmins(s.db, session.org.id);
    return {
      admins: rows.map((row) => ({
        name: row.name,
        email: row.email,
        inviteAccepted: row.inviteAccepted,
        inviteSentDate: row.inviteSentAt?.toISOString() ?? null,
      })),
    };
  });

  route(app, addAdmin, async ({ body, session, c }) => {
    const base = requireBaseUrl(c, s);
    const admin = await createPendingAdmin(s.db, {
      orgId: session.org.id,
      name: body.name,
      email: body.email,
      now: s.now(),
    });
    if (!admin) throw new HttpError(409, { error: ADMIN_MESSAGES.alreadyAdmin });
    await sendInvitation(s, session.org, session.user, admin, base);
    return {};
  });

  route(app, resendAdminInvite, async ({ body, session, c }) => {
    const admin = await findOrgAdminByEmail(s.db, session.org.id, body.email);
    if (!admin) throw new HttpError(404, { error: ADMIN_MESSAGES.notAdmin });
    if (admin.inviteAccepted) throw new HttpError(409, { error: ADMIN_MESSAGES.alreadyAccepted });
    const base = requireBaseUrl(c, s);
    await sendInvitation(s, session.org, session.user, admin, base);
    return {};
  });
}
