import { useState } from 'react';
import { DEFAULT_TOKEN_EXPIRATION, type TokenExpiration } from '@domain/api-keys';
import {
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  toggleSavesConditionalAccess,
} from '@domain/conditional-access';
import {
  type ConditionalAccessConfig,
  type SaveConditionalAccessConfigBody,
} from '@contract/conditional-access';
import { ApiKeyCard } from '@ui/portal/api-key-card/api-key-card';
import { ConditionalAccessCard } from '@ui/portal/conditional-access-card/conditional-access-card';
import { WebhookCard } from '@ui/portal/webhook-card/webhook-card';
import { WebhookDeliveryLog } from '@ui/portal/webhook-delivery-log/webhook-delivery-log';
import { analytics } from '../analytics/instance';
import { config } from '../config';
import { messages } from '../messages/messages';
import { useSession } from '../session/session';
import { inlineFailure } from './failure';
import {
  useApiToken,
  useConditionalAccess,
  useWebhook,
  useWebhookDeliveries,
} from './use-integrations';

/**
 * The integrations tab (docs/product/integrations.md): API settings, webhooks, conditional access.
 */
export function IntegrationsTab() {
  const session = useSession();
  return (
    <div className="flex flex-col gap-6">
      {session?.portalPreferences.apiAccess ? <ApiSettings /> : null}
      <WebhookSettings />
      <ConditionalAccessSettings />
    </div>
  );
}

function ApiSettings() {
  const { data, error, isLoading, retry, generate, revoke } = useApiToken();
  const [expiration, setExpiration] = useState<TokenExpiration>(DEFAULT_TOKEN_EXPIRATION);

  return (
    <ApiKeyCard
      token={data?.token ?? null}
      expiresAt={data?.expiresAt ?? null}
      expiration={expiration}
      onExpirationChange={setExpiration}
      busy={generate.busy ? 'generate' : revoke.busy ? 'revoke' : null}
      loading={isLoading}
      error={error ? messages.apiKeyFailed : undefined}
      onRetry={retry}
      onGenerate={() => {
        analytics.track('generateApiToken');
        return generate.trigger(expiration);
      }}
      onRevoke={() => {
        analytics.track('revokeApiToken');
        return revoke.trigger();
      }}
      // The public API's reference page, served beside the API (docs/decisions/054).
      referenceHref={`${config.apiUrl}/docs`}
    />
  );
}

function WebhookSettings() {
  const { data, isLoading, fetchSecret, save, deactivate } = useWebhook();
  // The URL being typed; null: not edited since the last load, so the saved URL shows.
  const [draftUrl, setDraftUrl] = useState<string | null>(null);
  const [turnedOn, setTurnedOn] = useState(false);
  const savedUrl = data?.url ?? null;
  const enabled = turnedOn || Boolean(savedUrl);

  function enable() {
    setTurnedOn(true);
    if (data?.secret && savedUrl) return;
    void fetchSecret.trigger(undefined, { onError: () => setTurnedOn(false) });
  }

  function turnOff() {
    setTurnedOn(false);
    setDraftUrl(null);
    save.clearError();
  }

  return (
    <>
      <WebhookCard
        enabled={enabled}
        loading={isLoading || fetchSecret.busy}
        secret={data?.secret ?? null}
        url={draftUrl ?? savedUrl ?? ''}
        onUrlChange={(url) => {
          setDraftUrl(url);
          save.clearError();
        }}
        hasSavedUrl={Boolean(savedUrl)}
        error={inlineFailure(save.error, messages.saveWebhookFailed)}
        saving={save.busy}
        onSave={() =>
          void save.trigger((draftUrl ?? savedUrl ?? '').trim(), {
            onSuccess: () => setDraftUrl(null),
          })
        }
        onEnable={enable}
        onDeactivate={async () => {
          if (savedUrl) await deactivate.trigger(undefined, { onSuccess: turnOff });
          else turnOff();
        }}
      />
      {savedUrl ? <DeliveryLog /> : null}
    </>
  );
}

/** The delivery log under the webhook settings, once a URL is saved. */
function DeliveryLog() {
  const { log, resend, sendTest } = useWebhookDeliveries({ enabled: true });
  const [resendingId, setResendingId] = useState<string | null>(null);
  return (
    <WebhookDeliveryLog
      deliveries={log.data?.deliveries}
      loadError={log.error && !log.data ? messages.webhookDeliveriesFailed : undefined}
      onRetry={() => void log.mutate()}
      disabledNotice={log.data?.disabledAt ? messages.webhookEndpointDisabled : undefined}
      canSendTest={!log.data?.disabledAt}
      onSendTest={() => void sendTest.trigger(undefined)}
      sendingTest={sendTest.busy}
      resendingId={resendingId}
      onResend={(id) => {
        setResendingId(id);
        void resend.trigger(id).finally(() => setResendingId(null));
      }}
    />
  );
}

type CaConfig = SaveConditionalAccessConfigBody;

function configOf(data: ConditionalAccessConfig): CaConfig {
  const { tenant, clientId, clientSecret, userExtension, groupId, provider, active } = data;
  return { tenant, clientId, clientSecret, userExtension, groupId, provider, active };
}

function ConditionalAccessSettings() {
  const [removalPending, setRemovalPending] = useState(false);
  const { config, policy, save, remove, updatePolicy } = useConditionalAccess({ removalPending });
  const saved = config.data ? configOf(config.data) : null;
  const [draft, setDraft] = useState<CaConfig | null>(null);
  const current = draft ?? saved;

  const saveConfig = (next: CaConfig) => save.trigger(next, { onSuccess: () => setDraft(null) });

  async function toggle(active: boolean) {
    if (!current) return;
    const next = { ...current, active };
    if (toggleSavesConditionalAccess(next)) await saveConfig(next);
    else setDraft(next);
  }

  return (
    <ConditionalAccessCard
      loading={config.isLoading}
      config={saved ?? DEFAULT_CONDITIONAL_ACCESS_CONFIG}
      draft={current ?? DEFAULT_CONDITIONAL_ACCESS_CONFIG}
      onDraftChange={(next) => {
        setDraft(next);
        save.clearError();
      }}
      onSave={saveConfig}
      onToggle={toggle}
      onRemove={() =>
        remove.trigger(undefined, {
          onSuccess: () => {
            setRemovalPending(true);
            setDraft(null);
          },
        })
      }
      policy={policy.data ?? undefined}
      onPolicyChange={(next) => updatePolicy.trigger(next)}
      saving={save.busy}
      policySaving={updatePolicy.busy}
      error={inlineFailure(save.error, messages.saveConditionalAccessFailed)}
      policyError={inlineFailure(updatePolicy.error, messages.updatePolicyFailed, {
        alsoOnServerError: true,
      })}
    />
  );
}
