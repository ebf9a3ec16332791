import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

/** Readiness probe: 200 {"ok":true} once the database is migrated and seeded. */
export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  response: z.object({ ok: z.literal(true) }),
  public: true,
});

/** One e-mail the server sent, as kept by the development mailbox. */
export const OutboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** Development only (off with NODE_ENV=production): every e-mail sent, newest first. */
export const devOutbox = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox',
  response: z.object({ messages: z.array(OutboxMessage) }),
  public: true,
});

/**
 * Development only: ends the caller's session on the server while the browser keeps its cookie,
 * so tests can prove the 401 rule.
 */
export const devExpireSession = defineEndpoint({
  method: 'POST',
  path: '/dev/expire-session',
  response: z.object({ ok: z.literal(true) }),
  public: true,
});
