import * as z from 'zod/mini';
import {
  ALERT_SEVERITY_THRESHOLDS,
  CONDITIONAL_ACCESS_PROVIDERS,
} from '@domain/conditional-access';
import { ID_MAX_LENGTH, SECRET_MAX_LENGTH, URL_MAX_LENGTH } from '@domain/limits';
import { PERIODS } from '@domain/periods';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';

export const ConditionalAccessProvider = z.enum(CONDITIONAL_ACCESS_PROVIDERS);
export type ConditionalAccessProvider = z.infer<typeof ConditionalAccessProvider>;

const nullableText = (max: number) => z.nullable(z.string().check(z.maxLength(max)));

/**
 * The conditional access configuration (docs/product/integrations.md, 'Configuration'). Fields are
 * null until configured; the toggle may save a partly filled config (turning on with a provider
 * chosen), so the body accepts nulls too. The server answers a non-2xx `ErrorBody` whose `error`
 * text the card shows inline.
 */
export const conditionalAccessConfigShape = {
  /** Azure tenant, or the Okta domain. */
  tenant: nullableText(URL_MAX_LENGTH),
  clientId: nullableText(ID_MAX_LENGTH),
  /** Client secret, or the Okta application private key (JSON). */
  clientSecret: nullableText(SECRET_MAX_LENGTH),
  userExtension: nullableText(ID_MAX_LENGTH),
  groupId: nullableText(ID_MAX_LENGTH),
  provider: z.nullable(ConditionalAccessProvider),
  active: z.boolean(),
};

export const ConditionalAccessConfig = z.looseObject({
  ...messageFields,
  ...conditionalAccessConfigShape,
});
export type ConditionalAccessConfig = z.infer<typeof ConditionalAccessConfig>;

export const SaveConditionalAccessConfigBody = z.object(conditionalAccessConfigShape);
export type SaveConditionalAccessConfigBody = z.infer<typeof SaveConditionalAccessConfigBody>;

export const getConditionalAccessConfig = defineEndpoint({
  method: 'GET',
  path: '/orgs/conditional-access/config',
  response: ConditionalAccessConfig,
});

export const saveConditionalAccessConfig = defineEndpoint({
  method: 'POST',
  path: '/orgs/conditional-access/config',
  body: SaveConditionalAccessConfigBody,
  response: ConditionalAccessConfig,
});

/**
 * Requests removal: processed after blocked members are unblocked, then config and policy reset
 * to their defaults (docs/product/integrations.md, 'Removal').
 */
export const removeConditionalAccess = defineEndpoint({
  method: 'DELETE',
  path: '/orgs/conditional-access',
  response: MessageBody,
});

/** Quarantine on alert severity: Critical only, High and Critical, None. */
export const AlertSeverityThreshold = z.enum(ALERT_SEVERITY_THRESHOLDS);
export type AlertSeverityThreshold = z.infer<typeof AlertSeverityThreshold>;

/** Periods: 3 days, 7 days, 2 weeks, never. Shared with the notification settings. */
export const Period = z.enum(PERIODS);
export type Period = z.infer<typeof Period>;

const policyShape = {
  alertSeverity: AlertSeverityThreshold,
  /** Quarantine when the OS has been outdated this long. */
  outdatedOSPeriod: Period,
  /** Quarantine when no scan was reported for this long. */
  deviceIntegrityPeriod: Period,
  /** Quarantine when the device has no screen lock. */
  screenLockEnabled: z.boolean(),
};

export const Policy = z.looseObject({ ...messageFields, ...policyShape });
export type Policy = z.infer<typeof Policy>;

export const UpdatePolicyBody = z.object(policyShape);
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const getConditionalAccessPolicy = defineEndpoint({
  method: 'GET',
  path: '/orgs/conditional-access/policy',
  response: Policy,
});

export const updateConditionalAccessPolicy = defineEndpoint({
  method: 'PUT',
  path: '/orgs/conditional-access/policy',
  body: UpdatePolicyBody,
  response: Policy,
});
