import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { logout } from '@contract/session';
import { Spinner } from '@ui/spinner/spinner';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { sessionStore } from '../session/session';

/** Signs out: the session is cleared and the user returns to lookup even if the call fails. */
export default function LogoutScreen() {
  usePageTitle('Sign Out');
  const [, navigate] = useLocation();

  useEffect(() => {
    analytics.track('logout');
    void api
      .call(logout)
      .catch(() => undefined)
      .finally(() => {
        sessionStore.dispatch({ type: 'Delete' });
        navigate(paths.lookUp, { replace: true });
      });
  }, [navigate]);

  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label="Signing you out" />
    </div>
  );
}
