/**
 * An in-process LRU of the device lists' page anchors (./anchored-list.ts): for one list
 * (organization, filters, order, page size) the sort key of the last row of every full page at one
 * devices_version, kept exact while devices change by the changes read since that version
 * (docs/decisions/055-lists-under-change.md).
 *
 * Entries are keyed by organization and list only: a device change no longer throws them away, the
 * list catches up instead, and a newer computation (a refresh) replaces an entry in place.
 * Concurrent misses of one key share one computation (the entry holds the promise). Bounded by
 * entries and by the anchors held in total.
 */

/** What the cache holds: anything that says how many anchors it keeps. */
export interface Weighed {
  readonly weight: number;
}

interface Entry<T> {
  value: Promise<T>;
  /** Anchors held (0 until computed). */
  weight: number;
}

export interface PageAnchorCacheOptions {
  maxEntries?: number;
  maxAnchors?: number;
}

export class PageAnchorCache<T extends Weighed> {
  readonly maxEntries: number;
  readonly maxAnchors: number;
  #entries = new Map<string, Entry<T>>();
  #anchors = 0;

  constructor(options: PageAnchorCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 256;
    this.maxAnchors = options.maxAnchors ?? 1_000_000;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry of `list`, computed by `compute` on a miss. */
  get(orgId: number, list: string, compute: () => Promise<T>): Promise<T> {
    const key = `${orgId}|${list}`;
    const hit = this.#entries.get(key);
    if (hit) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    return this.#put(key, compute());
  }

  /** Puts a newer value of `list` in place of whatever is there (a refresh, a recomputation). */
  replace(orgId: number, list: string, value: Promise<T>): Promise<T> {
    const key = `${orgId}|${list}`;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    return this.#put(key, value);
  }

  #put(key: string, value: Promise<T>): Promise<T> {
    const entry: Entry<T> = { value, weight: 0 };
    this.#entries.set(key, entry);
    entry.value.then(
      (computed) => {
        if (this.#entries.get(key) !== entry) return;
        entry.weight = computed.weight;
        this.#anchors += entry.weight;
        this.#evict();
      },
      () => this.#remove(key, entry),
    );
    this.#evict();
    return entry.value;
  }

  #remove(key: string, entry: Entry<T>): void {
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
