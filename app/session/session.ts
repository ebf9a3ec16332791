import { useSyncExternalStore } from 'react';
import type { Session } from '@contract/session';
import { createSessionStore } from './session-store';

/** The portal's one session store. */
export const sessionStore = createSessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
