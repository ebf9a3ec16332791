/** Every route of the portal (docs/product/README.md, 'Routes'). */
export const paths = {
  dashboard: '/dashboard',
  error: '/error',
  ssoLogin: '/sso-login',
  login: '/login',
  logout: '/logout',
  lookUp: '/look-up',
  memberConfirm: '/member-confirm',
  memberSsoGroups: '/member-sso-groups',
  memberManagement: '/member-management',
  // The Members page (docs/product/members.md, 'The Members page'); the header's 'Members'.
  members: '/members',
  memberManualUpload: '/member-manual-upload',
  memberUpload: '/member-upload',
  passwordReset: '/password-reset',
  addAdmin: '/add-admin',
  resendAdminInvite: '/resend-admin-invite',
  settings: '/settings',
  ssoSetup: '/sso-setup',
  ssoSelection: '/sso-selection',
  updatePassword: '/update-password/:token',
  welcome: '/welcome',
  alertsConsole: '/alerts-console',
} as const;

export const settingsTab = (tab: string) => `${paths.settings}?tab=${encodeURIComponent(tab)}`;

/**
 * Where a fresh sign-in lands: the error page for a session error of severity error
 * (docs/product/sign-in.md, 'Sign in'), the trial welcome for an organization with no payment
 * method yet (its session carries update-payment: "No payment method stored"; decision 009), else
 * the dashboard.
 */
export function landingPath(session: { error: { type: string; severity: string } | null }): string {
  if (session.error?.severity === 'error') return paths.error;
  if (session.error?.type === 'update-payment') return paths.welcome;
  return paths.dashboard;
}
