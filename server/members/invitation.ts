import type { MailMessage } from '../mail/mailer';

/**
 * The invitation e-mail: plain text (names are inserted as typed; an HTML version, if one is ever
 * added, must escape them). The recipient address passed the e-mail rule (no whitespace), so it
 * cannot carry extra headers.
 */
export function invitationEmail(
  org: { name: string },
  member: { name: string; email: string; code: string },
): MailMessage {
  return {
    to: member.email,
    subject: `Your enrolment code for ${org.name}`,
    text: [
      `Hello ${member.name},`,
      '',
      `${org.name} protects the phones and tablets of its team with our mobile security app.`,
      'Your enrolment code is:',
      '',
      `    ${member.code}`,
      '',
      'To enroll your device:',
      '1. Install the mobile security app from the App Store or Google Play.',
      '2. Open it and choose "Enroll with a code".',
      '3. Enter the code above.',
      '',
      'The code enrolls one device. For another device, ask your administrator for another code.',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n'),
  };
}
