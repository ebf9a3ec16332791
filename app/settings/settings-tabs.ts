/** The settings tabs of spec 2.6, in order, with their labels. */
export const SETTINGS_TABS = [
  { value: 'admin', label: 'Administrators' },
  { value: 'billing', label: 'Billing' },
  { value: 'plan', label: 'Plan' },
  { value: 'mdm', label: 'MDM' },
  { value: 'scim', label: 'SCIM' },
  { value: 'sso', label: 'SSO' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'threat-hunter', label: 'Threat Hunter' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'admin';

/** The tab named by `?tab=`; the default for a missing or unknown value. */
export function parseSettingsTab(search: string): SettingsTab {
  const tab = new URLSearchParams(search).get('tab');
  return SETTINGS_TABS.find((t) => t.value === tab)?.value ?? DEFAULT_SETTINGS_TAB;
}

/** The tabs an organization sees: threat-hunter only with `threatHunterAccess` (spec 2.6). */
export function visibleTabs(threatHunterAccess: boolean) {
  return SETTINGS_TABS.filter((t) => t.value !== 'threat-hunter' || threatHunterAccess);
}
