import useSWR from 'swr';
import {
  deactivateMember,
  listMemberDirectory,
  reactivateMember,
  resendMemberInvitation,
  type ListMemberDirectoryQuery,
} from '@contract/member-directory';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { isKeyOf, swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';

/*
 * The Members page's data (docs/product/members.md, 'The Members page'): one page of the list per
 * URL query, and the per-member actions, which refresh every cached page of the list.
 */

const isDirectoryKey = isKeyOf(listMemberDirectory);

export function useMemberDirectory(query: ListMemberDirectoryQuery) {
  return useSWR(
    swrKey(listMemberDirectory, query),
    () => api.call(listMemberDirectory, { query }),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
      onError: readFailure(listMemberDirectory, messages.fetchMembersFailed),
    },
  );
}

interface Target {
  id: string;
  name: string;
  email: string;
}

export function useResendInvitation() {
  return useMutation({
    action: 'resendMemberInvitation',
    run: (m: Target) =>
      api.call(resendMemberInvitation, { body: { id: m.id }, skipGenericMessages: true }),
    revalidate: [isDirectoryKey],
    success: (_data, m) => messages.invitationResent(m.email),
    failure: messages.resendInvitationFailed,
  });
}

export function useSetMemberActive(active: boolean) {
  return useMutation({
    action: active ? 'reactivateMember' : 'deactivateMember',
    run: (m: Target) =>
      api.call(active ? reactivateMember : deactivateMember, {
        body: { id: m.id },
        skipGenericMessages: true,
      }),
    revalidate: [isDirectoryKey],
    success: (_data, m) =>
      active ? messages.memberReactivated(m.name) : messages.memberDeactivated(m.name),
    failure: active ? messages.reactivateMemberFailed : messages.deactivateMemberFailed,
  });
}
