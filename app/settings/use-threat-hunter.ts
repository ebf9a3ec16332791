import useSWR from 'swr';
import { addThreatHunterUser, listThreatHunterUsers } from '@contract/threat-hunter';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';

const usersKey = swrKey(listThreatHunterUsers);

/** The Threat Hunter tab's data (docs/product/settings.md, 'Threat Hunter'). */
export function useThreatHunterUsers() {
  const { data, error, isLoading, mutate } = useSWR(
    usersKey,
    () => api.call(listThreatHunterUsers),
    {
      revalidateOnFocus: false,
      onError: readFailure(listThreatHunterUsers, messages.threatHunterUsersFailed),
    },
  );
  const provision = useMutation({
    action: 'addThreatHunterUser',
    run: (values: { name: string; email: string }) =>
      api.call(addThreatHunterUser, { body: values }),
    revalidate: [usersKey],
    success: (_answer, values) => messages.threatHunterInvited(values.name),
    failure: messages.addThreatHunterFailed,
  });
  return { data, error, isLoading, retry: () => void mutate(), provision };
}
