// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPreferences, updatePreferences, type Preferences } from '@contract/preferences';
import { ApiError } from '../api/client';
import type * as ErrorReporting from '../errors/error-reporting';
import { messages } from '../messages/messages';

// The API client is the boundary: each call waits for the test to settle it.
interface Call {
  endpoint: unknown;
  body?: unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
const calls: Call[] = [];
vi.mock('../api/api', () => ({
  api: {
    call: vi.fn(
      (endpoint: unknown, options: { body?: unknown } = {}) =>
        new Promise((resolve, reject) =>
          calls.push({ endpoint, body: options.body, resolve, reject }),
        ),
    ),
  },
}));
const notify = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../messages/toasts', () => ({ notify }));
const reportError = vi.hoisted(() => vi.fn());
vi.mock('../errors/error-reporting', async (original) => ({
  ...(await original<typeof ErrorReporting>()),
  reportError,
}));

const { usePreferences } = await import('./use-preferences');

const SAVED: Preferences = {
  theme: 'dark',
  deviceColumns: { order: ['code'], hidden: ['model'] },
  alertColumns: null,
};

function setup() {
  const cache = new Map();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>{children}</SWRConfig>
  );
  return renderHook(() => usePreferences(), { wrapper });
}

const next = async (endpoint: unknown) => {
  await waitFor(() => expect(calls.some((c) => c.endpoint === endpoint)).toBe(true));
  const at = calls.findIndex((c) => c.endpoint === endpoint);
  return calls.splice(at, 1)[0]!;
};

beforeEach(() => {
  calls.length = 0;
  vi.clearAllMocks();
});

describe('usePreferences', () => {
  it('shows the defaults until the server answers, then the saved preferences', async () => {
    const { result } = setup();
    expect(result.current.loaded).toBe(false);
    expect(result.current.preferences).toEqual({
      theme: 'system',
      deviceColumns: null,
      alertColumns: null,
    });
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.preferences).toEqual(SAVED);
  });

  it('a change shows at once and stays when the server saves it', async () => {
    const { result } = setup();
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const layout = { order: ['severity' as const], hidden: [] };
    let saved: Promise<boolean>;
    act(() => {
      saved = result.current.update({ alertColumns: layout });
    });
    // Optimistic: on screen before the server answered.
    await waitFor(() => expect(result.current.preferences.alertColumns).toEqual(layout));
    const patch = await next(updatePreferences);
    expect(patch.body).toEqual({ alertColumns: layout });
    await act(async () => {
      patch.resolve({ ...SAVED, alertColumns: layout });
      expect(await saved!).toBe(true);
    });
    expect(result.current.preferences).toEqual({ ...SAVED, alertColumns: layout });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a failed save goes back to what was shown, toasts the failure and does not report it', async () => {
    const { result } = setup();
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    let saved: Promise<boolean>;
    act(() => {
      saved = result.current.update({ theme: 'light', deviceColumns: null });
    });
    await waitFor(() => expect(result.current.preferences.theme).toBe('light'));
    expect(result.current.preferences.deviceColumns).toBeNull();
    await act(async () => {
      (await next(updatePreferences)).reject(new ApiError(500, { error: 'boom' }));
      expect(await saved!).toBe(false);
    });
    expect(result.current.preferences).toEqual(SAVED);
    expect(notify.error).toHaveBeenCalledWith(messages.savePreferencesFailed);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a bug (not an API failure) is reported as well as toasted', async () => {
    const { result } = setup();
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    let saved: Promise<boolean>;
    act(() => {
      saved = result.current.update({ theme: 'light' });
    });
    await act(async () => {
      (await next(updatePreferences)).reject(new TypeError('x is undefined'));
      expect(await saved!).toBe(false);
    });
    expect(result.current.preferences.theme).toBe('dark');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith(messages.savePreferencesFailed);
  });

  it('a read that fails leaves the defaults, without a toast', async () => {
    const { result } = setup();
    await act(async () => {
      (await next(getPreferences)).reject(
        new ApiError(0, undefined, 'offline', { kind: 'network' }),
      );
    });
    expect(result.current.preferences.theme).toBe('system');
    expect(result.current.loaded).toBe(false);
    expect(notify.error).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });
});
