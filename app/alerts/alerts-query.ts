import {
  DEFAULT_ALERT_PAGE_SIZE,
  isAlertStatusFilter,
  type AlertStatusFilter,
} from '@domain/alerts';
import { DEFAULT_PAGE, pageSizeOrDefault, parsePositiveInt } from '@domain/pagination';

/**
 * The console's URL state (docs/product/alerts.md, 'Status filter', 'Pages'), parsed in one place.
 */
export interface AlertsQuery {
  status: AlertStatusFilter | null;
  page: number;
  pageSize: number;
  /** The alert whose detail drawer is open (docs/decisions/059): its id (scanId), or null. */
  alert: string | null;
}

/** Longest alert id the address keeps (the contract's id length). */
const ALERT_PARAM_MAX_LENGTH = 200;

/** What identifies the rows shown (selection, scroll position): everything but the open drawer. */
export function alertsViewKey(query: AlertsQuery): string {
  return serializeAlertsQuery({ ...query, alert: null });
}

export function parseAlertsQuery(search: string): AlertsQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    // An unknown status means no filter (docs/product/alerts.md, 'Status filter').
    status: isAlertStatusFilter(status) ? status : null,
    page: parsePositiveInt(params.get('page')) ?? DEFAULT_PAGE,
    pageSize: pageSizeOrDefault(parsePositiveInt(params.get('pageSize')), DEFAULT_ALERT_PAGE_SIZE),
    alert: params.get('alert')?.trim().slice(0, ALERT_PARAM_MAX_LENGTH) || null,
  };
}

export function serializeAlertsQuery(query: AlertsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page !== DEFAULT_PAGE) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ALERT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.alert) params.set('alert', query.alert);
  const text = params.toString();
  return text ? `?${text}` : '';
}
