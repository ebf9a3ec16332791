import { useState } from 'react';
import useSWR from 'swr';
import { generateApiToken, getApiToken, revokeApiToken } from '@contract/api-token';
import {
  getConditionalAccessConfig,
  getConditionalAccessPolicy,
  removeConditionalAccess,
  saveConditionalAccessConfig,
  updateConditionalAccessPolicy,
  type ConditionalAccessConfig,
  type SaveConditionalAccessConfigBody,
  type UpdatePolicyBody,
} from '@contract/conditional-access';
import { deleteWebhook, getWebhook, getWebhookSecret, saveWebhook } from '@contract/webhook';
import { DEFAULT_TOKEN_EXPIRATION, type TokenExpiration } from '@domain/api-keys';
import {
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  toggleSavesConditionalAccess,
} from '@domain/conditional-access';
import { ApiKeyCard } from '@ui/api-key-card/api-key-card';
import { ConditionalAccessCard } from '@ui/conditional-access-card/conditional-access-card';
import { WebhookCard } from '@ui/webhook-card/webhook-card';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { useSession } from '../session/session';
import { isServerError, responseErrorText } from './failure';

const swrOptions = { revalidateOnFocus: false } as const;

/** The integrations tab (spec 2.6): API settings (with apiAccess), webhooks, conditional access. */
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
  const { data, error, isLoading, mutate } = useSWR('api/token', () => api.call(getApiToken), {
    ...swrOptions,
    onError: () => notify.error(messages.apiKeyFailed),
  });
  const [expiration, setExpiration] = useState<TokenExpiration>(DEFAULT_TOKEN_EXPIRATION);
  const [busy, setBusy] = useState<'generate' | 'revoke' | null>(null);

  async function generate() {
    analytics.track('generateApiToken');
    setBusy('generate');
    try {
      const config = await api.call(generateApiToken, {
        body: { tokenExpiration: expiration },
        skipGenericMessages: true,
      });
      // The full key comes only in this answer; later loads show what the server keeps.
      await mutate(config, { revalidate: false });
      notify.success(messages.apiKeyGenerated);
    } catch {
      notify.error(messages.generateApiKeyFailed);
    } finally {
      setBusy(null);
    }
  }

  async function revoke() {
    analytics.track('revokeApiToken');
    setBusy('revoke');
    try {
      const config = await api.call(revokeApiToken, { skipGenericMessages: true });
      await mutate(config, { revalidate: false });
      notify.success(messages.apiKeyRevoked);
    } catch {
      notify.error(messages.revokeApiKeyFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <ApiKeyCard
      token={data?.token ?? null}
      expiresAt={data?.expiresAt ?? null}
      expiration={expiration}
      onExpirationChange={setExpiration}
      busy={busy}
      loading={isLoading}
      error={error ? messages.apiKeyFailed : undefined}
      onGenerate={generate}
      onRevoke={revoke}
    />
  );
}

function WebhookSettings() {
  const { data, isLoading, mutate } = useSWR('orgs/webhook', () => api.call(getWebhook), {
    ...swrOptions,
    onError: () => notify.error(messages.webhookFailed),
  });
  // The URL being typed; null: not edited since the last load, so the saved URL shows.
  const [draftUrl, setDraftUrl] = useState<string | null>(null);
  const [turnedOn, setTurnedOn] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fetchingSecret, setFetchingSecret] = useState(false);
  const [urlError, setUrlError] = useState<string | undefined>();
  const savedUrl = data?.url ?? null;
  const enabled = turnedOn || Boolean(savedUrl);

  async function enable() {
    setTurnedOn(true);
    if (data?.secret && savedUrl) return;
    setFetchingSecret(true);
    try {
      const { secret } = await api.call(getWebhookSecret, { skipGenericMessages: true });
      await mutate({ url: savedUrl, secret }, { revalidate: false });
    } catch {
      notify.error(messages.webhookSecretFailed);
      setTurnedOn(false);
    } finally {
      setFetchingSecret(false);
    }
  }

  async function save() {
    const url = (draftUrl ?? savedUrl ?? '').trim();
    setSaving(true);
    setUrlError(undefined);
    try {
      const config = await api.call(saveWebhook, { body: { url }, skipGenericMessages: true });
      await mutate(config, { revalidate: false });
      setDraftUrl(null);
      notify.success(messages.webhookSaved);
    } catch (e) {
      if (isServerError(e)) notify.error(messages.saveWebhookFailed);
      else setUrlError(responseErrorText(e) ?? messages.saveWebhookFailed);
    } finally {
      setSaving(false);
    }
  }

  async function deactivate() {
    try {
      const config = await api.call(deleteWebhook, { skipGenericMessages: true });
      await mutate(config, { revalidate: false });
      setTurnedOn(false);
      setDraftUrl(null);
      setUrlError(undefined);
      notify.success(messages.webhookDeactivated);
    } catch {
      notify.error(messages.deactivateWebhookFailed);
    }
  }

  return (
    <WebhookCard
      enabled={enabled}
      loading={isLoading || fetchingSecret}
      secret={data?.secret ?? null}
      url={draftUrl ?? savedUrl ?? ''}
      onUrlChange={(url) => {
        setDraftUrl(url);
        setUrlError(undefined);
      }}
      hasSavedUrl={Boolean(savedUrl)}
      error={urlError}
      saving={saving}
      onSave={save}
      onEnable={enable}
      onDeactivate={async () => {
        if (savedUrl) await deactivate();
        else {
          setTurnedOn(false);
          setDraftUrl(null);
          setUrlError(undefined);
        }
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
  const config = useSWR(
    'orgs/conditional-access/config',
    () => api.call(getConditionalAccessConfig),
    {
      ...swrOptions,
      onError: () => notify.error(messages.conditionalAccessFailed),
      // Removal is processed later (spec 4): look again until it has been.
      refreshInterval: (latest) => (removalPending && latest?.provider ? 2000 : 0),
    },
  );
  const policy = useSWR(
    'orgs/conditional-access/policy',
    () => api.call(getConditionalAccessPolicy),
    { ...swrOptions, onError: () => notify.error(messages.conditionalAccessPolicyFailed) },
  );
  const saved = config.data ? configOf(config.data) : null;
  const [draft, setDraft] = useState<CaConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const [policySaving, setPolicySaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [policyError, setPolicyError] = useState<string | undefined>();
  const current = draft ?? saved;

  async function save(next: CaConfig) {
    setSaving(true);
    setError(undefined);
    try {
      const answer = await api.call(saveConditionalAccessConfig, {
        body: next,
        skipGenericMessages: true,
      });
      await config.mutate(answer, { revalidate: false });
      setDraft(null);
      notify.success(messages.conditionalAccessSaved);
      if (answer.active) await policy.mutate();
    } catch (e) {
      if (isServerError(e)) notify.error(messages.saveConditionalAccessFailed);
      else setError(responseErrorText(e) ?? messages.saveConditionalAccessFailed);
    } finally {
      setSaving(false);
    }
  }

  async function toggle(active: boolean) {
    if (!current) return;
    const next = { ...current, active };
    // Spec 5: the toggle saves when every field is filled, or when turning on with a provider.
    if (toggleSavesConditionalAccess(next)) await save(next);
    else setDraft(next);
  }

  async function remove() {
    try {
      await api.call(removeConditionalAccess, { skipGenericMessages: true });
      notify.success(messages.conditionalAccessRemovalRequested);
      setRemovalPending(true);
      setDraft(null);
      await config.mutate();
    } catch {
      notify.error(messages.removeConditionalAccessFailed);
    }
  }

  async function changePolicy(next: UpdatePolicyBody) {
    setPolicySaving(true);
    setPolicyError(undefined);
    try {
      const answer = await api.call(updateConditionalAccessPolicy, {
        body: next,
        skipGenericMessages: true,
      });
      await policy.mutate(answer, { revalidate: false });
      notify.success(messages.policyUpdated);
    } catch (e) {
      if (isServerError(e)) notify.error(messages.updatePolicyFailed);
      setPolicyError(responseErrorText(e) ?? messages.updatePolicyFailed);
    } finally {
      setPolicySaving(false);
    }
  }

  return (
    <ConditionalAccessCard
      loading={config.isLoading}
      config={saved ?? DEFAULT_CONDITIONAL_ACCESS_CONFIG}
      draft={current ?? DEFAULT_CONDITIONAL_ACCESS_CONFIG}
      onDraftChange={(next) => {
        setDraft(next);
        setError(undefined);
      }}
      onSave={save}
      onToggle={toggle}
      onRemove={remove}
      policy={policy.data ?? undefined}
      onPolicyChange={changePolicy}
      saving={saving}
      policySaving={policySaving}
      error={error}
      policyError={policyError}
    />
  );
}
