import type { Theme } from '@domain/preferences';

/**
 * The colour theme on the page: `dark` on <html> switches every colour token to the dark palette
 * (tailwind.config.ts, docs/decisions/061-dark-mode.md). index.html's pre-paint script makes the
 * same choice from the same stored value before the first paint; keep the two in step (the
 * storage key and the rule 'dark, or system and the system is dark').
 */
export type ResolvedTheme = 'light' | 'dark';

/** Where the browser keeps the last chosen theme (read before the first paint). */
export const THEME_STORAGE_KEY = 'portal-theme';

/** The media query of a system in dark mode. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme to draw for a choice: 'system' follows the operating system. */
export function resolveTheme(choice: Theme, systemDark: boolean): ResolvedTheme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** Puts the theme on the document (the class the tokens key on). */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', theme === 'dark');
}
