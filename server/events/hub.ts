/**
 * This process's subscribers to change notices (docs/decisions/052-live-console.md). One LISTEN
 * per process (PGlite: in-process; PostgreSQL: a connection of its own, so a change committed by
 * any process sharing the database reaches every open console), fanned out here by organization:
 * a subscriber hears only its own organization's notices.
 */
import type { DatabaseHandle, ListenHandlers } from '../db';
import type { Logger } from '../deps';
import { NOTICE_CHANNEL, parseNotice, type Notice } from './notices';

export interface NoticeSubscriber {
  notice(notice: Notice): void;
  /** Notices may have been missed (the LISTEN connection was lost): revalidate everything. */
  gap(): void;
  /** The server is shutting down: end the stream. */
  end(): void;
}

export type ListenFn = DatabaseHandle['listen'];

export class NoticeHub {
  private readonly byOrg = new Map<number, Set<NoticeSubscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  /** `listen`: the database handle's (null: no notices arrive; streams still replay and beat). */
  constructor(
    private readonly listen: ListenFn | null,
    private readonly logger: Logger = console,
  ) {}

  /**
   * Adds a subscriber of `orgId`; resolves once the LISTEN is in place (so what the caller reads
   * from the table afterwards plus what arrives covers every commit). Returns the unsubscribe.
   */
  async subscribe(orgId: number, subscriber: NoticeSubscriber): Promise<() => void> {
    if (this.closed) throw new Error('the notice hub is closed');
    const set = this.byOrg.get(orgId) ?? new Set();
    set.add(subscriber);
    this.byOrg.set(orgId, set);
    const unsubscribe = () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byOrg.get(orgId) === set) this.byOrg.delete(orgId);
    };
    try {
      await this.start();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** Open subscribers (for tests and the shutdown log). */
  get size(): number {
    let n = 0;
    for (const set of this.byOrg.values()) n += set.size;
    return n;
  }

  private start(): Promise<unknown> {
    if (!this.listen) return Promise.resolve();
    if (!this.listening) {
      const handlers: ListenHandlers = {
        onNotify: (payload) => this.dispatch(payload),
        onGap: () => this.each((s) => s.gap()),
      };
      this.listening = this.listen(NOTICE_CHANNEL, handlers);
      // A failed LISTEN is tried again by the next subscriber.
      this.listening.catch((error: unknown) => {
        this.logger.error('[events] LISTEN failed:', (error as Error).message);
        this.listening = null;
      });
    }
    return this.listening;
  }

  private dispatch(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    const set = this.byOrg.get(notice.orgId);
    if (!set) return;
    for (const subscriber of [...set]) subscriber.notice(notice);
  }

  private each(fn: (s: NoticeSubscriber) => void): void {
    for (const set of [...this.byOrg.values()]) for (const s of [...set]) fn(s);
  }

  /** Ends every stream and stops listening (server shutdown: open streams must not hold it). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.each((s) => s.end());
    this.byOrg.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.();
  }
}
