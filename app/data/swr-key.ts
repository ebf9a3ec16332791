import type { BodyOf, Endpoint, QueryOf } from '@contract/endpoint';
import { buildQuery } from '../api/client';

/** What identifies one read of an endpoint: its query, or for a read sent as POST its body. */
export type KeyParams<E extends Endpoint> = E['method'] extends 'GET' ? QueryOf<E> : BodyOf<E>;

const base = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/**
 * The SWR key of a read, derived from its contract endpoint and parameters here and only here:
 * the request line, e.g. `GET /orgs/webhook` or `GET /devices?page=2&pageSize=50&severity=high`.
 * A screen's data hook, a route-intent prefetch and a mutation's revalidation therefore name the
 * same cache entry the same way. Parameters are sorted by name (the same read has the same key
 * whatever order they were written in); empty ones are left out, as in the URL.
 */
export function swrKey<E extends Endpoint>(endpoint: E, params?: KeyParams<E>): string {
  const entries = Object.entries((params ?? {}) as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `${base(endpoint)}${buildQuery(Object.fromEntries(entries))}`;
}

/** Matches every cached key of an endpoint, whatever its parameters (e.g. every alerts page). */
export function isKeyOf(endpoint: Endpoint): (key: unknown) => boolean {
  const prefix = base(endpoint);
  return (key) => typeof key === 'string' && (key === prefix || key.startsWith(`${prefix}?`));
}

/** A key without some of its parameters: what the keys of one list share (e.g. all but `page`). */
export function withoutParams(key: string, names: readonly string[]): string {
  const at = key.indexOf('?');
  if (at < 0) return key;
  const params = new URLSearchParams(key.slice(at + 1));
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `${key.slice(0, at)}?${rest}` : key.slice(0, at);
}

/** The parameters of a key made by `swrKey`, for a fetcher that gets only the key (SWR infinite). */
export function keyParams(key: string): URLSearchParams {
  const at = key.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : key.slice(at + 1));
}
