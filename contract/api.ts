import { addAdmin, listAdmins, resendAdminInvite } from './admins';
import { exportAlertsCsv, getAlertDetail, listAlerts, updateAlerts } from './alerts';
import {
  exportAuditEventsCsv,
  exportAuditEventsJsonLines,
  getAuditFilterOptions,
  getAuditSettings,
  listAuditEvents,
  updateAuditSettings,
} from './audit';
import { generateApiToken, getApiToken, revokeApiToken } from './api-token';
import {
  cancelPlan,
  deleteOrg,
  devConfirmCardSetup,
  getBillingInfo,
  getBillingUpdateKey,
  getPlanInfo,
  reactivatePlan,
  updateDefaultPayment,
} from './billing';
import {
  getConditionalAccessConfig,
  getConditionalAccessPolicy,
  removeConditionalAccess,
  saveConditionalAccessConfig,
  updateConditionalAccessPolicy,
} from './conditional-access';
import { exportDevicesCsv, getDeviceDetail, listDevices, unenrollDevices } from './devices';
import type { Endpoint } from './endpoint';
import { getMdmConfig, updateMdmConfig } from './mdm';
import {
  deactivateMember,
  listMemberDirectory,
  reactivateMember,
  resendMemberInvitation,
} from './member-directory';
import {
  createMembers,
  createSsoMembers,
  emailAllMembers,
  emailMembers,
  listMembers,
  readMembers,
} from './members';
import {
  getEmailPreferences,
  getEmailTemplate,
  getNotificationPreferences,
  saveEmailTemplate,
  updateEmailPreferences,
  updateNotificationPreferences,
} from './notifications';
import { createOrg, lookupOrg } from './orgs';
import { getPreferences, updatePreferences } from './preferences';
import { getScimConfig, updateScimConfig } from './scim';
import { getSession, login, logout, resetPassword, updatePassword } from './session';
import {
  deleteSso,
  getSsoConfig,
  getSsoGroupMembers,
  getSsoProvider,
  listSsoGroups,
  saveSsoConfig,
} from './sso';
import { devCreateOrg, devExpireSession, devOpenAlert, devOutbox, health } from './system';
import { addThreatHunterUser, listThreatHunterUsers } from './threat-hunter';
import { listUndeliveredEmails, resendUndeliveredEmail } from './undelivered-emails';
import { deleteWebhook, getWebhook, getWebhookSecret, saveWebhook } from './webhook';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTestEvent,
} from './webhook-deliveries';

/**
 * Every call of the API, by name. The server asserts each has a route; the Storybook/MSW mocks
 * derive their handlers from it. Adding an endpoint file means adding its calls here.
 */
export const endpoints = {
  // session and sign-in flows
  getSession,
  login,
  logout,
  resetPassword,
  updatePassword,
  // the signed-in administrator's own preferences (our extension)
  getPreferences,
  updatePreferences,
  // organization
  lookupOrg,
  createOrg,
  deleteOrg,
  // dashboard
  listDevices,
  exportDevicesCsv,
  getDeviceDetail,
  unenrollDevices,
  // members
  readMembers,
  listMembers,
  createMembers,
  createSsoMembers,
  emailMembers,
  emailAllMembers,
  // the Members page (our extension)
  listMemberDirectory,
  resendMemberInvitation,
  deactivateMember,
  reactivateMember,
  // SSO
  saveSsoConfig,
  getSsoConfig,
  getSsoProvider,
  listSsoGroups,
  getSsoGroupMembers,
  deleteSso,
  // administrators
  addAdmin,
  resendAdminInvite,
  listAdmins,
  // billing and plan
  getBillingInfo,
  getPlanInfo,
  cancelPlan,
  reactivatePlan,
  updateDefaultPayment,
  getBillingUpdateKey,
  // SCIM, MDM
  getScimConfig,
  updateScimConfig,
  getMdmConfig,
  updateMdmConfig,
  // API token
  getApiToken,
  generateApiToken,
  revokeApiToken,
  // webhook
  getWebhook,
  saveWebhook,
  deleteWebhook,
  getWebhookSecret,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTestEvent,
  // conditional access
  getConditionalAccessConfig,
  saveConditionalAccessConfig,
  removeConditionalAccess,
  getConditionalAccessPolicy,
  updateConditionalAccessPolicy,
  // e-mail and notification settings
  getEmailPreferences,
  updateEmailPreferences,
  getEmailTemplate,
  saveEmailTemplate,
  getNotificationPreferences,
  updateNotificationPreferences,
  listUndeliveredEmails,
  resendUndeliveredEmail,
  // alerts
  listAlerts,
  getAlertDetail,
  exportAlertsCsv,
  updateAlerts,
  // threat hunter
  listThreatHunterUsers,
  addThreatHunterUser,
  // audit log (Settings › Activity)
  listAuditEvents,
  exportAuditEventsCsv,
  exportAuditEventsJsonLines,
  getAuditFilterOptions,
  getAuditSettings,
  updateAuditSettings,
  // system and development-only calls (our extensions)
  health,
  devOutbox,
  devExpireSession,
  devConfirmCardSetup,
  devCreateOrg,
  devOpenAlert,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** Development-only calls: the server mounts them only outside production. */
export const DEV_ONLY_ENDPOINTS = [
  'devOutbox',
  'devExpireSession',
  'devConfirmCardSetup',
  'devCreateOrg',
  'devOpenAlert',
] as const satisfies readonly EndpointName[];
