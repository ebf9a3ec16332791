// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPreferences, updatePreferences, type Preferences } from '@contract/preferences';
import { ApiError } from '../api/client';

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

const { useThemePreference } = await import('./use-theme-preference');
const { setTheme } = await import('./theme-store');

const SAVED: Preferences = { theme: 'dark', deviceColumns: null, alertColumns: null };

function setup() {
  const cache = new Map();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>{children}</SWRConfig>
  );
  return renderHook(() => useThemePreference(), { wrapper });
}

const next = async (endpoint: unknown) => {
  await waitFor(() => expect(calls.some((c) => c.endpoint === endpoint)).toBe(true));
  const at = calls.findIndex((c) => c.endpoint === endpoint);
  return calls.splice(at, 1)[0]!;
};

beforeEach(() => {
  calls.length = 0;
  vi.clearAllMocks();
  localStorage.clear();
  setTheme('light');
});

describe('useThemePreference', () => {
  it("shows this browser's last choice until the server answers, then the saved theme", async () => {
    const { result } = setup();
    expect(result.current.theme).toBe('light');
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.theme).toBe('dark'));
    // Kept for the next first paint (index.html's pre-paint script reads this key).
    expect(localStorage.getItem('portal-theme')).toBe('dark');
  });

  it('a choice shows at once and is saved on the server', async () => {
    const { result } = setup();
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.theme).toBe('dark'));
    act(() => result.current.choose('system'));
    expect(result.current.theme).toBe('system');
    const save = await next(updatePreferences);
    expect(save.body).toEqual({ theme: 'system' });
    save.resolve({ ...SAVED, theme: 'system' });
    await waitFor(() => expect(localStorage.getItem('portal-theme')).toBe('system'));
    expect(result.current.theme).toBe('system');
  });

  it('a refused save puts the saved theme back and says so', async () => {
    const { result } = setup();
    (await next(getPreferences)).resolve(SAVED);
    await waitFor(() => expect(result.current.theme).toBe('dark'));
    act(() => result.current.choose('light'));
    expect(result.current.theme).toBe('light');
    (await next(updatePreferences)).reject(new ApiError(500, { error: 'boom' }));
    await waitFor(() => expect(result.current.theme).toBe('dark'));
    expect(notify.error).toHaveBeenCalledOnce();
    expect(localStorage.getItem('portal-theme')).toBe('dark');
  });
});
