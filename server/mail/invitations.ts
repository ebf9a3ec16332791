/**
 * The Settings invitations. Names are inserted as typed: the text part is text and the HTML part
 * escapes them (content.ts). Recipient addresses passed the e-mail rule (no whitespace), so they
 * cannot carry extra headers.
 */
import type { MailContent } from './content';

/** A new administrator's invitation: the link sets their first password (valid 7 days, once). */
export function adminInvitationEmail(
  org: { name: string; ssoProvider: string | null },
  admin: { name: string; email: string },
  invitedBy: { name: string },
  link: string,
): MailContent {
  return {
    to: admin.email,
    subject: `You have been invited to administer ${org.name}`,
    heading: `Administer ${org.name}`,
    preview: `${invitedBy.name} invited you as an administrator of ${org.name}.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${admin.name},`] },
      {
        kind: 'text',
        lines: [
          `${invitedBy.name} invited you as an administrator of ${org.name} in the mobile security admin portal.`,
          'Choose your password here to accept the invitation (the link works once, for 7 days):',
        ],
      },
      { kind: 'action', label: 'Accept the invitation', href: link },
      ...(org.ssoProvider
        ? [
            {
              kind: 'text' as const,
              lines: [`${org.name} also signs in with single sign-on; you can use that instead.`],
            },
          ]
        : []),
      { kind: 'text', lines: ['If you did not expect this e-mail, you can ignore it.'] },
    ],
  };
}

/** A threat hunter user's invitation with their access code. */
export function threatHunterInvitationEmail(
  org: { name: string },
  user: { name: string; email: string; accessCode: string },
): MailContent {
  return {
    to: user.email,
    subject: `Your Threat Hunter access for ${org.name}`,
    heading: 'Your Threat Hunter access',
    preview: `${org.name} gave you access to Threat Hunter.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${user.name},`] },
      {
        kind: 'text',
        lines: [`${org.name} gave you access to Threat Hunter. Your access code is:`],
      },
      { kind: 'code', code: user.accessCode },
      {
        kind: 'text',
        lines: [
          'Keep it to yourself: it identifies you to Threat Hunter.',
          'If you did not expect this e-mail, you can ignore it.',
        ],
      },
    ],
  };
}
