/**
 * The tab's one connection to the live event stream, `GET /api/events` (contract/events.ts,
 * docs/decisions/052-live-console.md). Opened while a screen listens (the dashboard, the alerts
 * console) and closed when none does; the browser sends the session cookie (same origin).
 *
 * - The browser's EventSource reconnects by itself after a dropped connection, with
 *   `Last-Event-ID`. When it gives up (an answer that is not a stream: 401, 503), this module
 *   asks the session (`onSessionCheck`: a 401 there applies the 401 rule) and, if still signed
 *   in, opens a new one after a backoff (1 s, 2 s, 4 s … 30 s), naming the last id in the query.
 * - `signed-out` (the session ended elsewhere): the stream closes and the session check runs.
 */
import { LiveEvents, type LiveEventData, type LiveEventName } from '@contract/events';
import type { NoticeTopic } from '@domain/live';

export type LiveNotice =
  | { topic: NoticeTopic; opened: number }
  /** Some notices may be lost: revalidate everything shown. */
  | { topic: 'reset'; opened: 0 };

export type LiveListener = (notice: LiveNotice) => void;

/** The part of EventSource this module uses (tests give a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
}

export interface LiveNoticesOptions {
  url: string;
  createSource?: (url: string) => EventSourceLike;
  /** Resolves true while the session holds (a 401 applies the portal's 401 rule). */
  onSessionCheck: () => Promise<boolean>;
  /** The n-th consecutive failed opening waits this long (default 1 s doubling up to 30 s). */
  backoffMs?: (attempt: number) => number;
}

const CLOSED = 2;

export const reconnectDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

export class LiveNotices {
  private readonly listeners = new Set<LiveListener>();
  private source: EventSourceLike | null = null;
  private lastEventId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: LiveNoticesOptions) {}

  /** Listens until the returned function is called; the first listener opens the stream. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Whether a stream is open or being opened (for tests and the e2e check). */
  get connected(): boolean {
    return this.source !== null && this.source.readyState !== CLOSED;
  }

  private emit(notice: LiveNotice): void {
    for (const listener of [...this.listeners]) listener(notice);
  }

  private open(): void {
    this.clearTimer();
    if (this.listeners.size === 0) return;
    const url = this.lastEventId
      ? `${this.options.url}?lastEventId=${encodeURIComponent(this.lastEventId)}`
      : this.options.url;
    const source = (this.options.createSource ?? ((u) => new EventSource(u)))(url);
    this.source = source;
    const on = <N extends LiveEventName>(name: N, handle: (data: LiveEventData<N>) => void) =>
      source.addEventListener(name, (event) => {
        if (this.source !== source) return;
        if (event.lastEventId) this.lastEventId = event.lastEventId;
        let data: LiveEventData<N>;
        try {
          data = LiveEvents[name].parse(JSON.parse(event.data)) as LiveEventData<N>;
        } catch {
          return; // not ours to act on
        }
        handle(data);
      });
    on('ready', () => {
      this.attempt = 0;
    });
    on('devices', () => this.emit({ topic: 'devices', opened: 0 }));
    on('alerts', (d) => this.emit({ topic: 'alerts', opened: d.opened }));
    on('reset', () => {
      this.attempt = 0;
      this.emit({ topic: 'reset', opened: 0 });
    });
    on('signed-out', () => {
      this.stop();
      void this.options.onSessionCheck();
    });
    source.onopen = () => {
      this.attempt = 0;
    };
    source.onerror = () => {
      if (this.source !== source || source.readyState !== CLOSED) return; // the browser retries
      this.source = null;
      source.close();
      this.retry();
    };
  }

  private retry(): void {
    const delay = (this.options.backoffMs ?? reconnectDelayMs)(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.options.onSessionCheck().then(
        (signedIn) => {
          if (signedIn) this.open();
        },
        () => this.retry(),
      );
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private stop(): void {
    this.clearTimer();
    this.source?.close();
    this.source = null;
  }
}
