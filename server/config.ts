/**
 * The server's configuration from the environment (pure: env in, settings or a refusal out), read
 * once by main.ts. A setting that would make the deployment unsafe or broken stops the start with
 * one `[config]` line naming the variable; a risky but legal one starts with a WARNING line.
 */
import path from 'node:path';
import { cspOptionsFromEnv, type CspOptions } from './http/security-headers';
import { isLoopbackHost } from './http/public-url';
import { DEFAULT_SESSION_IDLE_MS } from './auth/sessions';
import { parseRetrySchedule } from './queue/schedule';
import { DEFAULT_API_RATE_LIMIT } from './public-api/rate-limit';
import { mailSettingsFromEnv, type MailSettings } from './mail/settings';
import {
  readStripeSettings,
  StripeSettingsError,
  type StripeSettings,
} from './billing/stripe/settings';

export interface ServerConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Write the demo organizations into an empty database (development only). */
  seedDemo: boolean;
  sessionIdleMs: number;
  /** Extra origins of the development portal (the Vite dev server) links may point to. */
  devPortalOrigins: string[];
  contentSecurity: CspOptions;
  /** SMTP_URL and MAIL_FROM: where e-mail goes (no SMTP_URL: the development mailbox). */
  mail: MailSettings;
  /** DELIVERY_RETRY_SCHEDULE: seconds between attempts of e-mails and webhook deliveries. */
  retrySchedule: readonly number[];
  /** Billing through Stripe (docs/decisions/040-stripe.md); null: the built-in test processor. */
  stripe: StripeSettings | null;
  /** API_RATE_LIMIT: requests per minute of one API key on /api/v1 (docs/decisions/054). */
  apiRateLimit: number;
  /** Lines to print at start: legal but risky settings. */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const warnings: string[] = [];

  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  }

  // Development serves an open mailbox (every reset link) and a password-free identity provider:
  // only this machine may reach it unless HOST says otherwise
  // (docs/decisions/015-sign-in-security.md).
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  if (!production && !isLoopbackHost(host)) {
    warnings.push(
      `WARNING: development mode listens on ${host}, beyond this machine: the development ` +
        'mailbox (every reset link) and the password-free identity provider are reachable from ' +
        'the network. Set NODE_ENV=production for a deployment.',
    );
  }

  // Demo organizations have a published password: never in production
  // (docs/decisions/015-sign-in-security.md).
  const seedSetting = env.SEED_DEMO?.trim() ?? '';
  if (!['', '0', '1'].includes(seedSetting)) {
    throw new ConfigError(`SEED_DEMO must be 0 or 1, got ${JSON.stringify(env.SEED_DEMO)}`);
  }
  if (production && seedSetting === '1') {
    throw new ConfigError(
      'SEED_DEMO=1 is refused with NODE_ENV=production: the demo accounts have a published ' +
        'password. Create a real organization with `npm run org:create` (README, Deployment).',
    );
  }
  const seedDemo = !production && seedSetting !== '0';

  const idleMinutes = Number(env.SESSION_IDLE_MINUTES ?? DEFAULT_SESSION_IDLE_MS / 60_000);
  if (!Number.isFinite(idleMinutes) || idleMinutes <= 0) {
    throw new ConfigError(
      `SESSION_IDLE_MINUTES must be a positive number of minutes, got ${JSON.stringify(env.SESSION_IDLE_MINUTES)}`,
    );
  }

  const publicUrl = env.PUBLIC_URL || undefined;
  if (publicUrl) {
    let parsed: URL;
    try {
      parsed = new URL(publicUrl);
    } catch {
      throw new ConfigError(
        `PUBLIC_URL must be a URL such as https://portal.example.com, got ${JSON.stringify(publicUrl)}`,
      );
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(publicUrl)}`);
    }
  } else if (production) {
    warnings.push(
      'PUBLIC_URL is not set: e-mails cannot contain links (password reset, invitations), the ' +
        'SCIM URL cannot be shown and single sign-on has no Redirect URL in production.',
    );
  }

  let contentSecurity: CspOptions;
  let mail: MailSettings;
  let retrySchedule: readonly number[];
  try {
    contentSecurity = cspOptionsFromEnv(env);
    // Production without SMTP_URL would accept password resets and invitations and send nothing.
    mail = mailSettingsFromEnv(env, { production });
    retrySchedule = parseRetrySchedule(env.DELIVERY_RETRY_SCHEDULE);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }

  let stripe: StripeSettings | null;
  try {
    stripe = readStripeSettings(env, production);
  } catch (error) {
    if (error instanceof StripeSettingsError) throw new ConfigError(error.message);
    throw error;
  }

  // The public API's budget per key and minute (docs/decisions/054-public-api.md).
  const apiRateText = env.API_RATE_LIMIT?.trim() ?? '';
  const apiRateLimit = apiRateText === '' ? DEFAULT_API_RATE_LIMIT : Number(apiRateText);
  if (
    !/^\d{1,9}$/.test(apiRateText || '0') ||
    !Number.isInteger(apiRateLimit) ||
    apiRateLimit < 1
  ) {
    throw new ConfigError(
      `API_RATE_LIMIT must be a whole number of requests per minute (1 or more), got ${JSON.stringify(env.API_RATE_LIMIT)}`,
    );
  }

  return {
    apiRateLimit,
    production,
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? '.data/'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    publicUrl,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedDemo,
    sessionIdleMs: idleMinutes * 60_000,
    devPortalOrigins: (env.DEV_PORTAL_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    contentSecurity,
    mail,
    retrySchedule,
    stripe,
    warnings,
  };
}
