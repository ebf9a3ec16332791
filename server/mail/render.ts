/**
 * A {@link MailContent} → the message a transport sends: the text part (content.ts) and the HTML
 * part (layout.tsx, rendered by React Email), with the Message-ID the mail job keeps for every
 * attempt of this e-mail.
 */
import { createElement } from 'react';
import { render } from '@react-email/render';
import { renderText, type MailContent } from './content';
import { MailLayout } from './layout';
import type { MailMessage } from './mailer';

export async function renderMail(
  content: MailContent,
  options: { messageId?: string } = {},
): Promise<MailMessage> {
  const html = await render(createElement(MailLayout, { content }));
  return {
    to: content.to,
    subject: content.subject,
    text: renderText(content),
    html,
    ...(options.messageId ? { messageId: options.messageId } : {}),
  };
}

/** `<id@domain>`: a Message-ID of our own domain (the sender's, from MAIL_FROM). */
export function messageIdOf(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}
