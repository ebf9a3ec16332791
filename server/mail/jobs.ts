/**
 * Every e-mail is a job (server/queue/): enqueued with the change that causes it, sent by a worker
 * with retries (`DELIVERY_RETRY_SCHEDULE`; an SMTP 5xx is final, a 4xx or an unreachable server is
 * retried), and the same Message-ID on every attempt.
 *
 * The payload names a template and its parameters; the e-mail is rendered when it is sent. Links
 * with tokens (reset, invitation) and codes are in the parameters, which are removed from the row
 * once the job has finished. An e-mail that fails for good gives back what its request claimed:
 * a member counts as not invited again (email-members sends it later), an administrator's
 * invitation gets its previous send date back (Resend is offered) and its link is ended.
 *
 * How to send one: server/README.md, "Sending an e-mail".
 */
import { randomUUID } from 'node:crypto';
import { ENROLLMENT_TEMPLATE_TYPE } from '@domain/notifications';
import type { Database } from '../db';
import type { Logger } from '../deps';
import { releaseInvite } from '../settings/admins-data';
import { releaseInvitation } from '../members/data';
import { findEmailPreferences, findEmailTemplate } from '../notifications/data';
import { revokeResetToken } from '../auth/password-resets';
import { invitationEmail, type EnrollmentTemplate } from '../members/invitation';
import {
  JobAttemptError,
  PermanentJobError,
  type JobDefinition,
  type JobQueue,
  type NewJob,
} from '../queue/queue';
import { firstAdminEmail, passwordResetEmail } from './account-emails';
import type { MailContent } from './content';
import { adminInvitationEmail, threatHunterInvitationEmail } from './invitations';
import { scanReminderEmail, type ScanReminderParams } from './reminders';
import {
  memberThreatAlertEmail,
  threatAlertDigestEmail,
  threatAlertEmail,
  type MemberThreatAlertParams,
  type ThreatAlertDigestParams,
  type ThreatAlertParams,
} from './threat-alerts';
import type { Mailer } from './mailer';
import { messageIdOf, renderMail } from './render';
import { classifySmtpError } from './smtp-errors';

export const MAIL_JOB = 'mail';

/** The e-mails the server sends, by template, with what each needs. */
export interface MailTemplates {
  'password-reset': { name: string; link: string; tokenHash: string };
  'first-admin': {
    orgName: string;
    slug: string;
    name: string;
    link: string;
    expiresAt: string;
  };
  'admin-invitation': {
    orgName: string;
    ssoProvider: string | null;
    name: string;
    invitedBy: string;
    link: string;
    tokenHash: string;
    adminId: number;
    /** The claimed send date (ISO) and the one before it, given back if the e-mail fails. */
    claimedAt: string;
    previousSentAt: string | null;
  };
  'threat-hunter-invitation': { orgName: string; name: string; accessCode: string };
  'member-invitation': {
    orgName: string;
    name: string;
    code: string;
    memberId: number;
    /** The member's claimed `invited_at` (ISO), released if the e-mail fails for good. */
    claimedAt: string;
  };
  'scan-reminder': ScanReminderParams;
  'threat-alert': ThreatAlertParams;
  'member-threat-alert': MemberThreatAlertParams;
  'threat-alert-digest': ThreatAlertDigestParams;
}

/**
 * E-mails that 'Threat Alert Emails' turns off: checked again when each is sent, so one queued
 * before an administrator chose 'Disabled' does not go (server/alerts/alert-emails.ts).
 */
const THREAT_ALERT_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'threat-alert',
  'member-threat-alert',
  'threat-alert-digest',
]);
export type MailTemplate = keyof MailTemplates;

export interface MailJobPayload<T extends MailTemplate = MailTemplate> {
  template: T;
  to: string;
  /** The left part of the Message-ID, drawn once: every attempt sends the same Message-ID. */
  messageId: string;
  /** Removed once the job has finished (links, codes). */
  params?: MailTemplates[T];
}

/** The job of one e-mail; pass it to `queue.enqueue(tx, …)` in the change's transaction. */
export function mailJob<T extends MailTemplate>(
  template: T,
  to: string,
  params: MailTemplates[T],
  orgId: number | null = null,
): NewJob {
  const payload: MailJobPayload<T> = { template, to, messageId: randomUUID(), params };
  return { kind: MAIL_JOB, orgId, payload: payload as unknown as Record<string, unknown> };
}

export interface MailJobServices {
  db: Database;
  mailer: Mailer;
  /** The sender's domain (MAIL_FROM): the right-hand side of the Message-ID. */
  fromDomain: string;
  logger: Logger;
  /**
   * Base of the console links in alert e-mails (PUBLIC_URL; in development the server's own
   * origin); null: the e-mail names the page instead of linking it.
   */
  consoleUrl?: string | null;
}

