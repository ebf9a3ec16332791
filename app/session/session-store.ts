import type { Session } from '@contract/session';

/**
 * The session store (docs/product/sign-in.md, 'Session'): the signed-in user's session as the
 * server last described it. The HttpOnly cookie is the authority; this copy (kept in localStorage
 * so a reload knows which screens to show at once) is revalidated by one GET /session per page
 * load.
 */
export type SessionAction =
  | { type: 'FetchSessionData'; session: Session }
  | { type: 'PaymentUpdated'; session: Session }
  | { type: 'Delete' };

export function sessionReducer(state: Session | null, action: SessionAction): Session | null {
  switch (action.type) {
    case 'FetchSessionData':
      return action.session;
    case 'PaymentUpdated':
      // Keeps user, organization and portalPreferences; takes the rest (the error) from the answer.
      return state
        ? {
            ...action.session,
            user: state.user,
            organization: state.organization,
            portalPreferences: state.portalPreferences,
          }
        : action.session;
    case 'Delete':
      return null;
  }
}

/**
 * Signed in means a session whose user name is non-empty
 * (docs/product/README.md, 'Signed in or not').
 */
export function isSignedIn(session: Session | null): session is Session {
  return Boolean(session?.user.name);
}

const STORAGE_KEY = 'portal:session';

export interface SessionStore {
  get(): Session | null;
  dispatch(action: SessionAction): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(storage: Storage | undefined = safeStorage()): SessionStore {
  let state: Session | null = read(storage);
  let serialized = state ? JSON.stringify(state) : null;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = sessionReducer(state, action);
      const text = next ? JSON.stringify(next) : null;
      // The page load's revalidation usually brings back what is stored: nothing re-renders.
      if (text === serialized) return;
      state = next;
      serialized = text;
      try {
        if (text) storage?.setItem(STORAGE_KEY, text);
        else storage?.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or blocked: the in-memory session still works for this page.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function read(storage: Storage | undefined): Session | null {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Session;
    return value && typeof value === 'object' && value.user ? value : null;
  } catch {
    return null;
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
