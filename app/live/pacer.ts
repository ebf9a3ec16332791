/**
 * Pacing of a list's revalidation by live notices (docs/decisions/052-live-console.md): the first
 * notice after a quiet spell fetches at once (the figure: commit → revalidating GET), later ones
 * at most once per `minIntervalMs`, and never while a fetch is still in flight; notices meanwhile
 * fold into one fetch after it. 1,000 notices a second are at most 2.5 requests a second.
 */
export interface PacerOptions {
  /** Between the starts of two fetches (default 400 ms: docs/decisions/052-live-console.md). */
  minIntervalMs?: number;
  now?: () => number;
}

export const DEFAULT_MIN_INTERVAL_MS = 400;

export class RevalidationPacer {
  private inFlight = false;
  private pending = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly minIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly run: () => Promise<unknown> | unknown,
    options: PacerOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
    this.now = options.now ?? (() => Date.now());
  }

  /** Something changed: fetch now, or once the interval or the fetch in flight allows. */
  notify(): void {
    if (this.disposed) return;
    this.pending = true;
    this.pump();
  }

  /** Whether a fetch is waiting (for the interval or the one in flight). */
  get waiting(): boolean {
    return this.pending;
  }

  dispose(): void {
    this.disposed = true;
    this.pending = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.disposed || this.inFlight || this.timer || !this.pending) return;
    const wait = this.lastStart + this.minIntervalMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    this.pending = false;
    this.inFlight = true;
    this.lastStart = this.now();
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(this.run());
    } catch (error) {
      result = Promise.reject(error);
    }
    // A failed fetch shows its own message (the read's onError); the pacing goes on.
    void result
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = false;
        this.pump();
      });
  }
}
