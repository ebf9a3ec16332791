import { useState } from 'react';
import { CopyableField } from '@ui/primitives/copyable-field/copyable-field';
import { MaskedSecret } from '@ui/primitives/masked-secret/masked-secret';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { Switch } from '@ui/primitives/switch/switch';
import { ToggleSettingCard } from '@ui/primitives/toggle-setting/toggle-setting';
import { analytics } from '../analytics/instance';
import { links } from '../config';
import { messages } from '../messages/messages';
import { useScim } from './use-scim';

/** The SCIM tab (docs/product/settings.md, 'SCIM'): URL and Authorization header once enabled. */
export function ScimTab() {
  const { data, error, isLoading, retry, update, setInvitations } = useScim();
  // Enabling reveals the new header at once.
  const [justEnabled, setJustEnabled] = useState(false);

  async function change(enable: boolean) {
    analytics.track(enable ? 'enableScim' : 'disableScim');
    await update.trigger(enable, { onSuccess: () => setJustEnabled(enable) });
  }

  // A failed read says so with 'Retry' above the card (which then shows the setting as off).
  return (
    <div className="flex flex-col gap-4">
      {error && !data ? <LoadError message={messages.scimGetFailed} onRetry={retry} /> : null}
      <ToggleSettingCard
        title="SCIM"
        enabled={!error && Boolean(data?.enabled)}
        loading={isLoading}
        busy={update.busy}
        enableLabel="Enable SCIM"
        disableLabel="Disable SCIM"
        confirmTitle="Disable SCIM"
        confirmMessage="Disconnect SCIM and manage members manually; all current members retained."
        helpHref={links.docs.scim}
        helpLabel="How to set up SCIM"
        onEnable={() => change(true)}
        onDisable={() => change(false)}
        details={
          <div className="flex flex-col gap-4">
            <CopyableField label="SCIM URL" value={data?.scimUrl ?? ''} mono />
            <MaskedSecret
              key={String(justEnabled)}
              label="Authorization header"
              value={data?.authHeader ?? ''}
              defaultRevealed={justEnabled}
            />
            <Switch
              label="Send enrolment invitations to provisioned members"
              description="Members your identity provider creates get the enrolment e-mail."
              checked={data?.sendInvitations ?? true}
              busy={setInvitations.busy}
              onCheckedChange={(on) => void setInvitations.trigger(on)}
            />
          </div>
        }
      />
    </div>
  );
}
