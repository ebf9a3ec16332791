/**
 * Route intent (README, 'Performance'): when the user is about to see a route (the page loads on
 * it, or a link to it is hovered or focused), its code and its first data request start together,
 * so the data does not wait for the code. Only the lazy imports live here: this module is in the
 * first load.
 */
const intents: Record<string, (search: string) => void> = {
  '/dashboard': (search) => {
    void import('../dashboard/dashboard-screen');
    void import('../dashboard/preload').then((m) => m.prefetchDashboard(search));
  },
};

const started = new Set<string>();

/** Starts the route's preloads once per path and query. */
export function preloadRoute(path: string, search = ''): void {
  const intent = intents[path];
  const key = `${path}?${search}`;
  if (!intent || started.has(key)) return;
  started.add(key);
  intent(search.replace(/^\?/, ''));
  // A later intent (a new visit) may start it again: the prefetch is taken by one call only.
  setTimeout(() => started.delete(key), 5000);
}
