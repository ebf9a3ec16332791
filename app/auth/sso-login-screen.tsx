import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { getSession } from '@contract/session';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { ApiError } from '../api/client';
import { api } from '../api/api';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { landingPath, paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { isSsoOnboarding } from '../session/cookies';
import { sessionStore } from '../session/session';

/**
 * The return from the identity provider (docs/product/sign-in.md, 'Return from single sign-on').
 * The unnamed condition for going to the SSO groups screen is the SSO onboarding flag: an
 * administrator who just set SSO up continues with choosing groups; everyone else lands on the
 * dashboard.
 */
export default function SsoLoginScreen() {
  usePageTitle('Signing In');
  const [, navigate] = useLocation();

  useEffect(() => {
    let cancelled = false;
    api
      .call(getSession, { skipUnauthorizedRule: true })
      .then((session) => {
        if (cancelled) return;
        sessionStore.dispatch({ type: 'FetchSessionData', session });
        navigate(isSsoOnboarding() ? paths.memberSsoGroups : landingPath(session), {
          replace: true,
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) {
          sessionStore.dispatch({ type: 'Delete' });
          navigate(paths.lookUp, { replace: true });
        } else {
          reportUnexpected(error, { action: 'ssoLogin' });
          navigate(paths.error, { replace: true, state: { message: messages.couldNotLogIn } });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label="Signing you in" />
    </div>
  );
}
