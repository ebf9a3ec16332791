/**
 * The typed catalogue of every user action the product reports
 * (docs/product/README.md, 'Analytics and error reporting'). Screens fire these by key; the sink
 * decides where they go.
 */
export const ANALYTICS_EVENTS = {
  signIn: 'Sign In',
  createAccount: 'Create Account',
  signUpLink: 'Sign Up Link',
  billing: 'Billing',
  logout: 'Logout',
  addMembers: 'Add Members',
  uploadMembersFileSelect: 'Upload Members: File Select',
  uploadMembersDrop: 'Upload Members: Drop',
  uploadMembersCsvButton: 'Upload Members: CSV Button',
  sso: 'SSO',
  nonSso: 'Non-SSO',
  manualEntry: 'Manual Entry',
  downloadCsvTemplate: 'Download CSV Template',
  lookupCompany: 'Lookup Company',
  sendInvitations: 'Send Invitations',
  resendInvitations: 'Resend Invitations',
  backToSsoGroups: 'Back To SSO Groups',
  backToMemberAddition: 'Back To Member Addition',
  submitGroups: 'Submit Groups',
  sortDashboardColumn: 'Sort Dashboard Column',
  showDropdown: 'Show Dropdown',
  headerLogo: 'Header Logo',
  terms: 'Terms',
  privacy: 'Privacy',
  supportFaq: 'Support FAQ',
  supportEmail: 'Support Email',
  socialLink: 'Social Link',
  submitPaymentInformation: 'Submit Payment Information',
  addAdditionalAdmin: 'Add Additional Admin',
  enableScim: 'Enable SCIM',
  disableScim: 'Disable SCIM',
  disconnectSso: 'Disconnect SSO',
  enableMdm: 'Enable MDM',
  disableMdm: 'Disable MDM',
  generateApiToken: 'Generate API Token',
  revokeApiToken: 'Revoke API Token',
  // Our events (not in the spec): the Activity tab (docs/product/activity.md, 'Export').
  exportActivity: 'Export Activity',
} as const;

export type AnalyticsEventKey = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[AnalyticsEventKey];
