// First: before any zod schema is built (no eval under the Content-Security-Policy).
import '@ui/styles.css';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocation } from 'wouter';
import { analytics } from './analytics/instance';
import { api } from './api/api';
import { reportUnexpected, startErrorReporting } from './errors/error-reporting';
import { AppFrame } from './frame/app-frame';
import { AppErrorBoundary } from './routing/app-error-boundary';
import { AppRoutes } from './routing/routes';
import { paths } from './routing/paths';
import { preloadRoute } from './routing/route-intent';
import { sessionStore } from './session/session';

/** Page views on every route change (docs/product/README.md, 'Analytics and error reporting'). */
function PageViews() {
  const [location] = useLocation();
  useEffect(() => analytics.page(location), [location]);
  return null;
}

/**
 * One GET /session per page load, when this browser believes it is signed in: it refreshes the
 * stored copy, or (401) applies the rule and returns to lookup. The sso-login screen fetches the
 * session itself, so the revalidation skips it.
 */
function revalidateSession() {
  if (!sessionStore.get() || location.pathname === paths.ssoLogin) return;
  import('@contract/session')
    .then(({ getSession }) => api.call(getSession))
    .then((session) => sessionStore.dispatch({ type: 'FetchSessionData', session }))
    // The stored copy stays until the next load; a bug is reported.
    .catch((error: unknown) => reportUnexpected(error, { action: 'revalidateSession' }));
}

/** Revalidates once the frame (and its toast area) is on screen, so a 401 is always seen. */
function SessionRevalidation() {
  useEffect(() => revalidateSession(), []);
  return null;
}

// The first route's code and data start together (README, 'Performance': no waterfall).
if (sessionStore.get()) preloadRoute(location.pathname, location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <PageViews />
      <SessionRevalidation />
      <AppFrame>
        <AppRoutes />
      </AppFrame>
    </AppErrorBoundary>
  </StrictMode>,
);

startErrorReporting();
