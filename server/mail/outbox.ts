import { desc } from 'drizzle-orm';
import type { Database } from '../db';
import { outbox } from '../db/schema';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  sentAt: Date;
}

export async function insertOutboxMessage(
  db: Database,
  message: { to: string; subject: string; text: string },
  sentAt: Date,
): Promise<void> {
  await db
    .insert(outbox)
    .values({ toAddress: message.to, subject: message.subject, text: message.text, sentAt });
}

/** Newest first. */
export async function listOutbox(db: Database, limit = 200): Promise<StoredMail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.sentAt), desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    sentAt: row.sentAt,
  }));
}
