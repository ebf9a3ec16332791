import useSWR from 'swr';
import { lookupOrg } from '@contract/orgs';
import { logout } from '@contract/session';
import { deleteSso } from '@contract/sso';
import { api } from '../api/api';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';

/**
 * The SSO tab's data (docs/product/settings.md, 'Single sign-on'). With no provider in the session,
 * the organization is looked up by slug and its hasSSO flag says whether SSO is set up (`slug`
 * null: not asked).
 */
export function useSsoSetUp(slug: string | null) {
  return useSWR(
    slug === null ? null : swrKey(lookupOrg, { slug }),
    () => api.call(lookupOrg, { body: { slug: slug ?? '' } }),
    { revalidateOnFocus: false },
  );
}

/**
 * Disconnecting SSO, then signing out: how the administrator signs in has just changed. The
 * sign-out's own failure does not matter (the session is cleared either way).
 */
export function useDisconnectSso(provider: string | null) {
  return useMutation({
    action: 'deleteSso',
    run: async () => {
      await api.call(deleteSso);
      await api
        .call(logout)
        .catch((error: unknown) => reportUnexpected(error, { action: 'logout' }));
    },
    failure: messages.deleteSsoFailed(provider ?? 'your SSO provider'),
  });
}
