import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { isSignedIn } from '../session/session-store';
import { useSession } from '../session/session';
import { paths } from './paths';

// Route-level code splitting: every screen is its own chunk.
const LookupScreen = lazy(() => import('../auth/lookup-screen'));
const LoginScreen = lazy(() => import('../auth/login-screen'));
const PasswordResetScreen = lazy(() => import('../auth/password-reset-screen'));
const UpdatePasswordScreen = lazy(() => import('../auth/update-password-screen'));
const SsoLoginScreen = lazy(() => import('../auth/sso-login-screen'));
const LogoutScreen = lazy(() => import('../auth/logout-screen'));
const ErrorScreen = lazy(() => import('../error/error-screen'));
const DashboardScreen = lazy(() => import('../dashboard/dashboard-screen'));
const ComingSoonScreen = lazy(() => import('../placeholder/coming-soon-screen'));
const SettingsScreen = lazy(() => import('../settings/settings-screen'));
const AlertsScreen = lazy(() => import('../alerts/alerts-screen'));
const MembersScreen = lazy(() => import('../members/members-screen'));
const MemberManagementScreen = lazy(() => import('../members/member-management-screen'));
const MemberUploadScreen = lazy(() => import('../members/member-upload-screen'));
const MemberManualScreen = lazy(() => import('../members/member-manual-screen'));
const MemberConfirmScreen = lazy(() => import('../members/member-confirm-screen'));
const SsoSelectionScreen = lazy(() => import('../members/sso-selection-screen'));
const SsoSetupScreen = lazy(() => import('../members/sso-setup-screen'));
const MemberSsoGroupsScreen = lazy(() => import('../members/member-sso-groups-screen'));
const WelcomeScreen = lazy(() => import('../welcome/welcome-screen'));

/** Signed-in screens that later releases build, with their page names. */
const comingSoonPages: ReadonlyArray<readonly [string, string]> = [
  [paths.addAdmin, 'Add Admin'],
  [paths.resendAdminInvite, 'Resend Admin Invite'],
];

function placeholder(title: string): ComponentType {
  return function Placeholder() {
    return <ComingSoonScreen title={title} />;
  };
}

const comingSoon = comingSoonPages.map(([path, title]) => [path, placeholder(title)] as const);

function Loading() {
  // data-page-loading: the frame keeps its footer out of the way meanwhile (no layout shift).
  return (
    <div data-page-loading="" className="flex justify-center py-24">
      <Spinner size="lg" />
    </div>
  );
}

/** Screens reachable signed in or out. */
function sharedRoutes() {
  return [
    <Route key="reset" path={paths.passwordReset} component={PasswordResetScreen} />,
    <Route key="update" path={paths.updatePassword} component={UpdatePasswordScreen} />,
    <Route key="sso" path={paths.ssoLogin} component={SsoLoginScreen} />,
    <Route key="logout" path={paths.logout} component={LogoutScreen} />,
    <Route key="error" path={paths.error} component={ErrorScreen} />,
  ];
}

/**
 * docs/product/README.md, 'Routes': signed out, the root and any unknown path go to lookup; signed
 * in (a session whose user name is non-empty), they go to the dashboard, and so do the sign-in
 * screens.
 */
export function AppRoutes() {
  const session = useSession();
  const signedIn = isSignedIn(session);
  const [location] = useLocation();

  // A session error of severity 'error' sends the user to the error page
  // (docs/product/messages.md, 'Error page').
  if (
    signedIn &&
    session.error?.severity === 'error' &&
    location !== paths.error &&
    location !== paths.logout
  ) {
    return <Redirect to={paths.error} replace />;
  }

  return (
    <Suspense fallback={<Loading />}>
      {signedIn ? (
        <Switch>
          {sharedRoutes()}
          <Route path={paths.dashboard} component={DashboardScreen} />
          <Route path={paths.alertsConsole} component={AlertsScreen} />
          <Route path={paths.settings} component={SettingsScreen} />
          <Route path={paths.members} component={MembersScreen} />
          <Route path={paths.memberManagement} component={MemberManagementScreen} />
          <Route path={paths.memberUpload} component={MemberUploadScreen} />
          <Route path={paths.memberManualUpload} component={MemberManualScreen} />
          <Route path={paths.memberConfirm} component={MemberConfirmScreen} />
          <Route path={paths.ssoSelection} component={SsoSelectionScreen} />
          <Route path={paths.ssoSetup} component={SsoSetupScreen} />
          <Route path={paths.memberSsoGroups} component={MemberSsoGroupsScreen} />
          <Route path={paths.welcome} component={WelcomeScreen} />
          {comingSoon.map(([path, screen]) => (
            <Route key={path} path={path} component={screen} />
          ))}
          <Route>
            <Redirect to={paths.dashboard} replace />
          </Route>
        </Switch>
      ) : (
        <Switch>
          {sharedRoutes()}
          <Route path={paths.lookUp} component={LookupScreen} />
          <Route path={paths.login} component={LoginScreen} />
          <Route>
            <Redirect to={paths.lookUp} replace />
          </Route>
        </Switch>
      )}
    </Suspense>
  );
}
