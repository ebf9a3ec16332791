// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePage } from '@contract/devices';
import { DEFAULT_DASHBOARD_QUERY, type DashboardQuery } from './dashboard-query';

// The API client is the boundary: each call returns a promise the test settles.
const calls: { query: unknown; resolve: (v: DevicePage) => void; reject: (e: Error) => void }[] =
  [];
vi.mock('../api/api', () => ({
  api: {
    call: vi.fn(
      (_endpoint: unknown, options: { query: unknown }) =>
        new Promise<DevicePage>((resolve, reject) =>
          calls.push({ query: options.query, resolve, reject }),
        ),
    ),
  },
}));
vi.mock('../messages/toasts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

const { prefetchFirstPage, useDevicePages } = await import('./use-device-pages');

const page = (code: string): DevicePage => ({
  devices: [{ code, memberName: 'Ada Lovelace' } as DevicePage['devices'][number]],
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
