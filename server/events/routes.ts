/**
 * `GET /api/events` (contract/events.ts): the live console's Server-Sent Events stream
 * (docs/decisions/052-live-console.md). Not a JSON call, so not through route(); the same session
 * cookie and the same 401 as every call (decision 002), scoped to the session's organization.
 *
 * A stream: subscribe to this process's NoticeHub (LISTEN in place) → replay what the
 * `Last-Event-ID` missed (or `reset`), or `ready` with the newest id → the notices as they come,
 * coalesced over a short window (a burst of 1,000 scan reports is a handful of events, each with the
 * newest id) → a heartbeat comment every 25 s, which also checks that the session still holds
 * (`signed-out` and the end of the stream otherwise). Server shutdown ends every stream.
 */
import type { Hono } from 'hono';
import type { ErrorBody } from '@contract/endpoint';
import { EVENTS_PATH, type LiveEventName } from '@contract/events';
import type { NoticeTopic } from '@domain/live';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import { API_PREFIX } from '../http/route';
import { readSessionToken } from '../auth/session-cookie';
import { findSession } from '../auth/sessions';
import { describeError } from '../system/background';
import type { NoticeHub } from './hub';
import type { Notice } from './notices';
import { newestNoticeId, replayAfter, sessionHolds } from './data';
import { parseLastEventId, type LiveStreamOptions } from './stream-options';

export function eventsRoutes(
  app: Hono<AppEnv>,
  s: Services,
  hub: NoticeHub,
  isReady: () => boolean,
  options: LiveStreamOptions,
): void {
  app.get(`${API_PREFIX}${EVENTS_PATH}`, async (c) => {
    if (!isReady()) return c.json({ error: 'Starting up' } satisfies ErrorBody, 503);
    const token = readSessionToken(c, s.production);
    const session = token ? await findSession(s.db, token, s.now(), s.sessionIdleMs) : null;
    if (!session) return c.json({ error: 'Not signed in' } satisfies ErrorBody, 401);
    const orgId = session.org.id;
    // The browser's own reconnect sends the header; a stream the portal opens anew (after an
    // error that closed its EventSource) names the id in the query, as EventSource cannot set it.
    const lastEventId = parseLastEventId(
      c.req.header('last-event-id') ?? c.req.query('lastEventId'),
    );

    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let ended = false;
    let unsubscribe = () => {};
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    let flushTimer: NodeJS.Timeout | undefined;
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(timers.heartbeat);
      clearTimeout(flushTimer);
      unsubscribe();
    };
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        controller = ctrl;
      },
      cancel: cleanup,
    });
    const write = (text: string) => {
      if (ended) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        cleanup();
      }
    };
    const end = () => {
      if (ended) return;
      cleanup();
      try {
        controller.close();
      } catch {
        // already closed by the client
      }
    };
    const send = (name: LiveEventName, data: object, id?: number) =>
      write(
        `event: ${name}\ndata: ${JSON.stringify(data)}\n${id === undefined ? '' : `id: ${id}\n`}\n`,
      );

    // Notices of the window being collected, per topic: the newest id and the alerts opened.
    const pending = new Map<NoticeTopic, { id: number; opened: number }>();
    let sentId = 0;
    const flush = () => {
      flushTimer = undefined;
      const batch = [...pending.entries()].sort((a, b) => a[1].id - b[1].id);
      pending.clear();
      for (const [topic, { id, opened }] of batch) {
        if (topic === 'alerts') send('alerts', { opened }, id);
        else send('devices', {}, id);
        sentId = Math.max(sentId, id);
      }
    };
    let live = false;
    const early: Notice[] = [];
    const take = (n: Notice) => {
      const p = pending.get(n.topic);
      pending.set(n.topic, { id: Math.max(p?.id ?? 0, n.id), opened: (p?.opened ?? 0) + n.opened });
      flushTimer ??= setTimeout(flush, options.coalesceMs);
    };

    try {
      unsubscribe = await hub.subscribe(orgId, {
        notice: (n) => (live ? take(n) : early.push(n)),
        gap: () => {
          pending.clear();
          send('reset', {}, sentId || undefined);
        },
        end,
      });
      if (lastEventId === undefined) {
        sentId = await newestNoticeId(s.db);
        send('ready', {}, sentId);
      } else {
        const replay =
          lastEventId === null
            ? { kind: 'reset' as const, lastId: await newestNoticeId(s.db) }
            : await replayAfter(s.db, orgId, lastEventId);
        if (replay.kind === 'reset') {
          sentId = replay.lastId;
          send('reset', {}, sentId);
        } else {
          sentId = lastEventId ?? 0;
          for (const n of replay.notices) take(n);
          if (flushTimer) clearTimeout(flushTimer);
          flush();
        }
      }
      // What arrived while the replay was read: those not already covered.
      for (const n of early) if (n.id > sentId) take(n);
      early.length = 0;
      live = true;
    } catch (error) {
      cleanup();
      s.logger.error('[events] could not open the stream:', describeError(error));
      return c.json({ error: 'Internal server error' } satisfies ErrorBody, 500);
    }

    timers.heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      sessionHolds(s.db, session.id, s.now(), s.sessionIdleMs).then(
        (holds) => {
          if (holds) return;
          send('signed-out', {});
          end();
        },
        (error: unknown) => s.logger.warn('[events] session check failed:', describeError(error)),
      );
    }, options.heartbeatMs);
    timers.heartbeat.unref();

    // Not cached, not compressed (compress() leaves text/event-stream alone), not buffered by a
    // proxy (X-Accel-Buffering); the security headers are added by the app's middleware as usual.
    c.header('Content-Type', 'text/event-stream; charset=utf-8');
    c.header('Cache-Control', 'no-store, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return c.body(body, 200);
  });
}
