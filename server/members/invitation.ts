import { paragraphs, type MailContent } from '../mail/content';
import { templateBodyToText, templateSubjectToText } from '../mail/plain-text';

/** The organization's custom enrolment e-mail (OrgEnrollment); null texts keep the defaults. */
export type EnrollmentTemplate = {
  subject: string | null;
  body: string | null;
};

/**
 * The invitation e-mail (text and HTML parts, mail/content.ts; names are inserted as typed and
 * the HTML part escapes them). The recipient address passed the e-mail rule (no whitespace), so it
 * cannot carry extra headers.
 *
 * A custom template (Settings, Notifications) replaces the subject and the introduction; its texts
 * are turned into plain text first (`mail/plain-text.ts`: no markup reaches the e-mail, in either
 * part). The code and the enrolment steps always follow, since they are what the e-mail is for.
 */
export function invitationEmail(
  org: { name: string },
  member: { name: string; email: string; code: string },
  template: EnrollmentTemplate | null = null,
): MailContent {
  const subject = template?.subject ? templateSubjectToText(template.subject) : '';
  const intro = template?.body ? templateBodyToText(template.body) : '';
  return {
    to: member.email,
    subject: subject || `Your enrolment code for ${org.name}`,
    heading: `Enroll your device with ${org.name}`,
    preview: `Your enrolment code for ${org.name} is inside.`,
    blocks: [
      ...(intro
        ? [...paragraphs(intro), { kind: 'text' as const, lines: ['Your enrolment code is:'] }]
        : [
            { kind: 'text' as const, lines: [`Hello ${member.name},`] },
            {
              kind: 'text' as const,
              lines: [
                `${org.name} protects the phones and tablets of its team with our mobile security app.`,
                'Your enrolment code is:',
              ],
            },
          ]),
      { kind: 'code', code: member.code },
      {
        kind: 'steps',
        intro: 'To enroll your device:',
        items: [
          'Install the mobile security app from the App Store or Google Play.',
          'Open it and choose "Enroll with a code".',
          'Enter the code above.',
        ],
      },
      {
        kind: 'text',
        lines: [
          'The code enrolls one device. For another device, ask your administrator for another code.',
          'If you did not expect this e-mail, you can ignore it.',
        ],
      },
    ],
  };
}
