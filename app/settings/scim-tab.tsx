import { useState } from 'react';
import useSWR from 'swr';
import { getScimConfig, updateScimConfig } from '@contract/scim';
import { CopyableField } from '@ui/copyable-field/copyable-field';
import { MaskedSecret } from '@ui/masked-secret/masked-secret';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { links } from '../config';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { withDetail } from './failure';
import { ToggleSettingCard } from './toggle-setting';

/** The SCIM tab (spec 2.6): URL and Authorization Header once enabled. */
export function ScimTab() {
  const { data, error, isLoading, mutate } = useSWR('orgs/scim', () => api.call(getScimConfig), {
    revalidateOnFocus: false,
    onError: (e) => notify.error(withDetail(messages.scimGetFailed, e)),
  });
  const [busy, setBusy] = useState(false);
  // Enabling reveals the new header at once (spec 2.6).
  const [justEnabled, setJustEnabled] = useState(false);

  async function update(enable: boolean) {
    analytics.track(enable ? 'enableScim' : 'disableScim');
    setBusy(true);
    try {
      const config = await api.call(updateScimConfig, { body: { enable } });
      await mutate(config, { revalidate: false });
      setJustEnabled(enable);
      notify.success(messages.scimUpdated);
    } catch (e) {
      notify.error(withDetail(messages.scimUpdateFailed, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToggleSettingCard
      title="SCIM"
      enabled={!error && Boolean(data?.enabled)}
      loading={isLoading}
      busy={busy}
      enableLabel="Enable SCIM"
      disableLabel="Disable SCIM"
      confirmTitle="Disable SCIM"
      confirmMessage="Disconnect SCIM and manage members manually; all current members retained."
      helpHref={links.docs.scim}
      helpLabel="How to set up SCIM"
      onEnable={() => update(true)}
      onDisable={() => update(false)}
      details={
        <div className="flex flex-col gap-4">
          <CopyableField label="SCIM URL" value={data?.scimUrl ?? ''} mono />
          <MaskedSecret
            key={String(justEnabled)}
            label="Authorization Header"
            value={data?.authHeader ?? ''}
            defaultRevealed={justEnabled}
          />
        </div>
      }
    />
  );
}
