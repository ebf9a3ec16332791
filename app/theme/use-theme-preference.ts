import * as React from 'react';

import type { Theme } from '@domain/preferences';
import { usePreferences } from '../data/use-preferences';
import { setTheme, useThemeChoice } from './theme-store';

/**
 * The signed-in administrator's theme (docs/decisions/061-dark-mode.md): their saved preference
 * wins once it has loaded (and goes into this browser's store, so the next first paint, signed in
 * or out, is already right); until then the browser's last choice shows. Choosing saves on the
 * server; a failed save puts the saved theme back (the preferences hook rolls back and says so).
 */
export function useThemePreference(): { theme: Theme; choose: (theme: Theme) => void } {
  const theme = useThemeChoice();
  const { preferences, loaded, update } = usePreferences();
  const saved = preferences.theme;
  React.useEffect(() => {
    if (loaded) setTheme(saved);
  }, [loaded, saved]);
  const choose = React.useCallback(
    (next: Theme) => {
      setTheme(next);
      void update({ theme: next });
    },
    [update],
  );
  return { theme, choose };
}
