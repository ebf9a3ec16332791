import type { ServerResponse } from 'node:http';
import type { Logger } from '../deps';

/**
 * Work done after the answer is sent (e.g. the reset e-mail, so a known address answers as fast as
 * an unknown one). Tracked so tests and a clean shutdown can wait for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger = console) {}

  /**
   * Runs `work` once `after` resolves (pass `answerSent(c)` for work that must not delay the
   * request's answer), or in the next turn of the event loop: never in this turn's microtasks.
   * Embedded PGlite runs queries on this thread, so a task started at once delays the answer by its
   * own cost; a password reset for a known address answered ~2 ms later than for an unknown one
   * until the reset waited for the answer to be sent (scripts/bench-sign-in.ts).
   */
  run(label: string, work: () => Promise<void>, after?: Promise<unknown>): void {
    const start = after ?? new Promise<void>((resolve) => setImmediate(resolve));
    const task = start
      .then(work)
      .catch((error: unknown) =>
        this.logger.error(`[background] ${label} failed:`, describeError(error)),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

/**
 * Resolves once the answer to this request has been handed to the network (the Node response's
 * `finish`), or in the next turn of the event loop where there is no socket (`app.request()` in
 * tests). For work that must not delay the answer by a single query.
 */
export function answerSent(c: { env?: unknown }): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.writableFinished) {
    return new Promise((resolve) => setImmediate(resolve));
  }
  return new Promise((resolve) => {
    outgoing.once('finish', () => resolve());
    outgoing.once('close', () => resolve());
  });
}

/**
 * A loggable description of an error without query parameters (Drizzle puts them into its error
 * messages, and they can hold password or token hashes).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const strip = (text: string) => text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  let out = `${error.name}: ${strip(error.message)}`;
  // Only the frames: the stack's first lines repeat the (unredacted) message.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) out += `\n${frames.slice(0, 8).join('\n')}`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) out += `\nCaused by ${cause.name}: ${strip(cause.message)}`;
  return out;
}
