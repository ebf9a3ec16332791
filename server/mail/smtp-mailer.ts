/**
 * E-mail over SMTP through nodemailer (SMTP_URL). One pooled transport per process: a burst of
 * invitations reuses a couple of connections instead of opening one per e-mail. Timeouts are
 * short enough that an attempt always ends well within the queue's lease (queue.ts).
 *
 * nodemailer's own logger stays off: it would print the conversation (addresses, links) and the
 * authentication exchange.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
  url: string;
  /** MAIL_FROM. */
  from: string;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = createTransport({
      url: options.url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      debug: false,
    } as Parameters<typeof createTransport>[0]);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}
