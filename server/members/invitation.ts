import type { MailMessage } from '../mail/mailer';
import { templateBodyToText, templateSubjectToText } from '../mail/plain-text';

/** The organization's custom enrolment e-mail (OrgEnrollment); null texts keep the defaults. */
export type EnrollmentTemplate = {
  subject: string | null;
  body: string | null;
};

/**
 * The invitation e-mail: plain text (names are inserted as typed; an HTML version, if one is ever
 * added, must escape them). The recipient address passed the e-mail rule (no whitespace), so it
 * cannot carry extra headers.
 *
 * A custom template (Settings, Notifications) replaces the subject and the introduction; its texts
 * are turned into plain text first (`mail/plain-text.ts`: no markup reaches the e-mail). The code
 * and the enrolment steps always follow, since they are what the e-mail is for.
 */
export function invitationEmail(
  org: { name: string },
  member: { name: string; email: string; code: string },
  template: EnrollmentTemplate | null = null,
): MailMessage {
  const subject = template?.subject ? templateSubjectToText(template.subject) : '';
  const intro = template?.body ? templateBodyToText(template.body) : '';
  return {
    to: member.email,
    subject: subject || `Your enrolment code for ${org.name}`,
    text: [
      ...(intro
        ? [intro, '', 'Your enrolment code is:']
        : [
            `Hello ${member.name},`,
            '',
            `${org.name} protects the phones and tablets of its team with our mobile security app.`,
            'Your enrolment code is:',
          ]),
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
