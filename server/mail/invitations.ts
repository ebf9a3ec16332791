/**
 * The Settings invitations (plain text; names are inserted as typed — an HTML version, if one is
 * ever added, must escape them). Recipient addresses passed the e-mail rule (no whitespace), so
 * they cannot carry extra headers.
 */
import type { MailMessage } from './mailer';

/** A new administrator's invitation: the link sets their first password (valid 7 days, once). */
export function adminInvitationEmail(
  org: { name: string; ssoProvider: string | null },
  admin: { name: string; email: string },
  invitedBy: { name: string },
  link: string,
): MailMessage {
  return {
    to: admin.email,
    subject: `You have been invited to administer ${org.name}`,
    text: [
      `Hello ${admin.name},`,
      '',
      `${invitedBy.name} invited you as an administrator of ${org.name} in the mobile security admin portal.`,
      'Choose your password here to accept the invitation (the link works once, for 7 days):',
      '',
      link,
      '',
      ...(org.ssoProvider
        ? [`${org.name} also signs in with single sign-on; you can use that instead.`, '']
        : []),
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n'),
  };
}

/** A threat hunter user's invitation with their access code. */
export function threatHunterInvitationEmail(
  org: { name: string },
  user: { name: string; email: string; accessCode: string },
): MailMessage {
  return {
    to: user.email,
    subject: `Your Threat Hunter access for ${org.name}`,
    text: [
      `Hello ${user.name},`,
      '',
      `${org.name} gave you access to Threat Hunter. Your access code is:`,
      '',
      `    ${user.accessCode}`,
      '',
      'Keep it to yourself: it identifies you to Threat Hunter.',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n'),
  };
}
