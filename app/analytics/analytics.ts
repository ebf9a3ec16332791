import { redactText, SECRET_KEY } from '../privacy/redact';
import { ANALYTICS_EVENTS, type AnalyticsEventKey } from './events';

export type AnalyticsRecord =
  | { kind: 'page'; path: string; at: number }
  | {
      kind: 'event';
      name: string;
      properties?: Record<string, string | number | boolean>;
      at: number;
    };

/** Where records go: console in development, an in-memory recorder for tests, a provider. */
export interface AnalyticsSink {
  send(record: AnalyticsRecord): void;
}

/**
 * The path reported for a page view: the token after `update-password/` is stripped so it never
 * reaches the analytics provider (docs/product/README.md, 'Analytics and error reporting').
 */
export function pageViewPath(pathname: string): string {
  // Only the path (a query or fragment is not a page), and nothing secret-looking in it.
  const path = pathname.replace(/[?#].*$/, '');
  return redactText(path.replace(/(\/update-password\/).*$/, '$1'));
}

export type AnalyticsProperties = Record<string, string | number | boolean>;

/** Longest text property sent (events describe actions, not content). */
export const MAX_PROPERTY_LENGTH = 100;

/**
 * Event properties as they may leave the browser (decision 010): no property under a secret-looking
 * key, no secret-looking value inside a text, texts cut to {@link MAX_PROPERTY_LENGTH}, and only
 * strings, finite numbers and booleans.
 */
export function sanitizeProperties(
  properties: AnalyticsProperties | undefined,
): AnalyticsProperties | undefined {
  if (!properties) return undefined;
  const out: AnalyticsProperties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'string') out[key] = redactText(value).slice(0, MAX_PROPERTY_LENGTH);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      out[key] = value;
  }
  return out;
}

export function consoleSink(): AnalyticsSink {
  return {
    send(record) {
      console.debug('[analytics]', record.kind === 'page' ? record.path : record.name, record);
    },
  };
}

/** Keeps the records in memory; end-to-end tests read them through `window.__portalAnalytics`. */
export function recorderSink(records: AnalyticsRecord[] = []): AnalyticsSink & {
  records: AnalyticsRecord[];
} {
  return {
    records,
    send(record) {
      records.push(record);
      if (records.length > 500) records.shift();
    },
  };
}

/** A real provider: each record as a JSON beacon to a collector URL. */
export function beaconSink(url: string): AnalyticsSink {
  return {
    send(record) {
      const body = JSON.stringify(record);
      if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
      void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    },
  };
}

export function createAnalytics(sinks: AnalyticsSink[], now: () => number = Date.now) {
  let lastPath: string | null = null;
  const emit = (record: AnalyticsRecord) => {
    for (const sink of sinks) {
      try {
        sink.send(record);
      } catch {
        // Analytics never breaks the portal.
      }
    }
  };
  return {
    page(pathname: string) {
      const path = pageViewPath(pathname);
      if (path === lastPath) return;
      lastPath = path;
      emit({ kind: 'page', path, at: now() });
    },
    track(key: AnalyticsEventKey, properties?: AnalyticsProperties) {
      emit({
        kind: 'event',
        name: ANALYTICS_EVENTS[key],
        properties: sanitizeProperties(properties),
        at: now(),
      });
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
