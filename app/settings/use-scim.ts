import useSWR from 'swr';
import { getScimConfig, updateScimConfig } from '@contract/scim';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { withDetail } from './failure';

const scimKey = swrKey(getScimConfig);

/** The SCIM tab's data (docs/product/settings.md, 'SCIM'); failures show the server's detail. */
export function useScim() {
  const { data, error, isLoading, mutate } = useSWR(scimKey, () => api.call(getScimConfig), {
    revalidateOnFocus: false,
    onError: readFailure(getScimConfig, (e) => withDetail(messages.scimGetFailed, e)),
  });
  const update = useMutation({
    action: 'updateScimConfig',
    run: (enable: boolean) => api.call(updateScimConfig, { body: { enable } }),
    populate: { key: scimKey },
    success: messages.scimUpdated,
    failure: (e) => withDetail(messages.scimUpdateFailed, e),
  });
  const setInvitations = useMutation({
    action: 'updateScimConfig',
    run: (sendInvitations: boolean) => api.call(updateScimConfig, { body: { sendInvitations } }),
    populate: { key: scimKey },
    success: messages.scimUpdated,
    failure: (e) => withDetail(messages.scimUpdateFailed, e),
  });
  return { data, error, isLoading, retry: () => void mutate(), update, setInvitations };
}
