import * as React from 'react';

import { DEFAULT_THEME, THEMES, type Theme } from '@domain/preferences';
import { applyTheme, resolveTheme, SYSTEM_DARK_QUERY, THEME_STORAGE_KEY } from '@ui/lib/theme';

/**
 * The colour theme of this browser tab (docs/decisions/061-dark-mode.md). The administrator's
 * choice is kept on the server (their preferences) and wins once it has loaded; this browser
 * also keeps the last choice in localStorage so that index.html's pre-paint script draws the
 * first frame in it, signed in or out, before any request. One store for the whole tab, so the
 * menu and the page agree.
 */

/** Where this browser keeps the last choice; any storage with the same two calls works. */
export interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function browserStorage(): ThemeStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage switched off (privacy settings): the theme still works for this page.
    return undefined;
  }
}

/** The stored choice, or the default for a missing or unknown value. */
export function readStoredTheme(storage: ThemeStorage | undefined = browserStorage()): Theme {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme, storage: ThemeStorage | undefined = browserStorage()) {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Full or refused storage: only the next first paint may differ; the server keeps the choice.
  }
}

let current: Theme | null = null;
const listeners = new Set<() => void>();

function snapshot(): Theme {
  current ??= readStoredTheme();
  return current;
}

/** Changes the tab's theme (and this browser's stored choice). */
export function setTheme(theme: Theme) {
  storeTheme(theme);
  if (theme === current) return;
  current = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's chosen theme ('system', 'light' or 'dark'). */
export function useThemeChoice(): Theme {
  return React.useSyncExternalStore(subscribe, snapshot, () => DEFAULT_THEME);
}

/**
 * Draws the chosen theme: the class on <html>, and for 'system' a listener on the operating
 * system's setting, so switching the system to dark switches the open portal at once.
 */
export function useAppliedTheme(theme: Theme) {
  React.useEffect(() => {
    const media = typeof matchMedia === 'function' ? matchMedia(SYSTEM_DARK_QUERY) : null;
    const apply = () => applyTheme(resolveTheme(theme, media?.matches ?? false));
    apply();
    if (theme !== 'system' || !media) return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
