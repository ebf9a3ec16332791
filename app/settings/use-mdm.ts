import useSWR from 'swr';
import { getMdmConfig, updateMdmConfig } from '@contract/mdm';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { withDetail } from './failure';

const mdmKey = swrKey(getMdmConfig);

/** The MDM tab's data (docs/product/settings.md, 'MDM'); failures show the server's detail. */
export function useMdm() {
  const { data, error, isLoading, mutate } = useSWR(mdmKey, () => api.call(getMdmConfig), {
    revalidateOnFocus: false,
    onError: readFailure(getMdmConfig, (e) => withDetail(messages.mdmGetFailed, e)),
  });
  const update = useMutation({
    action: 'updateMdmConfig',
    run: (enable: boolean) => api.call(updateMdmConfig, { body: { enable } }),
    populate: { key: mdmKey },
    success: messages.mdmUpdated,
    failure: (e) => withDetail(messages.mdmUpdateFailed, e),
  });
  return { data, error, isLoading, retry: () => void mutate(), update };
}
