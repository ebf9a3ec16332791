import useSWR from 'swr';
import {
  generateApiToken,
  getApiToken,
  revokeApiToken,
  type TokenExpiration,
} from '@contract/api-token';
import {
  getConditionalAccessConfig,
  getConditionalAccessPolicy,
  removeConditionalAccess,
  saveConditionalAccessConfig,
  updateConditionalAccessPolicy,
  type SaveConditionalAccessConfigBody,
  type UpdatePolicyBody,
} from '@contract/conditional-access';
import {
  deleteWebhook,
  getWebhook,
  getWebhookSecret,
  saveWebhook,
  type Webhook,
} from '@contract/webhook';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTestEvent,
} from '@contract/webhook-deliveries';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { isServerError } from './failure';

/*
 * The integrations tab's data (docs/product/integrations.md): API key, webhook, conditional access.
 * The cards show what the calls answer, so the generic handler leaves the answers' message fields
 * alone.
 */

const swrOptions = { revalidateOnFocus: false } as const;

const keys = {
  apiToken: swrKey(getApiToken),
  webhook: swrKey(getWebhook),
  webhookDeliveries: swrKey(listWebhookDeliveries),
  conditionalAccess: swrKey(getConditionalAccessConfig),
  policy: swrKey(getConditionalAccessPolicy),
};

/** The API key: generated, regenerated or revoked (docs/product/integrations.md, 'API key'). */
export function useApiToken() {
  const { data, error, isLoading, mutate } = useSWR(keys.apiToken, () => api.call(getApiToken), {
    ...swrOptions,
    onError: readFailure(getApiToken, messages.apiKeyFailed),
  });
  const generate = useMutation({
    action: 'generateApiToken',
    run: (tokenExpiration: TokenExpiration) =>
      api.call(generateApiToken, { body: { tokenExpiration }, skipGenericMessages: true }),
    // The full key comes only in this answer; later loads show what the server keeps.
    populate: { key: keys.apiToken },
    success: messages.apiKeyGenerated,
    failure: messages.generateApiKeyFailed,
  });
  const revoke = useMutation({
    action: 'revokeApiToken',
    run: () => api.call(revokeApiToken, { skipGenericMessages: true }),
    populate: { key: keys.apiToken },
    success: messages.apiKeyRevoked,
    failure: messages.revokeApiKeyFailed,
  });
  return { data, error, isLoading, retry: () => void mutate(), generate, revoke };
}

/** The webhook: secret, URL, deactivation (docs/product/integrations.md, 'Webhooks'). */
export function useWebhook() {
  const { data, isLoading } = useSWR(keys.webhook, () => api.call(getWebhook), {
    ...swrOptions,
    onError: readFailure(getWebhook, messages.webhookFailed),
  });
  const fetchSecret = useMutation({
    action: 'getWebhookSecret',
    run: () => api.call(getWebhookSecret, { skipGenericMessages: true }),
    populate: {
      key: keys.webhook,
      data: ({ secret }, current?: Webhook): Webhook => ({ url: current?.url ?? null, secret }),
    },
    failure: messages.webhookSecretFailed,
  });
  const save = useMutation({
    action: 'saveWebhook',
    run: (url: string) => api.call(saveWebhook, { body: { url }, skipGenericMessages: true }),
    populate: { key: keys.webhook },
    success: messages.webhookSaved,
    // The catalogued toast for a 500; any other failure shows the answer inline.
    failure: (error) => (isServerError(error) ? messages.saveWebhookFailed : null),
  });
  const deactivate = useMutation({
    action: 'deleteWebhook',
    run: () => api.call(deleteWebhook, { skipGenericMessages: true }),
    populate: { key: keys.webhook },
    success: messages.webhookDeactivated,
    failure: messages.deactivateWebhookFailed,
  });
  return { data, isLoading, fetchSecret, save, deactivate };
}

/**
 * The webhook delivery log (docs/product/integrations.md, 'Webhook delivery log'): the last
 * deliveries, looked at again every few seconds while one is being sent or retried; Resend and
 * Send test event answer with the queued delivery and refresh the log.
 */
export function useWebhookDeliveries({ enabled }: { enabled: boolean }) {
  const log = useSWR(
    enabled ? keys.webhookDeliveries : null,
    () => api.call(listWebhookDeliveries),
    {
      ...swrOptions,
      onError: readFailure(listWebhookDeliveries, messages.webhookDeliveriesFailed),
      refreshInterval: (latest) =>
        latest?.deliveries.some((d) => d.status === 'pending' || d.status === 'retrying')
          ? 3000
          : 0,
    },
  );
  const resend = useMutation({
    action: 'resendWebhookDelivery',
    run: (id: string) =>
      api.call(resendWebhookDelivery, { body: { id }, skipGenericMessages: true }),
    revalidate: [keys.webhookDeliveries],
    success: messages.webhookDeliveryResent,
    failure: messages.resendWebhookDeliveryFailed,
  });
  const sendTest = useMutation({
    action: 'sendWebhookTestEvent',
    run: () => api.call(sendWebhookTestEvent, { skipGenericMessages: true }),
    revalidate: [keys.webhookDeliveries],
    success: messages.webhookTestEventSent,
    failure: messages.sendWebhookTestEventFailed,
  });
  return { log, resend, sendTest };
}

/**
 * Conditional access: the configuration and its policy. While a removal is being processed
 * (docs/product/integrations.md, 'Removal'), the configuration is looked at again until it has
 * been.
 */
export function useConditionalAccess({ removalPending }: { removalPending: boolean }) {
  const config = useSWR(keys.conditionalAccess, () => api.call(getConditionalAccessConfig), {
    ...swrOptions,
    onError: readFailure(getConditionalAccessConfig, messages.conditionalAccessFailed),
    refreshInterval: (latest) => (removalPending && latest?.provider ? 2000 : 0),
  });
  const policy = useSWR(keys.policy, () => api.call(getConditionalAccessPolicy), {
    ...swrOptions,
    onError: readFailure(getConditionalAccessPolicy, messages.conditionalAccessPolicyFailed),
  });
  const save = useMutation({
    action: 'saveConditionalAccess',
    run: (next: SaveConditionalAccessConfigBody) =>
      api.call(saveConditionalAccessConfig, { body: next, skipGenericMessages: true }),
    populate: { key: keys.conditionalAccess },
    // Turning it on makes the server set the policy up.
    revalidate: (answer) => (answer.active ? [keys.policy] : []),
    success: messages.conditionalAccessSaved,
    // The catalogued toast on a 500; otherwise the answer's error text inline.
    failure: (error) => (isServerError(error) ? messages.saveConditionalAccessFailed : null),
  });
  const remove = useMutation({
    action: 'removeConditionalAccess',
    run: () => api.call(removeConditionalAccess, { skipGenericMessages: true }),
    revalidate: [keys.conditionalAccess],
    success: messages.conditionalAccessRemovalRequested,
    failure: messages.removeConditionalAccessFailed,
  });
  const updatePolicy = useMutation({
    action: 'updateConditionalAccessPolicy',
    run: (next: UpdatePolicyBody) =>
      api.call(updateConditionalAccessPolicy, { body: next, skipGenericMessages: true }),
    populate: { key: keys.policy },
    success: messages.policyUpdated,
    // The answer inline always, and on a 500 the catalogued toast as well
    // (docs/product/integrations.md, 'Policy').
    failure: (error) => (isServerError(error) ? messages.updatePolicyFailed : null),
  });
  return { config, policy, save, remove, updatePolicy };
}
