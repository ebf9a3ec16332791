import { DEFAULT_ALERT_PAGE_SIZE, type AlertStatusFilter } from '@contract/alerts';
import { MAX_PAGE_SIZE } from '@contract/fields';

/** The alerts console's URL state (spec 2.5, 4), parsed and validated in one place. */
export interface AlertsQuery {
  status: AlertStatusFilter | null;
  page: number;
  pageSize: number;
}

const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;

export function parseAlertsQuery(search: string): AlertsQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const page = params.get('page');
  const pageSize = params.get('pageSize');
  const size = pageSize && POSITIVE_INT.test(pageSize) ? Number(pageSize) : null;
  return {
    // An unknown status means no filter (spec 4).
    status: status === 'open' || status === 'closed' ? status : null,
    page: page && POSITIVE_INT.test(page) ? Number(page) : 1,
    pageSize: size !== null && size <= MAX_PAGE_SIZE ? size : DEFAULT_ALERT_PAGE_SIZE,
  };
}

export function serializeAlertsQuery(query: AlertsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ALERT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}
