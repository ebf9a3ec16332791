/**
 * The invitation e-mails' jobs, written in the transaction that claims the invitations: used by
 * the members routes and by the SCIM service (provisioned members), so both send the same e-mail
 * and the same webhook events.
 */
import type { Services } from '../deps';
import type { Database } from '../db';
import type { Organization } from '../db/schema';
import { mailJob } from '../mail/jobs';
import { emitWebhookEvents } from '../webhooks/events';
import type { Invitee } from './data';

/**
 * The invitation e-mails of claimed invitations, as jobs written in the claim's transaction
 * ('Invitations are being sent': docs/product/messages.md, "Success messages"). The e-mail is
 * rendered when it is sent, with the organization's enrolment template as it is then; one that
 * fails for good releases its claim, so email-members sends it later (server/mail/jobs.ts).
 */
export function enqueueInvitations(
  s: Services,
  org: Organization,
  claimedAt: Date,
  /** Also a `member.created` event per member (they were created in this transaction). */
  created = false,
): (tx: Database, invitees: readonly Invitee[]) => Promise<unknown> {
  return async (tx, invitees) => {
    await s.queue.enqueue(
      tx,
      ...invitees.map((invitee) =>
        mailJob(
          'member-invitation',
          invitee.email,
          {
            orgName: org.name,
            name: invitee.name,
            code: invitee.code,
            memberId: invitee.id,
            claimedAt: claimedAt.toISOString(),
          },
          org.id,
        ),
      ),
    );
    const timestamp = claimedAt.toISOString();
    const data = invitees.map(({ id, name, email }) => ({ id: String(id), name, email }));
    await emitWebhookEvents(s.queue, tx, org.id, [
      ...(created
        ? data.map((m) => ({ type: 'member.created' as const, timestamp, data: m }))
        : []),
      ...data.map((m) => ({ type: 'member.invited' as const, timestamp, data: m })),
    ]);
  };
}
