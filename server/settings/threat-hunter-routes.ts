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
import { createThreatHunter, listThreatHunters } from './threat-hunters-data';
import { mailJob } from '../mail/jobs';

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

  route(app, addThreatHunterUser, async ({ body, session }) => {
    requireAccess(session.org);
    // The user and their invitation's job in one transaction: the answer does not wait for the
    // e-mail, which is retried on the schedule (server/mail/jobs.ts).
    const user = await s.db.transaction(async (tx) => {
      const created = await createThreatHunter(tx, {
        orgId: session.org.id,
        name: body.name,
        email: body.email,
        now: s.now(),
      });
      if (!created) return null;
      await s.queue.enqueue(
        tx,
        mailJob(
          'threat-hunter-invitation',
          created.email,
          { orgName: session.org.name, name: created.name, accessCode: created.accessCode },
          session.org.id,
        ),
      );
      return created;
    });
    if (!user) throw new HttpError(409, { error: THREAT_HUNTER_MESSAGES.duplicate });
    return {};
  });
}
