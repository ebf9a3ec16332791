/**
 * Conditional access (beta, docs/product/integrations.md, 'Conditional access'): the values of its
 * configuration and policy, their texts, the defaults a removal resets to, and the rules of the
 * card's Save and toggle.
 */
import { ENABLED_DISABLED_LABELS } from './labels';
import type { Period } from './periods';

/**
 * Identity providers (wire values; the card shows their brand names, 'Microsoft Entra ID' (formerly
 * Azure AD) and 'Okta', docs/decisions/045).
 */
export const CONDITIONAL_ACCESS_PROVIDERS = ['azure', 'okta'] as const;
export type ConditionalAccessProvider = (typeof CONDITIONAL_ACCESS_PROVIDERS)[number];
export const CONDITIONAL_ACCESS_PROVIDER_LABELS: Readonly<
  Record<ConditionalAccessProvider, string>
> = {
  azure: 'Microsoft Entra ID',
  okta: 'Okta',
};

/** Quarantine on alert severity. */
export const ALERT_SEVERITY_THRESHOLDS = ['CRITICAL_ONLY', 'HIGH_AND_CRITICAL', 'NONE'] as const;
export type AlertSeverityThreshold = (typeof ALERT_SEVERITY_THRESHOLDS)[number];
export const ALERT_SEVERITY_THRESHOLD_LABELS: Readonly<Record<AlertSeverityThreshold, string>> = {
  CRITICAL_ONLY: 'Critical only',
  HIGH_AND_CRITICAL: 'High and Critical',
  NONE: 'None',
};

/** Quarantine on outdated OS and on no scans reported: the periods as the policy words them. */
export const QUARANTINE_PERIOD_LABELS: Readonly<Record<Period, string>> = {
  THREE_DAYS: 'Three days',
  SEVEN_DAYS: 'Seven days',
  TWO_WEEKS: 'Two weeks',
  NEVER: 'Never',
};

/** Quarantine when no screen lock: the boolean shown as 'Enabled' / 'Disabled'. */
export const SCREEN_LOCK_LABELS = ENABLED_DISABLED_LABELS;

/** The configuration's text fields, in the order the card shows them. */
export const CONDITIONAL_ACCESS_TEXT_FIELDS = [
  'tenant',
  'groupId',
  'clientId',
  'clientSecret',
  'userExtension',
] as const;
export type ConditionalAccessTextField = (typeof CONDITIONAL_ACCESS_TEXT_FIELDS)[number];

/** The configuration, as saved and as drafted in the card. Texts are null until configured. */
export interface ConditionalAccessConfig {
  /** Azure tenant, or the Okta domain. */
  tenant: string | null;
  clientId: string | null;
  /** Client secret, or the Okta application private key (JSON). */
  clientSecret: string | null;
  userExtension: string | null;
  groupId: string | null;
  provider: ConditionalAccessProvider | null;
  active: boolean;
}

export interface ConditionalAccessPolicy {
  alertSeverity: AlertSeverityThreshold;
  /** Quarantine when the OS has been outdated this long. */
  outdatedOSPeriod: Period;
  /** Quarantine when no scan was reported for this long. */
  deviceIntegrityPeriod: Period;
  /** Quarantine when the device has no screen lock. */
  screenLockEnabled: boolean;
}

/**
 * The configuration after removal (docs/product/integrations.md, 'Removal') and before any setup.
 */
export const DEFAULT_CONDITIONAL_ACCESS_CONFIG: Readonly<ConditionalAccessConfig> = {
  tenant: null,
  clientId: null,
  clientSecret: null,
  userExtension: null,
  groupId: null,
  provider: null,
  active: false,
};

/** The policy after removal and before any change: nothing quarantines. */
export const DEFAULT_CONDITIONAL_ACCESS_POLICY: Readonly<ConditionalAccessPolicy> = {
  alertSeverity: 'NONE',
  outdatedOSPeriod: 'NEVER',
  deviceIntegrityPeriod: 'NEVER',
  screenLockEnabled: false,
};

const filled = (value: string | null): boolean => value !== null && value.trim() !== '';

/** Every field (provider and the five texts) is set and not blank. */
export function isConditionalAccessComplete(
  config: Pick<ConditionalAccessConfig, ConditionalAccessTextField | 'provider'>,
): boolean {
  return config.provider !== null && CONDITIONAL_ACCESS_TEXT_FIELDS.every((k) => filled(config[k]));
}

/** The draft differs from the saved config in any field (including `active`). */
export function hasConditionalAccessChanges(
  draft: ConditionalAccessConfig,
  config: ConditionalAccessConfig,
): boolean {
  return (
    draft.provider !== config.provider ||
    draft.active !== config.active ||
    CONDITIONAL_ACCESS_TEXT_FIELDS.some((k) => (draft[k] ?? '') !== (config[k] ?? ''))
  );
}

/**
 * docs/product/integrations.md, 'Configuration': Save needs every field non-null and non-empty
 * (blank counts as empty) and a change from the saved config. (The card also disables it while
 * saving.)
 */
export function canSaveConditionalAccess(
  draft: ConditionalAccessConfig,
  config: ConditionalAccessConfig,
): boolean {
  return isConditionalAccessComplete(draft) && hasConditionalAccessChanges(draft, config);
}

/**
 * docs/product/integrations.md, 'Configuration': flipping the toggle saves `next` (the config with
 * `active` already flipped) when every field is filled, or when it turns conditional access on with
 * a provider chosen; otherwise the change stays a draft.
 */
export function toggleSavesConditionalAccess(next: ConditionalAccessConfig): boolean {
  return isConditionalAccessComplete(next) || (next.active && next.provider !== null);
}
