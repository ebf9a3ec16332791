/** The e-mails about an administrator's own account: a password reset and the first password. */
import type { MailContent } from './content';

/** A password reset link (valid one hour, once). */
export function passwordResetEmail(
  user: { name: string; email: string },
  link: string,
): MailContent {
  return {
    to: user.email,
    subject: 'Reset your admin portal password',
    heading: 'Reset your password',
    preview: 'Choose a new password for your admin portal account.',
    blocks: [
      { kind: 'text', lines: [`Hello ${user.name},`] },
      {
        kind: 'text',
        lines: [
          'Someone asked to reset the password of your admin portal account.',
          'Choose a new password here (the link works once, for one hour):',
        ],
      },
      { kind: 'action', label: 'Choose a new password', href: link },
      {
        kind: 'text',
        lines: ['If you did not ask for this, ignore this e-mail: your password stays the same.'],
      },
    ],
  };
}

/**
 * The first administrator of a new organization (`npm run org:create`): the link sets their
 * password (valid until `expiresAt`, once).
 */
export function firstAdminEmail(
  org: { name: string; slug: string },
  admin: { name: string; email: string },
  link: string,
  expiresAt: Date,
): MailContent {
  return {
    to: admin.email,
    subject: `Your admin portal account for ${org.name}`,
    heading: `Welcome to the admin portal, ${admin.name}`,
    preview: `Choose your password to start administering ${org.name}.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${admin.name},`] },
      {
        kind: 'text',
        lines: [
          `${org.name} now has an organization in the mobile security admin portal, and you are its first administrator.`,
          `Choose your password here (the link works once, until ${expiresAt.toISOString()}):`,
        ],
      },
      { kind: 'action', label: 'Choose your password', href: link },
      {
        kind: 'text',
        lines: [
          `Then sign in: type the organization name "${org.slug}" on the lookup screen, then your e-mail address and password.`,
          'If you did not expect this e-mail, you can ignore it.',
        ],
      },
    ],
  };
}
