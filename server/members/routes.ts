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
import {
  deactivateMember,
  listMemberDirectory,
  reactivateMember,
  resendMemberInvitation,
} from '@contract/member-directory';
import { canResendMemberInvite } from '@domain/members';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import type { Database } from '../db';
import { emitWebhookEvents } from '../webhooks/events';
import { claimInvitations, createOrgMembers, listOrgMembers, type Invitee } from './data';
import { enqueueInvitations } from './enqueue-invitations';
import { directoryMembersOfGroups } from '../sso/data';
import { scimDirectoryMembersOfGroups, usesScimDirectory } from '../scim/directory';
import { readMembersCsv } from './csv';
import {
  findDirectoryMember,
  invitee,
  listMemberDirectory as listDirectory,
  markReinvited,
  newMemberDirectoryCache,
  setMemberActive,
  type DirectoryTarget,
} from './directory';
import { requireSso } from '../sso/require-sso';

export const csvTooLargeMessage = () =>
  `The file is larger than ${CSV_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files and upload them one by one.`;

/** `member.created` events of members created without invitations. */
function memberCreatedEvents(s: Services, orgId: number, at: Date) {
  return (tx: Database, created: readonly Invitee[]) =>
    emitWebhookEvents(
      s.queue,
      tx,
      orgId,
      created.map(({ id, name, email }) => ({
        type: 'member.created' as const,
        timestamp: at.toISOString(),
        data: { id: String(id), name, email },
      })),
    );
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
    const now = s.now();
    const created = await createOrgMembers(
      s.db,
      session.org.id,
      body.members,
      body.allowedDuplicates,
      { now, invite: query.email, source: body.source },
      query.email
        ? enqueueInvitations(s, session.org, now, true)
        : memberCreatedEvents(s, session.org.id, now),
    );
    return { numMembersCreated: created.length };
  });

  route(app, createSsoMembers, async ({ query, body, session }) => {
    requireSso(session.org);
    const groupIds = body.ssoGroups.map((g) => g.id);
    // With SCIM on, the groups are the identity provider's (server/scim/directory.ts).
    const candidates = (await usesScimDirectory(s.db, session.org.id))
      ? await scimDirectoryMembersOfGroups(s.db, session.org.id, groupIds)
      : await directoryMembersOfGroups(s.db, session.org.id, groupIds);
    const now = s.now();
    const created = await createOrgMembers(
      s.db,
      session.org.id,
      candidates,
      body.allowedDuplicates.map((m) => m.email),
      { now, invite: query.email, source: 'sso' },
      query.email
        ? enqueueInvitations(s, session.org, now, true)
        : memberCreatedEvents(s, session.org.id, now),
    );
    return { numMembersCreated: created.length };
  });

  route(app, emailMembers, async ({ session }) => {
    const now = s.now();
    await claimInvitations(
      s.db,
      session.org.id,
      'pending',
      now,
      enqueueInvitations(s, session.org, now),
    );
    return {};
  });

  route(app, emailAllMembers, async ({ session }) => {
    const now = s.now();
    await claimInvitations(
      s.db,
      session.org.id,
      'all',
      now,
      enqueueInvitations(s, session.org, now),
    );
    return {};
  });

  // The Members page (docs/product/members.md, 'The Members page').
  // Its page anchors and counts, per members_version (docs/decisions/055-lists-under-change.md).
  const directoryAnchors = newMemberDirectoryCache();
  route(app, listMemberDirectory, async ({ query, session }) =>
    listDirectory(s.db, directoryAnchors, session.org.id, query),
  );

  /** The member of the body's id in this organization (locked), else 404. */
  async function target(tx: Database, orgId: number, id: string): Promise<DirectoryTarget> {
    const n = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : NaN;
    const found =
      Number.isSafeInteger(n) && n <= 2_147_483_647
        ? await findDirectoryMember(tx, orgId, n)
        : null;
    if (!found) throw new HttpError(404, { error: 'Member not found.' });
    return found;
  }

  route(app, resendMemberInvitation, async ({ body, session }) => {
    const now = s.now();
    await s.db.transaction(async (tx) => {
      const m = await target(tx, session.org.id, body.id);
      const status = m.deactivatedAt ? 'deactivated' : m.enrolled ? 'enrolled' : 'invited';
      const invitedAt = m.invitedAt?.toISOString() ?? null;
      const to = invitee(m);
      if (status !== 'invited' || to === null) {
        throw new HttpError(409, { error: 'This member has no invitation to resend.' });
      }
      if (!canResendMemberInvite({ status, invitedAt }, now)) {
        throw new HttpError(409, {
          error: 'An invitation was sent to this member less than an hour ago. Try again later.',
        });
      }
      await markReinvited(tx, session.org.id, m.id, now);
      await enqueueInvitations(s, session.org, now)(tx, [to]);
    });
    return {};
  });

  for (const [endpoint, active] of [
    [deactivateMember, false],
    [reactivateMember, true],
  ] as const) {
    route(app, endpoint, async ({ body, session }) => {
      await s.db.transaction(async (tx) => {
        const m = await target(tx, session.org.id, body.id);
        // The identity provider decides for its members (docs/decisions/050-scim.md).
        if (m.scimId !== null) {
          throw new HttpError(409, {
            error: 'This member is managed by your identity provider. Change them there.',
          });
        }
        await setMemberActive(tx, session.org.id, m.id, active, s.now());
      });
      return {};
    });
  }
}
