import { useEffect } from 'react';
import useSWR, { mutate as mutateGlobal, preload, useSWRConfig } from 'swr';
import { exportDevicesCsv, listDevices, unenrollDevices, type DevicePage } from '@contract/devices';
import { api } from '../api/api';
import { downloadHref } from '../api/download';
import { readFailure } from '../data/read-failure';
import { isKeyOf, swrKey, withoutParams } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { toListDevicesQuery, type DashboardQuery } from './dashboard-query';

const EMPTY_PAGE: DevicePage = { devices: [], totalPages: 0 };

/**
 * SWR key of one page of one list, derived from the call (swrKey): the screen, the route-intent
 * prefetch and the next-page preload all name a page the same way.
 */
const pageKey = (query: DashboardQuery, page: number) =>
  swrKey(listDevices, toListDevicesQuery(query, page));

const isDevicesKey = isKeyOf(listDevices);

/** The list a cached key belongs to (its key without the page), or null for other data. */
function listOf(key: unknown): string | null {
  return typeof key === 'string' && isDevicesKey(key) ? withoutParams(key, ['page']) : null;
}

/** The list of a dashboard query: filters, sort and page size. */
const listOfQuery = (query: DashboardQuery) => listOf(pageKey(query, query.page));

function fetchPage(query: DashboardQuery, page: number) {
  return api.call(listDevices, { query: toListDevicesQuery(query, page) });
}

/**
 * First pages requested by route intent (page load, a hovered or focused nav link) before the
 * screen mounted, by SWR key. An answer that arrives first goes straight into SWR's cache, so the
 * screen's first render already has its rows (no loading state, no second render); one still in
 * flight, or a failure, is taken by the screen's first fetch (one request either way, and a
 * failure shows its message there).
 */
const early = new Map<string, Promise<DevicePage>>();
const EARLY_TTL_MS = 10_000;

export function prefetchFirstPage(query: DashboardQuery): void {
  const key = pageKey(query, query.page);
  if (early.has(key)) return;
  const promise = fetchPage(query, query.page);
  early.set(key, promise);
  promise.then(
    (page) => {
      if (early.get(key) !== promise) return; // the screen took it
      early.delete(key);
      void mutateGlobal(key, page, { revalidate: false });
    },
    () => undefined,
  );
  setTimeout(() => {
    if (early.get(key) === promise) early.delete(key);
  }, EARLY_TTL_MS);
}

function takeEarly(key: string): Promise<DevicePage> | undefined {
  const promise = early.get(key);
  early.delete(key);
  return promise;
}

/** Start loading a page before its screen needs it (idle prefetch of the next page). */
export function preloadDevicePage(query: DashboardQuery, page = query.page) {
  return preload(pageKey(query, page), () => fetchPage(query, page));
}

/**
 * The dashboard's pages (docs/product/dashboard.md, 'Pages'): cached by page number within one list
 * (filters + sort + page size); another list clears the cache; a failed fetch counts as an empty
 * page with 0 pages and says 'Failed to get dashboard rows'; the next page loads when idle.
 */
export function useDevicePages(query: DashboardQuery) {
  const { cache } = useSWRConfig();
  const currentList = listOfQuery(query);
  const key = pageKey(query, query.page);

  const { data, error, isLoading, mutate } = useSWR(
    key,
    () => takeEarly(key) ?? fetchPage(query, query.page),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
      keepPreviousData: false,
      onError: readFailure(listDevices, messages.dashboardRowsFailed),
    },
  );

  // Changing filters, sort or page size clears the pages of every other list.
  useEffect(() => {
    for (const cached of [...cache.keys()]) {
      const list = listOf(cached);
      if (list !== null && list !== currentList) cache.delete(cached);
    }
  }, [cache, currentList]);

  const page = error ? EMPTY_PAGE : data;
  const totalPages = page?.totalPages ?? 0;

  // Prefetch the next page when the browser is idle, so paging feels instant.
  useEffect(() => {
    if (!page || query.page >= totalPages) return;
    const next = query.page + 1;
    const run = () =>
      void preloadDevicePage(query, next).catch((error: unknown) =>
        reportUnexpected(error, { action: 'preloadDevicePage' }),
      );
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }, [page, query, totalPages]);

  return {
    devices: page?.devices ?? [],
    totalPages,
    /** Devices in the whole list; null when the server did not say. */
    total: page?.total ?? null,
    loading: isLoading && !page,
    failed: Boolean(error),
    /** Fetches the page again (the error state's Retry). */
    retry: () => void mutate(),
    /**
     * A live notice said devices changed (docs/decisions/052-live-console.md): the visible page is
     * fetched again, and the list's other cached pages are dropped (fetched when visited).
     */
    revalidate: () => {
      for (const cached of [...cache.keys()]) {
        if (cached !== key && listOf(cached) === currentList) cache.delete(cached);
      }
      return mutate();
    },
  };
}

/**
 * Unenroll (docs/product/dashboard.md, 'Unenroll'): the codes leave every cached page, unfetched.
 */
export function useUnenroll(query: DashboardQuery) {
  const { mutate } = useSWRConfig();
  const currentList = listOfQuery(query);
  return useMutation({
    action: 'unenrollDevices',
    run: (codes: string[]) => api.call(unenrollDevices, { body: { codes } }),
    success: (_answer, codes) => messages.devicesUnenrolled(codes.length),
    failure: messages.unenrollFailed,
    onSuccess: async (_answer, codes) => {
      const gone = new Set(codes);
      await mutate<DevicePage>(
        (k) => listOf(k) === currentList,
        (current) =>
          current && {
            ...current,
            devices: current.devices.filter((d) => !gone.has(d.code)),
            ...(current.total === undefined
              ? {}
              : { total: Math.max(0, current.total - gone.size) }),
          },
        { revalidate: false },
      );
    },
  });
}

/** Export CSV of the list as it stands: its filter, search and order, every page. */
export function exportDevicesHref(query: DashboardQuery): string {
  const { page: _page, pageSize: _pageSize, ...filters } = toListDevicesQuery(query);
  return downloadHref(exportDevicesCsv, filters);
}
