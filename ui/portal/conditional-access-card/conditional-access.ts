/**
 * The card's dropdown options, built from the domain's value lists and their texts
 * (domain/conditional-access.ts holds the values, the defaults and the Save / toggle rules).
 */
import {
  ALERT_SEVERITY_THRESHOLD_LABELS,
  ALERT_SEVERITY_THRESHOLDS,
  CONDITIONAL_ACCESS_PROVIDER_LABELS,
  CONDITIONAL_ACCESS_PROVIDERS,
  QUARANTINE_PERIOD_LABELS,
  SCREEN_LOCK_LABELS,
} from '@domain/conditional-access';
import { labelled, ON_OFF_VALUES } from '@domain/labels';
import { PERIODS } from '@domain/periods';

export const PROVIDER_OPTIONS = labelled(
  CONDITIONAL_ACCESS_PROVIDERS,
  CONDITIONAL_ACCESS_PROVIDER_LABELS,
);

export const ALERT_SEVERITY_OPTIONS = labelled(
  ALERT_SEVERITY_THRESHOLDS,
  ALERT_SEVERITY_THRESHOLD_LABELS,
);

export const PERIOD_OPTIONS = labelled(PERIODS, QUARANTINE_PERIOD_LABELS);

/** Screen lock: the boolean travels as 'true' / 'false' option values. */
export const SCREEN_LOCK_OPTIONS = labelled(ON_OFF_VALUES, SCREEN_LOCK_LABELS);
