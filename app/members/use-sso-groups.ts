import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { listSsoGroups, type SsoGroupPage } from '@contract/sso';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { keyParams, swrKey } from '../data/swr-key';
import { messages } from '../messages/messages';

/**
 * The provider's directory groups (docs/product/members.md, 'Group selection'): pages load as the
 * list is scrolled (SWR infinite, cursor `nextPage`), a search shows its own pages, and an empty
 * search shows the cached unfiltered list again without a call. A failure clears the list and says
 * 'Failed to get sso groups'.
 */
export function useSsoGroups() {
  const [term, setTerm] = useState('');
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<
    SsoGroupPage,
    unknown,
    (index: number, previous: SsoGroupPage | null) => string | null
  >(
    (index, previous) => {
      if (index > 0 && !previous?.nextPage) return null;
      return swrKey(listSsoGroups, {
        searchQuery: term || undefined,
        nextPage: index > 0 ? (previous?.nextPage ?? undefined) : undefined,
      });
    },
    (key) => {
      const params = keyParams(key);
      return api.call(listSsoGroups, {
        query: {
          searchQuery: params.get('searchQuery') ?? undefined,
          nextPage: params.get('nextPage') ?? undefined,
        },
      });
    },
    {
      revalidateFirstPage: false,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: readFailure(listSsoGroups, messages.ssoGroupsFailed),
    },
  );

  const pages = error ? [] : (data ?? []);
  const last = pages[pages.length - 1];
  const loadingMore = size > pages.length && !error;

  return {
    groups: pages.flatMap((p) => p.groups),
    hasMore: Boolean(last?.nextPage),
    loading: isLoading || loadingMore || (isValidating && pages.length === 0),
    failed: Boolean(error),
    retry: () => void mutate(),
    search: (next: string) => setTerm(next.trim()),
    loadMore: () => {
      if (!loadingMore && last?.nextPage) void setSize(size + 1);
    },
  };
}
