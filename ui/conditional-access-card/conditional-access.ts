/** Identity providers (wire values). */
export type ConditionalAccessProvider = 'azure' | 'okta';

/** The conditional access config, as saved and as drafted in the form. */
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

export type AlertSeverityThreshold = 'CRITICAL_ONLY' | 'HIGH_AND_CRITICAL' | 'NONE';
export type QuarantinePeriod = 'THREE_DAYS' | 'SEVEN_DAYS' | 'TWO_WEEKS' | 'NEVER';

export interface ConditionalAccessPolicy {
  alertSeverity: AlertSeverityThreshold;
  outdatedOSPeriod: QuarantinePeriod;
  deviceIntegrityPeriod: QuarantinePeriod;
  screenLockEnabled: boolean;
}

export const PROVIDER_OPTIONS: { value: ConditionalAccessProvider; label: string }[] = [
  { value: 'azure', label: 'Azure' },
  { value: 'okta', label: 'Okta' },
];

export const ALERT_SEVERITY_OPTIONS: { value: AlertSeverityThreshold; label: string }[] = [
  { value: 'CRITICAL_ONLY', label: 'Critical only' },
  { value: 'HIGH_AND_CRITICAL', label: 'High and Critical' },
  { value: 'NONE', label: 'None' },
];

export const PERIOD_OPTIONS: { value: QuarantinePeriod; label: string }[] = [
  { value: 'THREE_DAYS', label: 'Three days' },
  { value: 'SEVEN_DAYS', label: 'Seven days' },
  { value: 'TWO_WEEKS', label: 'Two weeks' },
  { value: 'NEVER', label: 'Never' },
];

/** Screen lock: the boolean travels as 'true' / 'false' option values. */
export const SCREEN_LOCK_OPTIONS: { value: 'true' | 'false'; label: string }[] = [
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

/** The text fields of the form, in the order they are shown. */
export const CONDITIONAL_ACCESS_TEXT_FIELDS = [
  'tenant',
  'groupId',
  'clientId',
  'clientSecret',
  'userExtension',
] as const;
export type ConditionalAccessTextField = (typeof CONDITIONAL_ACCESS_TEXT_FIELDS)[number];

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
 * Spec 5: Save needs every field non-null and non-empty (blank counts as empty) and a change
 * from the saved config. (The card also disables it while saving.)
 */
export function canSaveConditionalAccess(
  draft: ConditionalAccessConfig,
  config: ConditionalAccessConfig,
): boolean {
  return isConditionalAccessComplete(draft) && hasConditionalAccessChanges(draft, config);
}
