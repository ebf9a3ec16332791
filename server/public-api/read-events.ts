/**
 * The public API's `api_key.called` events, written in batches (docs/decisions/058-public-api-
 * throughput.md, 'Audit events of reads'): a read changes nothing, so its event need not share a
 * transaction with anything. Events wait in this process's buffer and are appended together
 * (`appendEvents`: one transaction, one INSERT per organization) at most `flushMs` after the first
 * of them, or at once when `maxEvents` are waiting. A change's own event is not this: it stays in
 * the change's transaction (./routes.ts).
 *
 * Each flush is a background task (`BackgroundTasks`), so a graceful shutdown (main.ts awaits
 * `tasks.idle()` before closing the database) writes what is waiting, and tests await them with
 * `t.tasks.idle()`. What a crash (SIGKILL, power loss) loses: the events of the last `flushMs`
 * (100 ms by default) of reads, never a change's event. A flush that fails is tried once more with
 * the next one; if that fails too its events are dropped with one log line that counts them.
 */
import type { Database } from '../db';
import { appendEvents, type NewAuditEvent } from '../audit/data';
import type { BackgroundTasks } from '../system/background';
import { describeError } from '../system/background';
import type { Logger } from '../deps';

export interface ReadEventOptions {
  /** The longest an event waits in the buffer (default 100 ms). */
  flushMs: number;
  /** A buffer this full is written at once (default 500 events). */
  maxEvents: number;
}

export const DEFAULT_READ_EVENT_OPTIONS: ReadEventOptions = { flushMs: 100, maxEvents: 500 };

interface Waiting {
  event: NewAuditEvent;
  /** Whether a flush already failed with it. */
  retried: boolean;
}

export class ReadEventBuffer {
  private waiting: Waiting[] = [];
  private scheduled = false;
  /** One flush at a time, in order: events keep the order they were recorded in. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly tasks: BackgroundTasks,
    private readonly logger: Logger,
    private readonly options: ReadEventOptions = DEFAULT_READ_EVENT_OPTIONS,
  ) {}

  /** Events recorded and not yet written. */
  get size(): number {
    return this.waiting.length;
  }

  add(event: NewAuditEvent): void {
    this.waiting.push({ event, retried: false });
    if (this.waiting.length >= this.options.maxEvents) this.schedule(0);
    else this.schedule(this.options.flushMs);
  }

  private schedule(delayMs: number): void {
    if (this.scheduled && delayMs > 0) return;
    this.scheduled = true;
    const after =
      delayMs > 0
        ? new Promise<void>((resolve) => setTimeout(resolve, delayMs))
        : new Promise<void>((resolve) => setImmediate(resolve));
    this.tasks.run('public API read events', () => this.flush(), after);
  }

  /** Writes every waiting event (after any flush already under way). */
  flush(): Promise<void> {
    const next = this.chain.then(() => this.write());
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting.splice(0);
    if (batch.length === 0) return;
    try {
      await appendEvents(
        this.db,
        batch.map((w) => w.event),
      );
    } catch (error) {
      const again = batch.filter((w) => !w.retried);
      const lost = batch.length - again.length;
      for (const w of again) w.retried = true;
      this.waiting.unshift(...again);
      if (again.length > 0) this.schedule(this.options.flushMs);
      this.logger.error(
        `[public-api] writing ${batch.length} audit events of API calls failed` +
          (lost > 0 ? ` (${lost} lost after a second try)` : ' (tried again with the next batch)') +
          ':',
        describeError(error),
      );
    }
  }
}
