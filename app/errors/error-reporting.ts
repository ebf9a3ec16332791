import { isApiFailure } from '../api/client';
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

/** What a report says about where it came from (a Sentry tag). */
export interface ReportContext {
  /** The user's action that failed, e.g. 'saveWebhook'. */
  action?: string;
}

type Capture = (error: unknown, context?: ReportContext) => void;

/** Set once the SDK is ready; until then reports wait (a few at most) in `waiting`. */
let capture: Capture | null = null;
let waiting: [unknown, ReportContext | undefined][] | null = [];
const MAX_WAITING = 20;

const reportingOn = () => config.isProduction && Boolean(config.sentryDsn);

/**
 * Reports an error the portal caught and handled (so the SDK's global handlers never see it).
 * Without error reporting (development, or no DSN) it goes to the console in development only.
 */
export function reportError(error: unknown, context?: ReportContext): void {
  if (!reportingOn()) {
    if (!config.isProduction) console.error('Unexpected error (reported in production):', error);
    return;
  }
  if (capture) capture(error, context);
  else if (waiting && waiting.length < MAX_WAITING) waiting.push([error, context]);
}

/**
 * A failure a flow anticipates and shows itself (a declined card, a refused status): like an API
 * failure, it is shown with its catalogued message and never reported.
 */
export class ExpectedFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpectedFailure';
  }
}

/** An API failure (a failure status, no answer) or an ExpectedFailure: shown, not reported. */
export function isExpectedFailure(error: unknown): boolean {
  return isApiFailure(error) || error instanceof ExpectedFailure;
}

/**
 * The rule of every caught failure: the screen shows its catalogued message either way, and
 * whatever is not an expected failure (a bug: a TypeError, an answer breaking the contract) is
 * also reported, instead of hiding behind a 'Failed to…' toast.
 */
export function reportUnexpected(error: unknown, context?: ReportContext): void {
  if (!isExpectedFailure(error)) reportError(error, context);
}

/**
 * Error reporting (docs/product/README.md, 'Analytics and error reporting'): initialised only in
 * production builds with VITE_SENTRY_DSN, with a release label and trace sampling rate 1. The SDK
 * is a separate chunk loaded after first paint, so it never blocks the portal from showing.
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
        capture = (error, context) =>
          Sentry.captureException(
            error,
            context?.action ? { tags: { action: context.action } } : undefined,
          );
        for (const [error, context] of waiting ?? []) capture(error, context);
        waiting = null;
      })
      .catch(() => {
        // The SDK did not load (blocked, offline): reports are dropped, the portal carries on.
        waiting = null;
      });
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 1000);
}
