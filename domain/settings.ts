/** The settings tabs (docs/product/settings.md, 'Tabs'), in order, with their labels. */
export const SETTINGS_TABS = [
  'admin',
  'billing',
  'plan',
  'mdm',
  'scim',
  'sso',
  'integrations',
  'notifications',
  'threat-hunter',
  'activity',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const SETTINGS_TAB_LABELS: Readonly<Record<SettingsTab, string>> = {
  admin: 'Administrators',
  billing: 'Billing',
  plan: 'Plan',
  mdm: 'MDM',
  scim: 'SCIM',
  sso: 'SSO',
  integrations: 'Integrations',
  notifications: 'Notifications',
  'threat-hunter': 'Threat Hunter',
  activity: 'Activity',
};

/** A missing or unknown `tab` shows the administrators. */
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'admin';

/** The Threat Hunter tab shows only with `portalPreferences.threatHunterAccess`. */
export function isSettingsTabVisible(tab: SettingsTab, threatHunterAccess: boolean): boolean {
  return tab !== 'threat-hunter' || threatHunterAccess;
}
