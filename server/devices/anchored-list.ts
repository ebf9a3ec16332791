/**
 * Page anchors that stay exact while devices change (docs/decisions/055-lists-under-change.md).
 * Pure: no I/O.
 *
 * The anchors of a list were computed at one devices_version: anchor k is the sort key of the row
 * at position (k + 1) · pageSize then. Each change since (a device entering, leaving or moving
 * within the list) shifts the position of every anchor at or after it by one. Kept per anchor in a
 * Fenwick tree, the shift of anchor k is a prefix sum: page N is then read from the nearest anchor
 * as a short keyset range, skipping or stepping back the shift, and the count is the base count
 * plus the rows that entered minus those that left. A page therefore holds exactly the rows that
 * are at positions (N - 1) · pageSize + 1 … N · pageSize in the snapshot it was read in, as if the
 * anchors had been recomputed.
 */

/** How a sort key travels as text (data.ts renders each the same way for anchors and changes). */
export type KeyType = 'text' | 'smallint' | 'integer' | 'integer[]' | 'boolean' | 'timestamptz';

/** Unicode code point order: the byte order of UTF-8, i.e. PostgreSQL's COLLATE "C". */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800–DFFF) stands for a code point above U+FFFF: above every BMP unit.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function parseIntArray(text: string): number[] {
  const inner = text.slice(1, -1);
  return inner === '' ? [] : inner.split(',').map(Number);
}

/** Infinite timestamps as PostgreSQL prints them; finite ones are fixed-width ISO (data.ts). */
const TIME_RANK: Record<string, number> = { '-infinity': -1, infinity: 1 };

/** Compares two keys of one type as PostgreSQL orders them ascending. */
export function compareKey(type: KeyType, a: string, b: string): number {
  switch (type) {
    case 'text':
      return compareCodePoints(a, b);
    case 'smallint':
    case 'integer':
      return Number(a) - Number(b);
    case 'boolean':
      // PostgreSQL prints 'false' / 'true'; false sorts first.
      return Number(a === 'true') - Number(b === 'true');
    case 'integer[]': {
      const [x, y] = [parseIntArray(a), parseIntArray(b)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      }
      return x.length - y.length;
    }
    case 'timestamptz': {
      const [ra, rb] = [TIME_RANK[a] ?? 0, TIME_RANK[b] ?? 0];
      if (ra !== rb || ra !== 0) return ra - rb;
      return a < b ? -1 : a > b ? 1 : 0;
    }
  }
}

/** Compares two key tuples (the id last) in ascending index order. */
export function compareTuples(
  types: readonly KeyType[],
  a: readonly string[],
  b: readonly string[],
) {
  for (let i = 0; i < types.length; i++) {
    const c = compareKey(types[i] as KeyType, a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * One logged change, as the list sees it: the device's key tuple before and after when it was
 * (or is) in the list, null when not (absent, or outside the list's filters).
 */
export interface ListChange {
  version: number;
  /** Too many rows changed at once to log them: the anchors must be recomputed. */
  reset: boolean;
  before: string[] | null;
  after: string[] | null;
}

/**
 * How to read page N from the nearest anchor: `back` rows at or before the anchor (reading
 * backwards, after skipping `backSkip`), in list order, then `forward` rows after it (after
 * skipping `skip`). No anchor: from the start of the list.
 */
export interface PagePlan {
  anchor: string[] | null;
  back: number;
  backSkip: number;
  skip: number;
  forward: number;
}

export interface BaseAnchors {
  /** The devices_version the anchors were computed at. */
  version: number;
  total: number;
  /** anchors[i]: the sort key (as text, id last) of the last row of page i + 1. */
  anchors: string[][];
}

export class AnchoredList {
  readonly pageSize: number;
  readonly anchors: string[][];
  readonly computedAt: number;
  /** Every change up to this devices_version is counted in. */
  version: number;
  total: number;
  /** Changes applied since the anchors were computed. */
  applied = 0;
  /** A recomputation is under way (at most one per list). */
  refreshing = false;
  readonly #types: readonly KeyType[];
  readonly #descending: boolean;
  /** Fenwick tree over the anchors: the prefix sum up to k is anchor k's shift. */
  readonly #tree: Int32Array;

  constructor(
    base: BaseAnchors,
    options: { types: readonly KeyType[]; descending: boolean; pageSize: number; now: number },
  ) {
    this.version = base.version;
    this.total = base.total;
    this.anchors = base.anchors;
    this.pageSize = options.pageSize;
    this.computedAt = options.now;
    this.#types = options.types;
    this.#descending = options.descending;
    this.#tree = new Int32Array(base.anchors.length + 1);
  }

  /** What the cache counts (./page-anchors.ts). */
  get weight(): number {
    return this.anchors.length;
  }

  /** Compares two tuples in list order (a descending list reads the index backwards). */
  compare(a: readonly string[], b: readonly string[]): number {
    const c = compareTuples(this.#types, a, b);
    return this.#descending ? -c : c;
  }

  /**
   * Counts in the changes with a version above this list's, then marks it current up to `version`
   * (changes of later versions than `version` must not be passed). False when a change says
   * "recompute" (nothing is applied then).
   */
  apply(changes: readonly ListChange[], version: number): boolean {
    const fresh = changes.filter((c) => c.version > this.version);
    if (fresh.some((c) => c.reset)) return false;
    for (const change of fresh) {
      if (change.before) this.#move(change.before, -1);
      if (change.after) this.#move(change.after, +1);
      this.applied++;
    }
    this.version = Math.max(this.version, version);
    return true;
  }

  #move(key: readonly string[], by: number): void {
    this.total += by;
    // The first anchor the key is at or before: it and every later anchor shift.
    let lo = 0;
    let hi = this.anchors.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(key, this.anchors[mid] as string[]) <= 0) hi = mid;
      else lo = mid + 1;
    }
    for (let i = lo + 1; i <= this.anchors.length; i += i & -i) this.#tree[i]! += by;
  }

  /** How far anchor k has moved since it was computed (rows entered before it minus left). */
  shift(k: number): number {
    let sum = 0;
    for (let i = k + 1; i > 0; i -= i & -i) sum += this.#tree[i]!;
    return sum;
  }

  get totalPages(): number {
    return Math.ceil(this.total / this.pageSize);
  }

  /** How to read page `page` (1-based) in the list's current state. */
  plan(page: number): PagePlan {
    const size = this.pageSize;
    const before = (page - 1) * size;
    const k = Math.min(page - 2, this.anchors.length - 1);
    const anchor = k >= 0 ? (this.anchors[k] as string[]) : null;
    // Rows at or before the anchor now.
    const anchorPosition = k >= 0 ? (k + 1) * size + this.shift(k) : 0;
    const skip = before - anchorPosition;
    if (skip >= 0) return { anchor, back: 0, backSkip: 0, skip, forward: size };
    const back = -skip;
    if (back >= size) return { anchor, back: size, backSkip: back - size, skip: 0, forward: 0 };
    return { anchor, back, backSkip: 0, skip: 0, forward: size - back };
  }
}
