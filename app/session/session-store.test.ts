import { describe, expect, it, vi } from 'vitest';
import { sessions } from '@contract/fixtures/sessions';
import { createSessionStore } from './session-store';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('the session store', () => {
  it('keeps the session across page loads (storage) and clears it on Delete', () => {
    const storage = memoryStorage();
    createSessionStore(storage).dispatch({ type: 'FetchSessionData', session: sessions.acme });
    const reloaded = createSessionStore(storage);
    expect(reloaded.get()).toEqual(sessions.acme);
    reloaded.dispatch({ type: 'Delete' });
    expect(createSessionStore(storage).get()).toBeNull();
  });

  it('does not notify (or re-render) when the revalidated session is what it already holds', () => {
    const storage = memoryStorage();
    createSessionStore(storage).dispatch({ type: 'FetchSessionData', session: sessions.acme });
    const store = createSessionStore(storage);
    const before = store.get();
    const listener = vi.fn();
    store.subscribe(listener);

    store.dispatch({ type: 'FetchSessionData', session: structuredClone(sessions.acme) });
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe(before);

    const renamed = structuredClone(sessions.acme);
    renamed.user.name = 'Someone Else';
    store.dispatch({ type: 'FetchSessionData', session: renamed });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual(renamed);
    expect(createSessionStore(storage).get()).toEqual(renamed);
  });
});
