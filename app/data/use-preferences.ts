import { useCallback } from 'react';
import useSWR from 'swr';
import {
  DEFAULT_PREFERENCES,
  getPreferences,
  updatePreferences,
  type Preferences,
  type UpdatePreferencesBody,
} from '@contract/preferences';
import { api } from '../api/api';
import { isExpectedFailure, reportError } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { swrKey } from './swr-key';

export const preferencesKey = swrKey(getPreferences);

export interface PreferencesHandle {
  /** The saved preferences, or the defaults until they arrive (or when they cannot be read). */
  preferences: Preferences;
  /** True once the server answered: a screen may wait for it to avoid a layout jump. */
  loaded: boolean;
  /**
   * Saves a change at once on screen (optimistic); on failure the screen goes back to what it
   * showed before and a toast says so. Resolves true when saved.
   */
  update: (change: UpdatePreferencesBody) => Promise<boolean>;
}

/**
 * The signed-in administrator's own preferences, kept on the server (docs/decisions/060-column-
 * chooser-and-command-palette.md): theme and the device and alert tables' column layouts. A read
 * that fails leaves the defaults on screen without a toast (the screen's own read says what is
 * wrong); a bug is still reported.
 */
export function usePreferences(): PreferencesHandle {
  const { data, mutate } = useSWR(preferencesKey, () => api.call(getPreferences), {
    revalidateOnFocus: false,
    onError: (error) => {
      if (!isExpectedFailure(error)) reportError(error, { action: 'getPreferences' });
    },
  });
  const update = useCallback(
    async (change: UpdatePreferencesBody) => {
      try {
        await mutate(
          () => api.call(updatePreferences, { body: change, skipGenericMessages: true }),
          {
            optimisticData: (current) => ({ ...(current ?? DEFAULT_PREFERENCES), ...change }),
            rollbackOnError: true,
            populateCache: true,
            revalidate: false,
          },
        );
        return true;
      } catch (error) {
        if (!isExpectedFailure(error)) reportError(error, { action: 'updatePreferences' });
        notify.error(messages.savePreferencesFailed);
        return false;
      }
    },
    [mutate],
  );
  return { preferences: data ?? DEFAULT_PREFERENCES, loaded: data !== undefined, update };
}
