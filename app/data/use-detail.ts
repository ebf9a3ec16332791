import useSWR, { preload } from 'swr';
import type { Endpoint, QueryOf, ResponseOf } from '@contract/endpoint';
import { api } from '../api/api';
import { isApiFailure } from '../api/client';
import { reportUnexpected } from '../errors/error-reporting';
import { swrKey } from './swr-key';

/** Where a detail drawer's read stands (docs/decisions/059). */
export interface DetailRead<T> {
  data: T | undefined;
  loading: boolean;
  /** The API said 404: the id is unknown, or another organization's. */
  notFound: boolean;
  /** Any other failure: shown inline with Retry. */
  failed: boolean;
  retry: () => void;
  /** Fetches it again (live updates); nothing while nothing is open. */
  revalidate: () => Promise<unknown>;
}

const fetchDetail = <E extends Endpoint>(endpoint: E, query: QueryOf<E>) =>
  // The drawer shows its own states (not found, failed with Retry): no generic toast for them.
  api.call(endpoint, { query, skipGenericMessages: true }) as Promise<ResponseOf<E>>;

/**
 * The read behind a detail drawer: one GET by id, keyed by the contract (swrKey), null while no
 * drawer is open. Its failures show in the drawer, not as toasts: a 404 is the drawer's not-found
 * state, anything else its error with Retry; what is not an API failure is also reported (the
 * failure rule, app/errors/error-reporting.ts).
 */
export function useDetail<E extends Endpoint>(
  endpoint: E,
  query: QueryOf<E> | null,
): DetailRead<ResponseOf<E>> {
  const { data, error, isLoading, mutate } = useSWR(
    query ? swrKey(endpoint, query as never) : null,
    () => fetchDetail(endpoint, query as QueryOf<E>),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: (e: unknown) =>
        reportUnexpected(e, { action: `${endpoint.method} ${endpoint.path}` }),
    },
  );
  const notFound = isApiFailure(error) && error.status === 404;
  return {
    data: error ? undefined : data,
    loading: isLoading && !data,
    notFound,
    failed: Boolean(error) && !notFound,
    retry: () => void mutate(),
    revalidate: () => mutate(),
  };
}

/** Starts a drawer's read before its screen renders (route intent: no waterfall). */
export function preloadDetail<E extends Endpoint>(endpoint: E, query: QueryOf<E>): void {
  void preload(swrKey(endpoint, query as never), () => fetchDetail(endpoint, query)).catch(
    () => undefined,
  );
}
