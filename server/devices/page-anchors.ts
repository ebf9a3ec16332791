/**
 * An in-process LRU of "page anchors": for one list (organization, filters, order, page size) the
 * sort key of the last row of every full page, and the row count. With them page N is an index
 * range scan that starts right after page N-1's last row, whatever N is.
 *
 * Entries are keyed by the organization's devices_version (bumped by a trigger in the transaction
 * of every device change), so a change is never served from stale anchors; entries of an older
 * version are dropped the first time a newer one is seen. Concurrent misses of one key share one
 * computation (the entry holds the promise). Bounded by entries and by the anchors held in total.
 */

export interface PageAnchors {
  /** Rows in the list. */
  total: number;
  /** anchors[i]: the sort key (as text, id last) of the last row of page i + 1. */
  anchors: string[][];
}

interface Entry {
  orgId: number;
  version: number;
  value: Promise<PageAnchors>;
  /** Anchors held (0 until computed). */
  weight: number;
}

export interface PageAnchorCacheOptions {
  maxEntries?: number;
  maxAnchors?: number;
}

export class PageAnchorCache {
  readonly maxEntries: number;
  readonly maxAnchors: number;
  #entries = new Map<string, Entry>();
  #latest = new Map<number, number>();
  #anchors = 0;

  constructor(options: PageAnchorCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 256;
    this.maxAnchors = options.maxAnchors ?? 1_000_000;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The anchors of `list` at `version`, computed by `compute` on a miss. */
  get(
    orgId: number,
    version: number,
    list: string,
    compute: () => Promise<PageAnchors>,
  ): Promise<PageAnchors> {
    this.#dropOlderThan(orgId, version);
    const key = `${orgId}|${version}|${list}`;
    const hit = this.#entries.get(key);
    if (hit) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry = { orgId, version, value: compute(), weight: 0 };
    this.#entries.set(key, entry);
    entry.value.then(
      (anchors) => {
        if (this.#entries.get(key) !== entry) return;
        entry.weight = anchors.anchors.length;
        this.#anchors += entry.weight;
        this.#evict();
      },
      () => this.#remove(key, entry),
    );
    this.#evict();
    return entry.value;
  }

  #dropOlderThan(orgId: number, version: number): void {
    const latest = this.#latest.get(orgId);
    if (latest !== undefined && latest >= version) return;
    this.#latest.set(orgId, version);
    if (latest === undefined) return;
    for (const [key, entry] of this.#entries) {
      if (entry.orgId === orgId && entry.version < version) this.#remove(key, entry);
    }
  }

  #remove(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#anchors -= entry.weight;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#anchors <= this.maxAnchors) return;
      // Always keep the newest entry, however large: its caller is waiting for it.
      if (this.#entries.size === 1) return;
      this.#remove(key, entry);
    }
  }
}
