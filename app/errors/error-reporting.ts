import { config } from '../config';

/** Keys whose values never leave the browser in an error report. */
const SECRET_KEYS =
  /pass(word)?|token|secret|authorization|auth[-_]?header|cookie|api[-_]?key|card/i;

/** Replace secret-looking values anywhere in an event before it is sent. */
export function scrub<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : scrub(v, depth + 1);
  }
  return out as T;
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
