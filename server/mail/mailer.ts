/** One e-mail as handed to a transport: a text part, an HTML part and a stable Message-ID. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (render.ts); absent only for messages built by hand in tests. */
  html?: string;
  /**
   * `<…@domain>`: the same on every attempt of one e-mail, so a receiver recognises a retry after
   * an ambiguous failure (the first attempt arrived, its answer did not).
   */
  messageId?: string;
}

/**
 * Sends e-mail: the development mailbox (the outbox table) or SMTP (smtp-mailer.ts). A rejection is
 * a failed attempt; the mail job decides from it whether to retry (smtp-errors.ts).
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (at shutdown). */
  close?(): Promise<void> | void;
}
