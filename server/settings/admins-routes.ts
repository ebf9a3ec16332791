/**
 * contract/admins.ts: the organization's administrators, inviting a new one and resending a
 * pending invitation. The invitation link is a password-reset token with purpose 'invite' (7 days):
 * `/update-password/{token}` sets the first password, which accepts the invitation.
 */
import type { Hono } from 'hono';
import { addAdmin, listAdmins, resendAdminInvite } from '@contract/admins';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { createPendingAdmin, listOrgAdmins } from './admins-data';
import { findOrgAdminByEmail } from '../auth/users';
import { ADMIN_MESSAGES, requireBaseUrl, sendInvitation } from './admin-invitations';

// Tests read the messages from here as before.
export { ADMIN_MESSAGES } from './admin-invitations';

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
