import type { ReadEventOptions } from './public-api/read-events';
import type { Database } from './db';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './queue/queue';
import type { ScryptParams } from './auth/passwords';
import type { HashingLimits, PasswordVerifier } from './auth/passwords';
import type { BackgroundTasks } from './system/background';
import type { IntegrationOptions } from './integrations/options';
import type { CspOptions } from './http/security-headers';
import type { StripeSettings } from './billing/stripe/settings';
import type { StripeGateway, StripeGatewayOptions } from './billing/stripe/gateway';
import type { RelyingParty } from './oidc/relying-party';
import type { ScimRateLimit } from './scim/rate-limit';
import type { NoticeHub } from './events/hub';
import type { LiveStreamOptions } from './events/stream-options';

export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** What createApp needs from the outside world; everything else has a production default. */
export interface AppDeps {
  db: Database;
  /** Development mailbox (outbox table) unless given; main.ts passes the SMTP mailer (SMTP_URL). */
  mailer?: Mailer;
  /**
   * The job queue every e-mail and webhook delivery goes through (server/queue/). Created on `db`
   * unless given; createApp registers the job kinds, main.ts starts its workers, tests `drain()` it.
   */
  queue?: JobQueue;
  /** DELIVERY_RETRY_SCHEDULE (seconds between attempts) for a queue createApp makes. */
  retrySchedule?: readonly number[];
  /** The sender's domain (MAIL_FROM): the right-hand side of every Message-ID (default localhost). */
  mailFromDomain?: string;
  /** The clock; tests move it to expire sessions, tokens and throttling windows. */
  now?: () => Date;
  /** NODE_ENV=production: secure cookies, no dev routes, no links without PUBLIC_URL. */
  production?: boolean;
  /** Base of links in e-mails, e.g. https://portal.example.com (no trailing slash needed). */
  publicUrl?: string;
  /** Password hashing cost; production default unless a test injects a cheaper one. */
  scrypt?: ScryptParams;
  /** Folder with the built portal (index.html, assets/); null or missing folder: no static serving. */
  staticDir?: string | null;
  /** Readiness for GET /health (migrated and seeded); ready unless given. */
  isReady?: () => boolean;
  /** Use the first X-Forwarded-For address as the client IP (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Largest JSON body accepted, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Hashing slots and wait (default 2 at once, 3 s); tests may pass their own verifier to count. */
  hashing?: HashingLimits;
  passwords?: PasswordVerifier;
  /**
   * Origins this server is reached at in development (loopback names with its port, and the Vite
   * dev server's): without PUBLIC_URL, links are built from the request's origin only when it is
   * one of these, else from the first. Never from any other Host header
   * (docs/decisions/015-sign-in-security.md).
   */
  ownOrigins?: string[];
  /** A session unused this long ends (default 30 minutes; SESSION_IDLE_MINUTES). */
  sessionIdleMs?: number;
  /** Compute the dummy password hash at start-up, so the first unknown-user sign-in is not slower. */
  warmUpPasswords?: boolean;
  /** Work after the answer (e-mails); pass one in to await it in tests or at shutdown. */
  tasks?: BackgroundTasks;
  logger?: Logger;
  /**
   * Webhook test delivery timeout and DNS, conditional access removal delay
   * (docs/decisions/028-integrations-and-notifications.md).
   */
  integrations?: Partial<IntegrationOptions>;
  /**
   * Extra Content-Security-Policy sources: error-reporting ingest, analytics
   * (docs/decisions/020-http-rules-and-headers.md).
   */
  contentSecurity?: CspOptions;
  /**
   * Billing through Stripe (docs/decisions/040-stripe.md); without it the built-in test processor
   * (decision 009). Tests shorten the deadline and the cache.
   */
  stripe?: (StripeSettings & StripeGatewayOptions) | null;
  /** The OpenID Connect relying party (server/oidc/); tests may give one with short time-outs. */
  oidc?: RelyingParty;
  /** The SCIM service's per-organization request budget (server/scim/rate-limit.ts). */
  scimRateLimit?: Partial<ScimRateLimit>;
  /**
   * This process's change-notice subscribers (server/events/hub.ts) over the database handle's
   * LISTEN; main.ts closes it at shutdown. Without one, `GET /api/events` replays and beats but no
   * live notice arrives.
   */
  notices?: NoticeHub;
  /** The event stream's heartbeat and coalescing window (tests shorten them). */
  liveStream?: Partial<LiveStreamOptions>;
  /** Requests per minute of one API key on /api/v1 (API_RATE_LIMIT; server/public-api/). */
  apiRateLimit?: number;
  /** Keep answered device list pages per devices_version (default true; the bench measures both). */
  apiPageCache?: boolean;
  /**
   * How long the public API's read events wait before they are written together, and how many
   * are written at once (server/public-api/read-events.ts; tests and the bench may change them).
   */
  apiReadEvents?: Partial<ReadEventOptions>;
}

/** The resolved dependencies the route modules use. */
export interface Services {
  db: Database;
  mailer: Mailer;
  queue: JobQueue;
  now: () => Date;
  production: boolean;
  publicUrl: string | undefined;
  passwords: PasswordVerifier;
  ownOrigins: string[];
  sessionIdleMs: number;
  trustProxy: boolean;
  tasks: BackgroundTasks;
  logger: Logger;
  integrations: IntegrationOptions;
  /** Null: the built-in test processor. */
  stripe: StripeGateway | null;
  oidc: RelyingParty;
  scimRateLimit: ScimRateLimit;
  apiRateLimit: number;
  apiPageCache: boolean;
  apiReadEvents: ReadEventOptions;
}
