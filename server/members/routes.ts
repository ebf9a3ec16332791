/**
 * contract/members.ts: reading a member CSV, the member list, creating members (with enrolment
 * codes and invitations) and e-mailing the invitations.
 */
import type { Hono } from 'hono';
import {
  CSV_MAX_BYTES,
  createMembers,
  createSsoMembers,
  emailAllMembers,
  emailMembers,
  listMembers,
  readMembers,
} from '@contract/members';
import { ENROLLMENT_TEMPLATE_TYPE } from '@domain/notifications';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import type { Organization } from '../db/schema';
import {
  claimInvitations,
  createOrgMembers,
  listOrgMembers,
  releaseInvitations,
  type Invitee,
} from './data';
import { directoryMembersOfGroups } from '../sso/data';
import { findEmailTemplate } from '../notifications/data';
import { readMembersCsv } from './csv';
import { invitationEmail } from './invitation';
import { requireSso } from '../sso/require-sso';

export const csvTooLargeMessage = () =>
  `The file is larger than ${CSV_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files and upload them one by one.`;

/**
 * Hands the claimed invitations to the mailer after the answer ('Invitations are being sent':
 * docs/product/messages.md, "Success messages"). Claims of e-mails that failed are released, so
 * email-members sends them later.
 */
export function sendInvitations(s: Services, org: Organization, invitees: readonly Invitee[]) {
  if (invitees.length === 0) return;
  s.tasks.run('member invitations', async () => {
    // The organization's custom enrolment e-mail (Settings, Notifications), if it has one; the
    // default text if it cannot be read (the codes matter more than the wording).
    const template = await findEmailTemplate(s.db, org.id, ENROLLMENT_TEMPLATE_TYPE).catch(() => {
      s.logger.warn(`[members] e-mail template of organization ${org.id} unreadable; default used`);
      return null;
    });
    const failed: number[] = [];
    for (const invitee of invitees) {
      try {
        await s.mailer.send(invitationEmail(org, invitee, template));
      } catch {
        failed.push(invitee.id);
      }
    }
    if (failed.length > 0) {
      await releaseInvitations(s.db, failed);
      // Counts only: addresses and codes stay out of the log.
      s.logger.warn(
        `[members] ${failed.length} of ${invitees.length} invitation(s) of organization ${org.id} could not be sent; they stay pending`,
      );
    }
  });
}

export function membersRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // The file is parsed, never stored; a bad file is answered 2xx with an error text (the review
  // screen shows it) except for a missing field, a non-.csv name (400) and the size limit (413).
  route(app, readMembers, async ({ form }) => {
    const file = form.get('file');
    if (file === null) {
      throw new HttpError(400, { error: "Choose a .csv file to upload (form field 'file')." });
    }
    if (typeof file === 'string') {
      throw new HttpError(400, { error: "The form field 'file' must be a file, not text." });
    }
    if (!/\.csv$/i.test(file.name)) {
      throw new HttpError(400, {
        error: `Only .csv files can be uploaded; '${file.name.slice(0, 100)}' is not one.`,
      });
    }
    if (file.size > CSV_MAX_BYTES) throw new HttpError(413, { error: csvTooLargeMessage() });
    return readMembersCsv(new Uint8Array(await file.arrayBuffer()));
  });

  route(app, listMembers, async ({ session }) => ({
    members: await listOrgMembers(s.db, session.org.id),
  }));

  route(app, createMembers, async ({ query, body, session }) => {
    const created = await createOrgMembers(
      s.db,
      session.org.id,
      body.members,
      body.allowedDuplicates,
      { now: s.now(), invite: query.email },
    );
    if (query.email) sendInvitations(s, session.org, created);
    return { numMembersCreated: created.length };
  });

  route(app, createSsoMembers, async ({ query, body, session }) => {
    requireSso(session.org);
    const candidates = await directoryMembersOfGroups(
      s.db,
      session.org.id,
      body.ssoGroups.map((g) => g.id),
    );
    const created = await createOrgMembers(
      s.db,
      session.org.id,
      candidates,
      body.allowedDuplicates.map((m) => m.email),
      { now: s.now(), invite: query.email },
    );
    if (query.email) sendInvitations(s, session.org, created);
    return { numMembersCreated: created.length };
  });

  route(app, emailMembers, async ({ session }) => {
    sendInvitations(
      s,
      session.org,
      await claimInvitations(s.db, session.org.id, 'pending', s.now()),
    );
    return {};
  });

  route(app, emailAllMembers, async ({ session }) => {
    sendInvitations(s, session.org, await claimInvitations(s.db, session.org.id, 'all', s.now()));
    return {};
  });
}
