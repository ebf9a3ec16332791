import { defaultResolveHost, WEBHOOK_TIMEOUT_MS } from './webhook-delivery';

/** Timings and resolvers of the webhook and conditional access calls; tests inject shorter ones. */
export interface IntegrationOptions {
  /** How long a webhook URL has to answer the signed test delivery (5 s). */
  webhookTimeoutMs: number;
  /** Every address of a host name (DNS); the production webhook check uses it. */
  resolveHost: (host: string) => Promise<string[]>;
  /** Delay before a conditional access removal request is processed (1 s). */
  conditionalAccessRemovalDelayMs: number;
}

export const CONDITIONAL_ACCESS_REMOVAL_DELAY_MS = 1000;

export function resolveIntegrationOptions(
  given: Partial<IntegrationOptions> = {},
): IntegrationOptions {
  return {
    webhookTimeoutMs: given.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    resolveHost: given.resolveHost ?? defaultResolveHost,
    conditionalAccessRemovalDelayMs:
      given.conditionalAccessRemovalDelayMs ?? CONDITIONAL_ACCESS_REMOVAL_DELAY_MS,
  };
}
