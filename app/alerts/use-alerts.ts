import useSWR from 'swr';
import {
  exportAlertsCsv,
  listAlerts,
  updateAlerts,
  type AlertPage,
  type AlertStatus,
  type ListAlertsQuery,
} from '@contract/alerts';
import { api } from '../api/api';
import { downloadHref } from '../api/download';
import { readFailure } from '../data/read-failure';
import { isKeyOf, swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import type { AlertsQuery } from './alerts-query';

const EMPTY: AlertPage = { alerts: [], totalPages: 0 };

/**
 * One page of alerts (docs/product/alerts.md, 'Pages'). A failure shows an empty list and says
 * 'Failed to get alerts'.
 */
export function useAlerts(query: AlertsQuery) {
  const apiQuery: ListAlertsQuery = {
    page: query.page,
    pageSize: query.pageSize,
    status: query.status ?? undefined,
  };
  const { data, error, isLoading, mutate } = useSWR(
    swrKey(listAlerts, apiQuery),
    () => api.call(listAlerts, { query: apiQuery }),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: readFailure(listAlerts, messages.alertsFailed),
    },
  );
  const page = error ? EMPTY : data;

  return {
    alerts: page?.alerts ?? [],
    totalPages: page?.totalPages ?? 0,
    loading: isLoading && !page,
    failed: Boolean(error),
    retry: () => void mutate(),
    /** Fetches the page again (live updates: docs/decisions/052-live-console.md). */
    revalidate: () => mutate(),
  };
}

/**
 * The bulk status change (docs/product/alerts.md, 'Bulk actions'). Changing status moves alerts
 * between filters, so every cached page of alerts is fetched again.
 */
export function useUpdateAlerts() {
  return useMutation({
    action: 'updateAlerts',
    run: (change: { alertIds: string[]; status: AlertStatus }) =>
      api.call(updateAlerts, { body: change }),
    revalidate: [isKeyOf(listAlerts)],
    success: (_answer, change) => messages.alertsUpdated(change.alertIds.length),
    failure: messages.updateAlertsFailed,
  });
}

/** Export CSV of the status filter, every page, newest first. */
export function exportAlertsHref(query: AlertsQuery): string {
  return downloadHref(exportAlertsCsv, { status: query.status ?? undefined });
}
