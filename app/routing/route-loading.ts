import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * Whether a route's screen is still loading (its lazy chunk): the frame leaves its footer out
 * meanwhile, so the footer does not show at the bottom of the window and then jump below the
 * screen when it arrives (layout shift; issue 9).
 */
let loading = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const get = () => loading > 0;

export function useRouteLoading(): boolean {
  return useSyncExternalStore(subscribe, get, get);
}

/** Marks a route as loading for as long as it is mounted (the route's Suspense fallback). */
export function useMarkRouteLoading(): void {
  useLayoutEffect(() => {
    loading += 1;
    listeners.forEach((l) => l());
    return () => {
      loading -= 1;
      listeners.forEach((l) => l());
    };
  }, []);
}