/** The organization's custom enrolment e-mail, or the defaults if it cannot be read. */
async function enrollmentTemplate(
  s: MailJobServices,
  orgId: number | null,
): Promise<EnrollmentTemplate | null> {
  if (orgId === null) return null;
  return findEmailTemplate(s.db, orgId, ENROLLMENT_TEMPLATE_TYPE).catch(() => {
    s.logger.warn(`[mail] e-mail template of organization ${orgId} unreadable; default used`);
    return null;
  });
}

async function contentOf(
  s: MailJobServices,
  payload: MailJobPayload,
  orgId: number | null,
): Promise<MailContent> {
  const to = payload.to;
  switch (payload.template) {
    case 'password-reset': {
      const p = payload.params as MailTemplates['password-reset'];
      return passwordResetEmail({ name: p.name, email: to }, p.link);
    }
    case 'first-admin': {
      const p = payload.params as MailTemplates['first-admin'];
      return firstAdminEmail(
        { name: p.orgName, slug: p.slug },
        { name: p.name, email: to },
        p.link,
        new Date(p.expiresAt),
      );
    }
    case 'admin-invitation': {
      const p = payload.params as MailTemplates['admin-invitation'];
      return adminInvitationEmail(
        { name: p.orgName, ssoProvider: p.ssoProvider },
        { name: p.name, email: to },
        { name: p.invitedBy },
        p.link,
      );
    }
    case 'threat-hunter-invitation': {
      const p = payload.params as MailTemplates['threat-hunter-invitation'];
      return threatHunterInvitationEmail(
        { name: p.orgName },
        { name: p.name, email: to, accessCode: p.accessCode },
      );
    }
    case 'member-invitation': {
      const p = payload.params as MailTemplates['member-invitation'];
      // The custom template as it is when the e-mail goes out (as before the queue).
      return invitationEmail(
        { name: p.orgName },
        { name: p.name, email: to, code: p.code },
        await enrollmentTemplate(s, orgId),
      );
    }
    case 'scan-reminder':
      return scanReminderEmail(to, payload.params as MailTemplates['scan-reminder']);
    case 'threat-alert':
      return threatAlertEmail(
        to,
        payload.params as MailTemplates['threat-alert'],
        s.consoleUrl ?? null,
      );
    case 'member-threat-alert':
      return memberThreatAlertEmail(to, payload.params as MailTemplates['member-threat-alert']);
    case 'threat-alert-digest':
      return threatAlertDigestEmail(
        to,
        payload.params as MailTemplates['threat-alert-digest'],
        s.consoleUrl ?? null,
      );
  }
}

/** What a failed-for-good e-mail gives back, in the transaction that records the failure. */
async function giveBack(tx: Database, payload: MailJobPayload, at: Date): Promise<void> {
  switch (payload.template) {
    case 'member-invitation': {
      const p = payload.params as MailTemplates['member-invitation'];
      await releaseInvitation(tx, p.memberId, new Date(p.claimedAt));
      return;
    }
    case 'admin-invitation': {
      const p = payload.params as MailTemplates['admin-invitation'];
      await revokeResetToken(tx, p.tokenHash, at);
      await releaseInvite(
        tx,
        p.adminId,
        new Date(p.claimedAt),
        p.previousSentAt ? new Date(p.previousSentAt) : null,
      );
      return;
    }
    case 'password-reset':
      await revokeResetToken(tx, (payload.params as MailTemplates['password-reset']).tokenHash, at);
      return;
    default:
      return;
  }
}

export function mailJobDefinition(s: MailJobServices): JobDefinition<MailJobPayload> {
  return {
    scrubWhenFinished: ['params'],
    async run(job) {
      const payload = job.payload;
      if (!payload.params) throw new PermanentJobError('e-mail parameters missing');
      if (THREAT_ALERT_TEMPLATES.has(payload.template) && job.orgId !== null) {
        const preferences = await findEmailPreferences(s.db, job.orgId);
        if (preferences.threatAlerts !== true) return { skipped: 'threat alert e-mails disabled' };
      }
      const content = await contentOf(s, payload, job.orgId);
      const message = await renderMail(content, {
        messageId: messageIdOf(payload.messageId, s.fromDomain),
      });
      try {
        await s.mailer.send(message);
      } catch (error) {
        const failure = classifySmtpError(error);
        throw failure.permanent
          ? new PermanentJobError(failure.reason)
          : new JobAttemptError(failure.reason);
      }
      return undefined;
    },
    async recorded(tx, job, outcome) {
      if (outcome.state !== 'failed') return;
      await giveBack(tx, job.payload, outcome.at);
      // Which e-mail and whose organization; never the address, the link or the code.
      s.logger.warn(
        `[mail] ${job.payload.template} e-mail (job ${job.id}${job.orgId ? `, organization ${job.orgId}` : ''}) could not be sent: ${outcome.error}`,
      );
    },
  };
}

/** Registers the mail job with the queue. */
export function defineMailJobs(queue: JobQueue, s: MailJobServices): void {
  queue.define(MAIL_JOB, mailJobDefinition(s));
}
