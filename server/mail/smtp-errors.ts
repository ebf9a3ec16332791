/**
 * Whether a failed SMTP send is worth retrying (pure). The server's reply code decides: 5xx is a
 * permanent refusal (no such mailbox, message rejected, authentication refused) and is not
 * retried; 4xx is temporary (greylisting, mailbox busy, too many connections) and is. Without a
 * reply — the connection failed, timed out or was cut — the server never decided: retried.
 * The reason is safe to log and store: the code and nodemailer's error kind, never the server's
 * reply text (it may repeat the recipient's address).
 */

export interface SmtpFailure {
  permanent: boolean;
  reason: string;
}

/** nodemailer's error kinds that no retry can change (a message it cannot build or address). */
const PERMANENT_KINDS = new Set(['EENVELOPE', 'EMESSAGE']);

export function classifySmtpError(error: unknown): SmtpFailure {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const kind = (error as { code?: unknown } | null)?.code;
  const kindText = typeof kind === 'string' ? ` ${kind}` : '';
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) {
    const permanent = responseCode >= 500;
    return {
      permanent,
      reason: `SMTP ${responseCode}${kindText} (${permanent ? 'permanent' : 'temporary'})`,
    };
  }
  if (typeof kind === 'string' && PERMANENT_KINDS.has(kind)) {
    return { permanent: true, reason: `SMTP ${kind} (permanent)` };
  }
  const name = error instanceof Error ? error.name : 'error';
  return {
    permanent: false,
    reason: `SMTP not reached: ${typeof kind === 'string' ? kind : name} (temporary)`,
  };
}
