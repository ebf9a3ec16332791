import { useCallback, useEffect, useRef, useState } from 'react';
import { listSsoGroups, type SsoGroup } from '@contract/sso';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';

interface Listing {
  term: string;
  groups: SsoGroup[];
  nextPage: string | null;
}

/**
 * The provider's directory groups (spec 4 "Group selection"): pages load as the list is scrolled,
 * a search replaces the list, and an empty search restores the cached unfiltered list without a
 * call. A failure clears the list and says 'Failed to get sso groups'.
 */
export function useSsoGroups() {
  const [listing, setListing] = useState<Listing>({ term: '', groups: [], nextPage: null });
  const [loading, setLoading] = useState(true);
  const unfiltered = useRef<Listing | null>(null);
  const request = useRef(0);

  const load = useCallback(async (term: string, cursor: string | null, previous: SsoGroup[]) => {
    const id = ++request.current;
    setLoading(true);
    try {
      const page = await api.call(listSsoGroups, {
        query: { searchQuery: term || undefined, nextPage: cursor ?? undefined },
      });
      if (id !== request.current) return;
      const next = { term, groups: [...previous, ...page.groups], nextPage: page.nextPage };
      if (!term) unfiltered.current = next;
      setListing(next);
    } catch {
      if (id !== request.current) return;
      notify.error(messages.ssoGroupsFailed);
      setListing({ term, groups: [], nextPage: null });
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load('', null, []);
  }, [load]);

  const search = useCallback(
    (term: string) => {
      const trimmed = term.trim();
      if (!trimmed && unfiltered.current) {
        request.current++;
        setLoading(false);
        setListing(unfiltered.current);
        return;
      }
      void load(trimmed, null, []);
    },
    [load],
  );

  const loadMore = useCallback(() => {
    if (loading || !listing.nextPage) return;
    void load(listing.term, listing.nextPage, listing.groups);
  }, [listing, load, loading]);

  return {
    groups: listing.groups,
    hasMore: listing.nextPage !== null,
    loading,
    search,
    loadMore,
  };
}
