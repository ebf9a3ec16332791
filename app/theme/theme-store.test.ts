import { describe, expect, it } from 'vitest';

import { readStoredTheme, storeTheme, type ThemeStorage } from './theme-store';

function memory(
  initial: Record<string, string> = {},
): ThemeStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('the stored theme', () => {
  it('reads a known choice and falls back to system for anything else', () => {
    expect(readStoredTheme(memory({ 'portal-theme': 'dark' }))).toBe('dark');
    expect(readStoredTheme(memory({ 'portal-theme': 'light' }))).toBe('light');
    expect(readStoredTheme(memory({ 'portal-theme': 'purple' }))).toBe('system');
    expect(readStoredTheme(memory())).toBe('system');
    expect(readStoredTheme(undefined)).toBe('system');
  });

  it('writes under the key the pre-paint script reads', () => {
    const storage = memory();
    storeTheme('dark', storage);
    expect(storage.data).toEqual({ 'portal-theme': 'dark' });
  });

  it('survives a storage that throws', () => {
    const broken: ThemeStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredTheme(broken)).toBe('system');
    expect(() => storeTheme('light', broken)).not.toThrow();
  });
});
