import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { analytics } from '../analytics/instance';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { sessionStore } from '../session/session';
import { useLogout } from './use-auth';

/** Signs out: the session is cleared and the user returns to lookup even if the call fails. */
export default function LogoutScreen() {
  usePageTitle('Sign Out');
  const [, navigate] = useLocation();
  const { trigger: signOut } = useLogout();

  useEffect(() => {
    analytics.track('logout');
    void signOut().then(() => {
      sessionStore.dispatch({ type: 'Delete' });
      navigate(paths.lookUp, { replace: true });
    });
  }, [navigate, signOut]);

  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label="Signing you out" />
    </div>
  );
}
