import { useState } from 'react';
import useSWR from 'swr';
import { getMdmConfig, updateMdmConfig } from '@contract/mdm';
import { MaskedSecret } from '@ui/masked-secret/masked-secret';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { links } from '../config';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { withDetail } from './failure';
import { ToggleSettingCard } from './toggle-setting';

/** The MDM tab (spec 2.6): the MDM Token once enabled. */
export function MdmTab() {
  const { data, error, isLoading, mutate } = useSWR('orgs/mdm', () => api.call(getMdmConfig), {
    revalidateOnFocus: false,
    onError: (e) => notify.error(withDetail(messages.mdmGetFailed, e)),
  });
  const [busy, setBusy] = useState(false);

  async function update(enable: boolean) {
    analytics.track(enable ? 'enableMdm' : 'disableMdm');
    setBusy(true);
    try {
      const config = await api.call(updateMdmConfig, { body: { enable } });
      await mutate(config, { revalidate: false });
      notify.success(messages.mdmUpdated);
    } catch (e) {
      notify.error(withDetail(messages.mdmUpdateFailed, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToggleSettingCard
      title="MDM"
      enabled={!error && Boolean(data?.enabled)}
      loading={isLoading}
      busy={busy}
      enableLabel="Enable MDM"
      disableLabel="Disable MDM"
      confirmTitle="Disable MDM"
      confirmMessage="Disconnect your MDM and manage members manually; all current members retained."
      helpHref={links.docs.mdm}
      helpLabel="How to set up MDM"
      onEnable={() => update(true)}
      onDisable={() => update(false)}
      details={<MaskedSecret label="MDM Token" value={data?.token ?? ''} />}
    />
  );
}
