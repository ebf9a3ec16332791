import { MaskedSecret } from '@ui/primitives/masked-secret/masked-secret';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { ToggleSettingCard } from '@ui/primitives/toggle-setting/toggle-setting';
import { analytics } from '../analytics/instance';
import { links } from '../config';
import { messages } from '../messages/messages';
import { useMdm } from './use-mdm';

/** The MDM tab (docs/product/settings.md, 'MDM'): the MDM token once enabled. */
export function MdmTab() {
  const { data, error, isLoading, retry, update } = useMdm();

  async function change(enable: boolean) {
    analytics.track(enable ? 'enableMdm' : 'disableMdm');
    await update.trigger(enable);
  }

  // A failed read says so with 'Retry' above the card (which then shows the setting as off).
  return (
    <div className="flex flex-col gap-4">
      {error && !data ? <LoadError message={messages.mdmGetFailed} onRetry={retry} /> : null}
      <ToggleSettingCard
        title="MDM"
        enabled={!error && Boolean(data?.enabled)}
        loading={isLoading}
        busy={update.busy}
        enableLabel="Enable MDM"
        disableLabel="Disable MDM"
        confirmTitle="Disable MDM"
        confirmMessage="Disconnect your MDM and manage members manually; all current members retained."
        helpHref={links.docs.mdm}
        helpLabel="How to set up MDM"
        onEnable={() => change(true)}
        onDisable={() => change(false)}
        details={<MaskedSecret label="MDM token" value={data?.token ?? ''} />}
      />
    </div>
  );
}
