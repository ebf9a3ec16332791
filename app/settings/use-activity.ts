import useSWR from 'swr';
import {
  exportAuditEventsCsv,
  exportAuditEventsJsonLines,
  getAuditFilterOptions,
  getAuditSettings,
  listAuditEvents,
  updateAuditSettings,
  type AuditRetention,
} from '@contract/audit';
import { api } from '../api/api';
import { downloadHref } from '../api/download';
import { readFailure } from '../data/read-failure';
import { isKeyOf, swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { toAuditFilterQuery, toListAuditEventsQuery, type ActivityQuery } from './activity-query';

const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const keys = {
  filters: swrKey(getAuditFilterOptions),
  settings: swrKey(getAuditSettings),
  isEvents: isKeyOf(listAuditEvents),
};

/**
 * One page of the log for the URL's filters and page (docs/product/activity.md, 'Filters').
 * While another page or filter loads, the previous rows stay (dimmed) instead of a spinner.
 */
export function useAuditEvents(query: ActivityQuery) {
  const params = toListAuditEventsQuery(query);
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    swrKey(listAuditEvents, params),
    () => api.call(listAuditEvents, { query: params }),
    {
      ...swrOptions,
      keepPreviousData: true,
      onError: readFailure(listAuditEvents, messages.auditEventsFailed),
    },
  );
  return {
    page: error ? undefined : data,
    failed: Boolean(error),
    loading: isLoading && !data,
    /** Rows of an earlier query shown while this one loads. */
    refreshing: isValidating && Boolean(data),
    retry: () => void mutate(),
  };
}

/** The actors who appear in the log, for the actor filter. */
export function useAuditFilterOptions() {
  const { data } = useSWR(keys.filters, () => api.call(getAuditFilterOptions), {
    ...swrOptions,
    onError: readFailure(getAuditFilterOptions, messages.auditFiltersFailed),
  });
  return data?.actors;
}

/** The retention setting and its save (the card shows a refusal inline). */
export function useAuditSettings() {
  const { data, error, mutate } = useSWR(keys.settings, () => api.call(getAuditSettings), {
    ...swrOptions,
    onError: readFailure(getAuditSettings, messages.auditSettingsFailed),
  });
  const update = useMutation({
    action: 'updateAuditSettings',
    run: (retention: AuditRetention) =>
      api.call(updateAuditSettings, { body: { retention }, skipGenericMessages: true }),
    populate: { key: keys.settings },
    // The change is itself an event: the log's first page shows it.
    revalidate: [keys.isEvents, keys.filters],
    success: messages.auditSettingsUpdated,
    failure: null,
  });
  return { retention: data?.retention, failed: Boolean(error), retry: () => void mutate(), update };
}

/** Plain download links of the current filters (the server streams the whole file). */
export function exportHrefs(query: ActivityQuery) {
  return {
    csv: downloadHref(exportAuditEventsCsv, toAuditFilterQuery(query)),
    jsonLines: downloadHref(exportAuditEventsJsonLines, toAuditFilterQuery(query)),
  };
}
