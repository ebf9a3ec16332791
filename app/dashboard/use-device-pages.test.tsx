// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevicePage } from '@contract/devices';
import { DEFAULT_DASHBOARD_QUERY, type DashboardQuery } from './dashboard-query';

// The API client is the boundary: each call returns a promise the test settles.
const calls: {
  query: unknown;
  body?: unknown;
  resolve: (v: DevicePage) => void;
  reject: (e: Error) => void;
}[] = [];
vi.mock('../api/api', () => ({
  api: {
    call: vi.fn(
      (_endpoint: unknown, options: { query?: unknown; body?: unknown }) =>
        new Promise<DevicePage>((resolve, reject) =>
          calls.push({ query: options.query, body: options.body, resolve, reject }),
        ),
    ),
  },
}));
const notify = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../messages/toasts', () => ({ notify }));

const { prefetchFirstPage, useDevicePages, useUnenroll } = await import('./use-device-pages');

const page = (...codes: string[]): DevicePage => ({
  devices: codes.map(
    (code) => ({ code, memberName: 'Ada Lovelace' }) as DevicePage['devices'][number],
  ),
  totalPages: 1,
});

// Each test its own list (SWR's default cache is shared by the file).
const list = (pageSize: number): DashboardQuery => ({ ...DEFAULT_DASHBOARD_QUERY, pageSize });

afterEach(() => {
  calls.length = 0;
});

describe('the dashboard’s first page, requested by route intent', () => {
  it('arrives before the screen: the first render has the rows, and nothing is asked again', async () => {
    const query = list(11);
    prefetchFirstPage(query);
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve(page('EARLY-1')));

    const { result } = renderHook(() => useDevicePages(query));
    expect(result.current.loading).toBe(false);
    expect(result.current.devices.map((d) => d.code)).toEqual(['EARLY-1']);
    expect(calls).toHaveLength(1);
  });

  it('still in flight when the screen mounts: the screen takes it (one request)', async () => {
    const query = list(12);
    prefetchFirstPage(query);
    const { result } = renderHook(() => useDevicePages(query));
    expect(result.current.loading).toBe(true);
    await act(async () => calls[0]!.resolve(page('FLIGHT-1')));
    await waitFor(() => expect(result.current.devices.map((d) => d.code)).toEqual(['FLIGHT-1']));
    expect(calls).toHaveLength(1);
  });

  it('failed before the screen mounts: the screen shows the failure without asking again', async () => {
    const query = list(13);
    prefetchFirstPage(query);
    await act(async () => calls[0]!.reject(new Error('500')));
    const { result } = renderHook(() => useDevicePages(query));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.totalPages).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('is asked once however often the intent fires', () => {
    const query = list(14);
    prefetchFirstPage(query);
    prefetchFirstPage(query);
    expect(calls).toHaveLength(1);
  });
});

/** The unenroll call (a page's idle prefetch of the next one may come in between). */
const unenrollCall = () => calls.find((c) => c.body !== undefined);

describe('unenrolling from the dashboard', () => {
  // The idle prefetch of the next page would be one more request, whenever the browser idles:
  // here the browser never does (happy-dom has no requestIdleCallback, so one stands in).
  beforeEach(() => {
    Object.assign(window, { requestIdleCallback: () => 0, cancelIdleCallback: () => undefined });
  });
  afterEach(() => {
    const w = window as Partial<Window>;
    delete w.requestIdleCallback;
    delete w.cancelIdleCallback;
  });

  it('takes the codes out of every cached page of the list, without asking again', async () => {
    const first = list(15);
    const second = { ...first, page: 2 };
    // Both pages arrive through route intent, keyed as the screen keys them.
    prefetchFirstPage(first);
    prefetchFirstPage(second);
    await act(async () => {
      calls[0]!.resolve({ ...page('A-1', 'A-2'), totalPages: 2 });
      calls[1]!.resolve({ ...page('B-1', 'B-2'), totalPages: 2 });
    });

    // The user saw page 2, then went back to page 1.
    const { result, rerender } = renderHook(
      ({ query }: { query: DashboardQuery }) => ({
        pages: useDevicePages(query),
        unenroll: useUnenroll(query),
      }),
      { initialProps: { query: second } },
    );
    expect(result.current.pages.devices.map((d) => d.code)).toEqual(['B-1', 'B-2']);
    rerender({ query: first });
    expect(result.current.pages.devices.map((d) => d.code)).toEqual(['A-1', 'A-2']);

    let done!: Promise<unknown>;
    act(() => {
      done = result.current.unenroll.trigger(['A-2', 'B-1']);
    });
    expect(result.current.unenroll.busy).toBe(true);
    await act(async () => {
      unenrollCall()!.resolve({} as DevicePage);
      await done;
    });

    expect(result.current.unenroll.busy).toBe(false);
    expect(result.current.pages.devices.map((d) => d.code)).toEqual(['A-1']);
    expect(notify.success).toHaveBeenCalledWith('Unenrolled 2 device(s)');
    rerender({ query: second });
    expect(result.current.pages.devices.map((d) => d.code)).toEqual(['B-2']);
    // Nothing was fetched again: the two pages and the unenroll.
    expect(calls).toHaveLength(3);
  });

  it('a failed unenroll says so and leaves the pages as they were', async () => {
    const query = list(16);
    prefetchFirstPage(query);
    await act(async () => calls[0]!.resolve(page('C-1')));
    const { result } = renderHook(() => ({
      pages: useDevicePages(query),
      unenroll: useUnenroll(query),
    }));
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.unenroll.trigger(['C-1']);
    });
    await act(async () => {
      unenrollCall()!.reject(new Error('offline'));
      await done;
    });
    expect(notify.error).toHaveBeenCalledWith('Failed to unenroll devices. Please try again');
    expect(result.current.pages.devices.map((d) => d.code)).toEqual(['C-1']);
  });
});
