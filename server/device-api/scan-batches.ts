/**
 * Group commit of scan reports (docs/decisions/056-scan-ingestion-throughput.md): reports that
 * arrive while a batch is being written wait and go together in the next one, one transaction
 * for all of them. On PGlite every transaction runs alone and each statement costs a round trip
 * through the WebAssembly engine (~0.4 ms of CPU), so a statement per batch instead of per report
 * is what makes hundreds of reports a second fit on one core; on PostgreSQL it saves the commits
 * and the organization row's devices_version bump that every report would otherwise take in turn.
 *
 * Rules, so that batching changes no answer:
 * - a report's promise settles only after its batch committed (or failed);
 * - a device is never in two batches at once nor twice in one (its second report waits for the
 *   next batch): reports of one device are applied one after another, as before;
 * - a batch that fails is retried one report at a time, each in a transaction of its own, so a
 *   report that fails fails alone and never takes another's report with it.
 * No timer: an idle service starts a batch on the next turn of the event loop (no added wait);
 * under load the batch is whatever arrived meanwhile, up to `maxBatch`.
 */

/** One report waiting for its batch; `key` names its device (two with one key never share). */
export interface BatchItem<R> {
  key: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface ScanBatcherOptions {
  /** Batches written at once (1 on PGlite, which runs one transaction at a time). */
  maxInFlight: number;
  /** Reports per batch at most. */
  maxBatch: number;
}

/**
 * Runs `apply` over batches of submitted items. `apply` answers each item's result (in the
 * batch's order) once its transaction has committed, or throws (nothing committed).
 */
type Waiting<T, R> = BatchItem<R> & { item: T };

export class ScanBatcher<T, R> {
  #waiting: Array<Waiting<T, R>> = [];
  readonly #busy = new Set<string>();
  #running = 0;
  #scheduled = false;

  constructor(
    private readonly apply: (items: T[]) => Promise<R[]>,
    private readonly options: ScanBatcherOptions,
  ) {}

  /** Queues `item` (of the device `key`); settles once its batch has committed or failed. */
  submit(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ key, item, resolve, reject });
      this.#pump();
    });
  }

  /** Reports waiting for a batch (tests). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Starts batches on the event loop's next turn, not in the call that queued a report: requests
   * whose bytes have arrived meanwhile are read first and join the batch. Without this turn PGlite,
   * whose statements resolve without ever returning to the event loop, would start a batch for
   * the first report that reaches it and starve the others' reading until it commits: batches of
   * one (measured: docs/decisions/056-scan-ingestion-throughput.md).
   */
  #pump(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#start();
    });
  }

  #start(): void {
    while (this.#running < this.options.maxInFlight && this.#waiting.length > 0) {
      const batch: Array<Waiting<T, R>> = [];
      const rest: Array<Waiting<T, R>> = [];
      for (const entry of this.#waiting) {
        if (batch.length < this.options.maxBatch && !this.#busy.has(entry.key)) {
          this.#busy.add(entry.key);
          batch.push(entry);
        } else {
          rest.push(entry);
        }
      }
      if (batch.length === 0) return;
      this.#waiting = rest;
      this.#running++;
      void this.#run(batch).finally(() => {
        this.#running--;
        for (const entry of batch) this.#busy.delete(entry.key);
        this.#pump();
      });
    }
  }

  async #run(batch: Array<Waiting<T, R>>): Promise<void> {
    try {
      const results = await this.apply(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    // One report at a time: the one that fails fails alone.
    for (const b of batch) {
      try {
        const [result] = await this.apply([b.item]);
        b.resolve(result!);
      } catch (error) {
        b.reject(error);
      }
    }
  }
}
