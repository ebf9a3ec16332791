import useSWR, { useSWRConfig } from 'swr';
import { listAlerts, updateAlerts, type AlertPage, type AlertStatus } from '@contract/alerts';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { serializeAlertsQuery, type AlertsQuery } from './alerts-query';

const PREFIX = 'alerts|';
const EMPTY: AlertPage = { alerts: [], totalPages: 0 };

/**
 * One page of alerts (spec 3 "paginatedAlerts", 7.2). A failure shows an empty list and says
 * 'Failed to get alerts'. After an update every cached alerts page is refreshed.
 */
export function useAlerts(query: AlertsQuery) {
  const { mutate } = useSWRConfig();
  const key = `${PREFIX}${serializeAlertsQuery(query)}`;
  const { data, error, isLoading } = useSWR(
    key,
    () =>
      api.call(listAlerts, {
        query: { page: query.page, pageSize: query.pageSize, status: query.status ?? undefined },
      }),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: () => notify.error(messages.alertsFailed),
    },
  );
  const page = error ? EMPTY : data;

  async function update(alertIds: string[], status: AlertStatus) {
    await api.call(updateAlerts, { body: { alertIds, status } });
    // Changing status moves alerts between filters: every cached page may be stale.
    await mutate((k) => typeof k === 'string' && k.startsWith(PREFIX));
  }

  return {
    alerts: page?.alerts ?? [],
    totalPages: page?.totalPages ?? 0,
    loading: isLoading && !page,
    failed: Boolean(error),
    update,
  };
}
