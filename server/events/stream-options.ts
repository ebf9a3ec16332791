/** The event stream's settings and its Last-Event-ID rule (docs/decisions/052-live-console.md). */
import { HEARTBEAT_SECONDS } from '@contract/events';

export interface LiveStreamOptions {
  /** Between two heartbeats (and session checks); 25 s. Tests shorten it. */
  heartbeatMs: number;
  /** Notices arriving within this window go out as one event per topic. */
  coalesceMs: number;
}

export const DEFAULT_LIVE_STREAM_OPTIONS: LiveStreamOptions = {
  heartbeatMs: HEARTBEAT_SECONDS * 1000,
  coalesceMs: 50,
};

/**
 * The `Last-Event-ID` header: absent → undefined; one of our ids → that number; anything else
 * (garbage, a huge number) → null, answered with a reset.
 */
export function parseLastEventId(header: string | undefined): number | null | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
