/**
 * Answers of device list pages, per organization and devices_version (docs/decisions/054,
 * 'Cached pages'): the version moves in the transaction of every change to the organization's
 * devices (0002_devices.sql's trigger), and the key lookup reads it with the organization, so a
 * cached page is never older than the request's view of the list. Bounded: past MAX_ENTRIES the
 * oldest entries go; concurrent misses of one page share one query.
 */
const MAX_ENTRIES = 500;

/** A page as answered: checked against the contract and serialised once (decision 058). */
export interface CachedPage {
  json: string;
  /** The next page's cursor, for the Link header. */
  next: string | null;
  /** The JSON gzip-compressed, made on the first request that accepts gzip. */
  gzip?: Uint8Array;
}

/**
 * Whether an Accept-Encoding header picks gzip, as the compress middleware would choose between
 * gzip and deflate (hono/compress: gzip at q=1 or the higher q; `*` counts for both).
 */
export function picksGzip(header: string | undefined): boolean {
  if (!header) return false;
  const q = (name: string): number | undefined => {
    for (const part of header.split(',')) {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim().toLowerCase() !== name) continue;
      const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const value = qParam ? Number(qParam.slice(2)) : 1;
      return Number.isFinite(value) ? value : 0;
    }
    return undefined;
  };
  const any = q('*');
  const gzip = q('gzip') ?? any ?? 0;
  const deflate = q('deflate') ?? any ?? 0;
  return gzip > 0 && gzip >= deflate;
}

export class PageCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  get(orgId: number, version: number, key: string, load: () => Promise<T>): Promise<T> {
    const id = `${orgId}:${version}:${key}`;
    const hit = this.entries.get(id);
    if (hit) return hit;
    const loading = load();
    this.entries.set(id, loading);
    // A failed load is not kept (the next request tries again).
    loading.catch(() => this.entries.delete(id));
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }
}
