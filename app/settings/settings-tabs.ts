import { labelled } from '@domain/labels';
import {
  DEFAULT_SETTINGS_TAB,
  isSettingsTabVisible,
  SETTINGS_TAB_LABELS,
  SETTINGS_TABS,
  type SettingsTab,
} from '@domain/settings';

/** The tab named by `?tab=`; the default for a missing or unknown value. */
export function parseSettingsTab(search: string): SettingsTab {
  const tab = new URLSearchParams(search).get('tab');
  return SETTINGS_TABS.find((t) => t === tab) ?? DEFAULT_SETTINGS_TAB;
}

/** The tabs an organization sees: threat-hunter only with `threatHunterAccess`. */
export function visibleTabs(threatHunterAccess: boolean) {
  return labelled(SETTINGS_TABS, SETTINGS_TAB_LABELS).filter((t) =>
    isSettingsTabVisible(t.value, threatHunterAccess),
  );
}
