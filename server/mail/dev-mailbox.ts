import type { Database } from '../db';
import { insertOutboxMessage } from './outbox';
import type { MailMessage, Mailer } from './mailer';

/** Development mailbox: every message becomes a row of the outbox table (GET /api/dev/outbox). */
export class DevMailbox implements Mailer {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    await insertOutboxMessage(this.db, message, this.now());
  }
}
