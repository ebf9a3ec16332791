/**
 * The live console's event stream (docs/decisions/052-live-console.md): `GET /events`, Server-Sent
 * Events (`text/event-stream`), not a JSON call, so it is not in `api.ts`'s registry. Session
 * cookie as every call; 401 `{ error }` without a session (the 401 rule, decision 002). Each event
 * names what changed in the session's organization; the portal then fetches the visible page
 * again. Every event but `signed-out` carries an `id:`; a reconnecting EventSource sends the last
 * one as `Last-Event-ID` and the server replays the notices after it, or sends `reset`.
 *
 * A comment line (`: heartbeat`) every {@link HEARTBEAT_SECONDS} seconds keeps proxies from
 * closing an idle stream.
 */
import * as z from 'zod/mini';
import './endpoint';

export const EVENTS_PATH = '/events';
export const HEARTBEAT_SECONDS = 25;

/** Each event's `event:` name and its `data:` JSON. */
export const LiveEvents = {
  /** The stream is open; `id:` is the newest notice so far (resume from here). */
  ready: z.object({}),
  /** Devices of the organization changed (enrolled, scanned, unenrolled, deactivated). */
  devices: z.object({}),
  /** Alerts were opened (`opened` of them) or updated (closed, reopened: `opened` 0). */
  alerts: z.object({ opened: z.number().check(z.int(), z.minimum(0)) }),
  /** Some notices may be lost (too old to resume, or the server missed some): revalidate all. */
  reset: z.object({}),
  /** The session ended (signed out, expired, blocked); the stream closes after this event. */
  'signed-out': z.object({}),
} as const;

export type LiveEventName = keyof typeof LiveEvents;
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LiveEvents)[N]>;
export const LIVE_EVENT_NAMES = Object.keys(LiveEvents) as LiveEventName[];
