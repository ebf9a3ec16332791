/**
 * contract/threat-hunter.ts: the provisioned threat hunter users of an organization with
 * Threat Hunter access (403 otherwise). Provisioning draws a unique access code and e-mails it.
 */
import type { Hono } from 'hono';
import { addThreatHunterUser, listThreatHunterUsers } from '@contract/threat-hunter';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import type { Organization } from '../db/schema';
import { createThreatHunter, deleteThreatHunter, listThreatHunters } from './threat-hunters-data';
import { threatHunterInvitationEmail } from '../mail/invitations';

export const THREAT_HUNTER_MESSAGES = {
  noAccess: 'Your organization does not have Threat Hunter access.',
  duplicate: 'A Threat Hunter user with this e-mail address is already provisioned.',
  sendFailed: 'Failed to send email. Nobody was added; try again.',
} as const;

function requireAccess(org: Organization): void {
  if (!org.threatHunterAccess) throw new HttpError(403, { error: THREAT_HUNTER_MESSAGES.noAccess });
}

export function threatHunterRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, listThreatHunterUsers, async ({ session }) => {
    requireAccess(session.org);
    const rows = await listThreatHunters(s.db, session.org.id);
    return {
      threatHunterUsers: rows.map(({ name, email, accessCode, status }) => ({
        name,
        email,
        accessCode,
        status,
      })),
    };
  });

  // Provisioning is the invitation: an e-mail that cannot be sent removes the user again, so the
  // form can simply be submitted once more.
  route(app, addThreatHunterUser, async ({ body, session }) => {
    requireAccess(session.org);
    const user = await createThreatHunter(s.db, {
      orgId: session.org.id,
      name: body.name,
      email: body.email,
      now: s.now(),
    });
    if (!user) throw new HttpError(409, { error: THREAT_HUNTER_MESSAGES.duplicate });
    try {
      await s.mailer.send(threatHunterInvitationEmail(session.org, user));
    } catch (error) {
      await deleteThreatHunter(s.db, user.id);
      s.logger.warn(
        `[threat-hunter] invitation e-mail for threat hunter user ${user.id} could not be sent (${error instanceof Error ? error.name : 'error'})`,
      );
      throw new HttpError(502, { error: THREAT_HUNTER_MESSAGES.sendFailed });
    }
    return {};
  });
}
