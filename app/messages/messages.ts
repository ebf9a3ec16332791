/**
 * Every catalogued text (docs/product/messages.md) and the fixed texts of the signed-out screens,
 * word for word, in one module: nothing is spelled twice, and translation later is one file. The
 * error catalogue ('Error banners') lives in contract/errors.ts because the server sends it too.
 */
export { ERROR_CATALOGUE, DEFAULT_ERROR } from '@contract/errors';

export const messages = {
  // Failure messages (docs/product/messages.md, 'Failure messages')
  loginForbidden: 'Access limited due to login policy. Contact your administrator for details.',
  loginFailed: 'Error: Failed to login user.',
  noLongerLoggedIn: 'You are no longer logged in',
  lookupFailed: 'Unable to find company.',
  resetRequestFailed: 'Failed to request password reset.',
  updatePasswordFailed: 'Failed to update password.',
  couldNotLogIn: 'Could not log in',
  // Ours: sign-out confirms briefly on the lookup screen (docs/decisions/044).
  signedOut: 'You have been signed out.',

  dashboardRowsFailed: 'Failed to get dashboard rows',
  // Ours, in the catalogue's style: an administrator's own preferences (theme, columns) could not
  // be saved; the change is undone on screen (docs/decisions/060).
  savePreferencesFailed: 'Failed to save your preferences. Please try again',
  /** The device drawer's read (our addition, docs/decisions/059). */
  deviceDetailFailed: 'Failed to get the device details.',
  // Unenroll has no catalogued texts; ours follow the catalogue's style.
  devicesUnenrolled: (n: number) => `Unenrolled ${n} device(s)`,
  unenrollFailed: 'Failed to unenroll devices. Please try again',

  // Members
  readMembersFailed: 'Failed to read members from file',
  // Ours: a file with no usable member stays on the upload step (docs/decisions/044).
  fileNotUsable: 'This file cannot be used',
  noMembersInFile: 'The file holds no members. Add a row per member under the header row.',
  fetchMembersFailed: 'Failed to fetch members',
  createMembersFailed: 'Failed to create members',
  ssoGroupsFailed: 'Failed to get sso groups',
  ssoGroupMembersFailed: 'Failed to get sso users for groups',
  ssoProviderFailed: 'Failed to get sso provider',
  ssoIntegrationProblem: 'Problem with SSO integration',
  // The Members page (ours, in the catalogue's style: docs/product/messages.md).
  resendInvitationFailed: 'Failed to resend the invitation. Please try again later',
  deactivateMemberFailed: 'Failed to deactivate the member. Please try again',
  reactivateMemberFailed: 'Failed to reactivate the member. Please try again',
  invitationResent: (email: string) => `Invitation sent to ${email}`,
  memberDeactivated: (name: string) => `${name} was deactivated`,
  memberReactivated: (name: string) => `${name} was reactivated`,
  // Alerts
  alertsFailed: 'Failed to get alerts',
  /** The alert drawer's read (our addition, docs/decisions/059). */
  alertDetailFailed: 'Failed to get the alert details.',
  updateAlertsFailed: 'Failed to update alert(s). Please try again',
  // Admins, SCIM and MDM, Threat hunter
  adminsFailed: 'Problem requesting organization administrators.',
  addAdminFailed: 'Failed to add admin.',
  sendEmailFailed: 'Failed to send email',
  deleteSsoFailed: (provider: string) =>
    `Problem deleting sso integration. Contact ${provider} support.`,
  scimGetFailed: 'Failed to get SCIM settings.',
  scimUpdateFailed: 'Failed to update SCIM settings.',
  mdmGetFailed: 'Failed to get MDM settings.',
  mdmUpdateFailed: 'Failed to update MDM configuration.',
  threatHunterUsersFailed: 'Problem requesting Threat Hunter users',
  addThreatHunterFailed: 'Failed to add Threat Hunter User',
  // Billing and plan
  billingInfoFailed: 'Problem requesting billing information.',
  planInfoFailed: 'Problem requesting plan information.',
  cancelPlanFailed: 'Failed to cancel subscriptions',
  reactivatePlanFailed: 'Failed to reactivate subscriptions',
  deleteOrgFailed: 'Failed to delete organization',
  paymentUpdateKeyFailed: 'Problem requesting payment update information.',
  updatePaymentFailed: 'Unable to update default payment method',
  updatePaymentTryAnotherCard:
    'Unable to update default payment method. Try again with another card',
  emailAllMembersFailed: 'Failed to email members please try again',
  // API, Webhook, Preferences, Conditional access
  apiKeyFailed: 'Failed to get API key.',
  generateApiKeyFailed: 'Failed to generate a new API key.',
  revokeApiKeyFailed: 'Failed to revoke API access.',
  webhookFailed: 'Failed to get webhook settings.',
  webhookSecretFailed: 'Failed to get webhook secret.',
  saveWebhookFailed: 'Failed to save webhook settings.',
  deactivateWebhookFailed: 'Failed to deactivate webhooks.',
  // The delivery log (docs/product/integrations.md, 'Webhook delivery log'; not in the spec).
  webhookDeliveriesFailed: 'Failed to get the webhook delivery log.',
  resendWebhookDeliveryFailed: 'Failed to resend the webhook event.',
  sendWebhookTestEventFailed: 'Failed to send a test event.',
  webhookEndpointDisabled:
    'Your webhook URL answered 410 Gone, so no events are sent to it. Save the URL again to turn deliveries back on.',
  // Undelivered e-mails (docs/product/notifications.md, 'Undelivered e-mails'; not in the spec).
  undeliveredEmailsFailed: 'Failed to get the undelivered e-mails.',
  resendUndeliveredEmailFailed: 'Failed to send the e-mail again.',
  // The activity log (docs/product/activity.md; not in the spec).
  auditEventsFailed: 'Failed to get activity.',
  auditFiltersFailed: 'Failed to get the activity filters.',
  auditSettingsFailed: 'Failed to get the activity retention setting.',
  updateAuditSettingsFailed: 'Failed to save the activity retention setting.',
  emailPreferencesFailed: 'Failed to get email preferences.',
  updateEmailPreferencesFailed: 'Failed to update email notifications preferences.',
  emailTemplateFailed: 'Failed to fetch saved email template.',
  updateEmailTemplateFailed: 'Failed to update saved email template.',
  notificationPreferencesFailed: 'Failed to get notification preferences.',
  updateNotificationPreferencesFailed: 'Failed to update notifications preferences.',
  conditionalAccessFailed: 'Failed to get conditional access configuration.',
  removeConditionalAccessFailed: 'Failed to remove conditional access settings.',
  conditionalAccessPolicyFailed: 'Failed to get conditional access policy settings.',
  saveConditionalAccessFailed: 'Failed to save conditional access settings.',
  updatePolicyFailed: 'Failed to update conditional access policy settings.',
  inlineError: (text: string) => `Error: ${text}`,
  // Success messages (docs/product/messages.md, 'Success messages')
  subscriptionCancelled: 'Subscription cancelled. Status may not immediately update.',
  subscriptionReactivated: 'Subscription reactivated. Status may not immediately update.',
  organizationDeleted: 'Organization deleted',
  paymentUpdated: 'Default payment method updated. Billing page may not update immediately.',
  apiKeyGenerated: 'Successfully generated API key.',
  apiKeyRevoked: 'Successfully revoked API access.',
  webhookSaved: 'Successfully saved webhook settings.',
  webhookDeactivated: 'Successfully deactivated webhooks.',
  webhookDeliveryResent: 'The event is being sent again.',
  webhookTestEventSent: 'A test event is being sent.',
  undeliveredEmailResent: 'The e-mail is being sent again.',
  auditSettingsUpdated: 'Successfully updated activity retention.',
  emailPreferencesUpdated: 'Successfully updated email notifications preferences.',
  emailTemplateUpdated: 'Successfully updated saved email template.',
  notificationPreferencesUpdated: 'Successfully updated notifications preferences.',
  conditionalAccessSaved: 'Successfully saved conditional access settings.',
  policyUpdated: 'Successfully updated conditional access policy settings.',
  conditionalAccessRemovalRequested:
    'A request has been made, Conditional Access will be removed after processing blocked members.',
  adminInvited: (email: string) => `${email} has been invited as an administrator.`,
  emailSent: (email: string) => `Email has been sent to ${email}`,
  scimUpdated: 'Successfully updated SCIM configuration',
  mdmUpdated: 'Successfully updated MDM configuration',
  threatHunterInvited: (name: string) =>
    `${name} has been invited to Threat Hunter, and will receive an email with further instructions.`,
  alertsUpdated: (n: number) => `Updated ${n} alert(s)`,
  invitationsSent: (n: number) => `Invitations are being sent to ${n} organization member(s)`,

  // 5. validation
  emailUnicode: 'Unicode characters not supported',
  emailInvalid: 'Enter a valid Email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordHint:
    'At least 8 characters, one lowercase, one uppercase, one digit, one special character',
  passwordsMustMatch: 'Passwords must match',
  organizationRequired: 'Organization Name is required',

  // Fixed texts of the signed-out screens (docs/product/sign-in.md)
  resetConfirmation: (email: string) =>
    `If ${email} is associated with an account, reset instructions have been sent to it. If nothing arrives within ten minutes, check that the address is correct and try again.`,
  passwordUpdated: 'Your password has been updated. Please sign in with your new password.',

  // The frame and the crash screen (docs/product/README.md, 'Page frame')
  goToBilling: 'Go to Billing',
  unexpectedApplicationError: 'Unexpected Application Error!',
} as const;
