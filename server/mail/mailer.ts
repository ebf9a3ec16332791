export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. The development mailbox stores messages; a real transport can replace it later. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
