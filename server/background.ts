import type { Logger } from './deps';

/**
 * Work done after the answer is sent (e.g. the reset e-mail, so a known address answers as fast as
 * an unknown one). Tracked so tests and a clean shutdown can wait for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger = console) {}

  /**
   * Runs `work` after the current request's answer has been written: the task starts in the next
   * turn of the event loop, not in this one's microtasks (embedded PGlite runs queries on this
   * thread, so a task starting at once would delay the answer by its own cost — which made a
   * password reset for a known address answer measurably later than for an unknown one).
   */
  run(label: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
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
