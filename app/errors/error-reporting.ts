import { config } from '../config';
import { redactValue } from '../privacy/redact';

/**
 * Removes secrets from an event before it is sent (Sentry's `beforeSend` and
 * `beforeSendTransaction`): values under secret-looking keys, and secret-looking values inside
 * every string — the request URL and headers, breadcrumbs (fetch URLs and bodies, navigation
 * paths, console messages), exception messages, extra data, the transaction name, span
 * descriptions (see `app/privacy/redact.ts`).
 */
export function scrub<T>(event: T): T {
  return redactValue(event);
}

/**
 * Error reporting (spec 1): initialised only in production builds with VITE_SENTRY_DSN, with a
 * release label and trace sampling rate 1. The SDK is a separate chunk loaded after first paint,
 * so it never blocks the portal from showing.
 */
export function startErrorReporting(): void {
  if (!config.isProduction || !config.sentryDsn) return;
  const dsn = config.sentryDsn;
  const load = () =>
    import('@sentry/react')
      .then((Sentry) => {
        Sentry.init({
          dsn,
          release: config.release,
          environment: 'production',
          tracesSampleRate: 1,
          integrations: [Sentry.browserTracingIntegration()],
          beforeSend: (event) => scrub(event),
          beforeSendTransaction: (event) => scrub(event),
        });
      })
      .catch(() => undefined);
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 1000);
}
