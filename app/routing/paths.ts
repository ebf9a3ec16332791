/** Every route of spec 2.1, and what each needs. */
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
