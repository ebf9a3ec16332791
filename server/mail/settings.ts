/**
 * Where e-mail goes (pure: the environment in, settings or a sentence out). `SMTP_URL` selects a
 * real SMTP server (`smtp://user:pass@host:587` with STARTTLS when offered, `smtps://…:465` for
 * TLS from the start), in development too; without it development keeps its mailbox
 * (`/api/dev/outbox`) and production refuses to start. `MAIL_FROM` is the sender.
 *
 * SMTP_URL may hold a password: no message here (or anywhere) repeats its value.
 */

export const DEFAULT_MAIL_FROM = 'Admin Portal <no-reply@localhost>';

export interface MailSettings {
  /** Null: the development mailbox. */
  smtpUrl: string | null;
  /** The From header, e.g. `Admin Portal <no-reply@portal.example.com>`. */
  from: string;
  /** The sender's domain: the right-hand side of every Message-ID we make. */
  fromDomain: string;
}

/** The address inside a From value: `Name <a@b>` or a bare `a@b`. */
function addressOf(from: string): string | null {
  const angle = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (angle) return angle[1] as string;
  return /^[^\s<>@]+@[^\s<>@]+$/.test(from) ? from : null;
}

export function mailSettingsFromEnv(
  env: Record<string, string | undefined>,
  options: { production: boolean },
): MailSettings {
  const raw = env.SMTP_URL?.trim() || null;
  if (raw) {
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      // Reported below without the value.
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      throw new Error(
        'SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:pass@mail.example.com:587 (its value is not repeated here: it may hold a password)',
      );
    }
  } else if (options.production) {
    throw new Error(
      'SMTP_URL is not set: production needs an SMTP server for password resets and invitations, e.g. SMTP_URL=smtp://user:pass@mail.example.com:587 (README, Configuration)',
    );
  }
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const address = /[\r\n]/.test(from) ? null : addressOf(from);
  if (!address) {
    throw new Error(
      `MAIL_FROM must be an address or "Name <address>", such as ${JSON.stringify(DEFAULT_MAIL_FROM)}; got ${JSON.stringify(from)}`,
    );
  }
  return { smtpUrl: raw, from, fromDomain: address.slice(address.lastIndexOf('@') + 1) };
}
