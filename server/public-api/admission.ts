/**
 * Admitting a key's requests in batches (docs/decisions/058-public-api-throughput.md, 'Key and
 * budget'): every request still waits for a database statement that checks its key (expired,
 * revoked, replaced, no API access) and counts it against the shared budget, but the requests of
 * one key that arrive while that key's statement runs share the next one. One client calling at a
 * time pays one statement per request, as before; fifty calling at once pay one statement per
 * batch of them.
 *
 * Why not a cache of keys: a statement that starts after the request arrived cannot answer with a
 * key revoked before it arrived, so revocation works at once in every process, and the budget
 * stays exact across processes (no leased blocks to over-grant). The cost is at most one extra
 * statement's wait for a request that arrives while another batch is in flight.
 */
import type { Organization } from '../db/schema';
import type { RateLimitState } from './rate-limit';

export interface Admitted {
  org: Organization;
  state: RateLimitState;
}

/** One statement for `requests` requests of a key: null when the key is not usable. */
export type AdmitBatch = (
  keyHash: string,
  requests: number,
) => Promise<{ org: Organization; states: RateLimitState[] } | null>;

interface Waiter {
  resolve: (value: Admitted | null) => void;
  reject: (error: unknown) => void;
}

interface KeyLine {
  running: boolean;
  waiting: Waiter[];
}

/**
 * A batch starts in the check phase of the event loop (setImmediate), after the poll phase has
 * read every request that arrived: started at once, the first request of each burst would go
 * alone (embedded PGlite runs the statement on this thread before the next socket is read).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class KeyAdmission {
  private readonly lines = new Map<string, KeyLine>();
  /** Statements run and requests admitted (the bench reports the mean batch). */
  readonly stats = { statements: 0, requests: 0 };

  /** `maxBatch` bounds one statement's batch (and so its RateLimit answer's size). */
  constructor(
    private readonly admitBatch: AdmitBatch,
    private readonly maxBatch = 500,
  ) {}

  /** The key's organization and this request's budget, or null (no such usable key). */
  admit(keyHash: string): Promise<Admitted | null> {
    return new Promise((resolve, reject) => {
      let line = this.lines.get(keyHash);
      if (!line) {
        line = { running: false, waiting: [] };
        this.lines.set(keyHash, line);
      }
      line.waiting.push({ resolve, reject });
      if (!line.running) void this.run(keyHash, line);
    });
  }

  /** Batches in flight or waiting, for tests. */
  get keys(): number {
    return this.lines.size;
  }

  private async run(keyHash: string, line: KeyLine): Promise<void> {
    line.running = true;
    while (line.waiting.length > 0) {
      await nextTurn();
      const batch = line.waiting.splice(0, this.maxBatch);
      this.stats.statements += 1;
      this.stats.requests += batch.length;
      try {
        const found = await this.admitBatch(keyHash, batch.length);
        batch.forEach((waiter, i) =>
          waiter.resolve(found ? { org: found.org, state: found.states[i]! } : null),
        );
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    line.running = false;
    this.lines.delete(keyHash);
  }
}
