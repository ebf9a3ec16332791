import { config } from '../config';
import {
  beaconSink,
  consoleSink,
  createAnalytics,
  recorderSink,
  type AnalyticsRecord,
  type AnalyticsSink,
} from './analytics';

declare global {
  interface Window {
    /** Set before the portal loads (e.g. by a test's init script) to record analytics in memory. */
    __PORTAL_ANALYTICS_RECORDER__?: boolean;
    __portalAnalytics?: AnalyticsRecord[];
  }
}

function sinks(): AnalyticsSink[] {
  const list: AnalyticsSink[] = [];
  if (import.meta.env.DEV) list.push(consoleSink());
  if (config.analyticsUrl) list.push(beaconSink(config.analyticsUrl));
  if (typeof window !== 'undefined' && window.__PORTAL_ANALYTICS_RECORDER__) {
    const recorder = recorderSink();
    window.__portalAnalytics = recorder.records;
    list.push(recorder);
  }
  return list;
}

/**
 * Page views on every route change and the named events
 * (docs/product/README.md, 'Analytics and error reporting').
 */
export const analytics = createAnalytics(sinks());
