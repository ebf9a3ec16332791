import useSWR from 'swr';
import {
  createMembers,
  createSsoMembers,
  listMembers,
  readMembers,
  type CreateMembersBody,
  type CreateSsoMembersBody,
} from '@contract/members';
import {
  getSsoConfig,
  getSsoGroupMembers,
  getSsoProvider,
  saveSsoConfig,
  type SsoConfigBody,
} from '@contract/sso';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { setSsoOnboarding } from '../session/cookies';

/*
 * The member flows' data (docs/product/members.md). The directory's groups, paged as the list
 * scrolls, are in use-sso-groups.ts (SWR infinite, needed by one screen only).
 */

const swrOptions = { revalidateOnFocus: false } as const;

/** The organization's members, to mark duplicates on the review screen. */
export function useExistingMembers() {
  return useSWR(swrKey(listMembers), () => api.call(listMembers), {
    ...swrOptions,
    onError: readFailure(listMembers, messages.fetchMembersFailed),
  });
}

/** The SSO provider's name, when the session does not carry it (`enabled` false: not asked). */
export function useSsoProvider(enabled: boolean) {
  return useSWR(enabled ? swrKey(getSsoProvider) : null, () => api.call(getSsoProvider), {
    ...swrOptions,
    onError: readFailure(getSsoProvider, messages.ssoProviderFailed),
  });
}

/**
 * The CSV file read by the server. Its answer's `error` (a parse problem) is data for the review
 * screen, not a banner; a failed call shows 'Failed to read members from file' on the screen.
 */
export function useReadMembersFile() {
  return useMutation({
    action: 'readMembers',
    run: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(readMembers, { body: form, skipGenericMessages: true });
    },
    failure: null,
  });
}

/** The members of the chosen directory groups, for the review screen. */
export function useSsoGroupMembers() {
  return useMutation({
    action: 'getSsoGroupMembers',
    run: (groups: string[]) => api.call(getSsoGroupMembers, { body: { groups } }),
    failure: messages.ssoGroupMembersFailed,
  });
}

/** The invitations: to the chosen members, or to the chosen directory groups' members. */
export function useSendInvitations() {
  return useMutation({
    action: 'createMembers',
    run: (invitations: { sso: CreateSsoMembersBody } | { members: CreateMembersBody }) =>
      'sso' in invitations
        ? api.call(createSsoMembers, { query: { email: true }, body: invitations.sso })
        : api.call(createMembers, { query: { email: true }, body: invitations.members }),
    failure: messages.createMembersFailed,
  });
}

/**
 * The SSO application's details; a failure ends SSO onboarding
 * (docs/product/members.md, 'SSO setup').
 */
/**
 * The saved SSO settings (never the client secret: only whether one is saved), to fill the setup
 * screen again. A failure leaves the form empty, as before anything was saved.
 */
export function useSsoConfig() {
  return useSWR(swrKey(getSsoConfig), () => api.call(getSsoConfig), swrOptions);
}

export function useSaveSsoConfig() {
  return useMutation({
    action: 'saveSsoConfig',
    run: (config: SsoConfigBody) => api.call(saveSsoConfig, { body: config }),
    failure: messages.ssoIntegrationProblem,
    onError: () => setSsoOnboarding(false),
  });
}
