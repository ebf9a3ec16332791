/**
 * Threat alerts (docs/product/alerts.md): their statuses, the console's status filter and page
 * sizes.
 */

/** An alert's status, as on the wire and stored. */
export const ALERT_STATUSES = ['Open', 'Closed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The console's status filter (`?status=`); absent means all alerts (the spec's "none"). */
export const ALERT_STATUS_FILTERS = ['open', 'closed'] as const;
export type AlertStatusFilter = (typeof ALERT_STATUS_FILTERS)[number];

/** The alert status a filter value keeps. */
export const ALERT_STATUS_OF_FILTER: Readonly<Record<AlertStatusFilter, AlertStatus>> = {
  open: 'Open',
  closed: 'Closed',
};

export function isAlertStatusFilter(value: unknown): value is AlertStatusFilter {
  return (ALERT_STATUS_FILTERS as readonly unknown[]).includes(value);
}

/** Severities with their own badge colour; any other string shows in the default style. */
export const KNOWN_ALERT_SEVERITIES = ['Critical', 'High', 'Suspicious', 'Low'] as const;
export type KnownAlertSeverity = (typeof KNOWN_ALERT_SEVERITIES)[number];

/**
 * Page sizes offered in the alerts footer: 20, 30, 40 and two more the spec names without values,
 * read as the default 50 and the maximum 100 (decision 007).
 */
export const ALERT_PAGE_SIZES = [20, 30, 40, 50, 100] as const;
export const DEFAULT_ALERT_PAGE_SIZE = 50;
