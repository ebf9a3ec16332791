/**
 * Devices (docs/product/dashboard.md): severities, platforms and the dashboard's sort and filter
 * values.
 */

/** Device severity: secure, warning, critical. */
export const DEVICE_SEVERITIES = ['secure', 'warning', 'critical'] as const;
export type DeviceSeverity = (typeof DEVICE_SEVERITIES)[number];

/** The dashboard's names of the severities (docs/product/dashboard.md, 'Filters'). */
export const DEVICE_SEVERITY_LABELS: Readonly<Record<DeviceSeverity, string>> = {
  critical: 'Critical',
  warning: 'Fixes needed',
  secure: 'Secure',
};

export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** Platforms by their brand names. */
export const DEVICE_PLATFORM_LABELS: Readonly<Record<DevicePlatform, string>> = {
  ios: 'iOS',
  android: 'Android',
};

/** A device's enrolment as the dashboard words it. */
export const ENROLMENT_LABELS = { enrolled: 'Enrolled', notEnrolled: 'Not Enrolled' } as const;

/**
 * The dashboard's enrolment filter (docs/product/dashboard.md, 'Filters'): all devices, enrolled,
 * not enrolled. 'all' is no filter; 'true' / 'false' are the API's `enrolled` values.
 */
export const ENROLMENT_FILTERS = ['all', 'true', 'false'] as const;
export type EnrolmentFilter = (typeof ENROLMENT_FILTERS)[number];
export const ENROLMENT_FILTER_LABELS: Readonly<Record<EnrolmentFilter, string>> = {
  all: 'All devices',
  true: ENROLMENT_LABELS.enrolled,
  false: ENROLMENT_LABELS.notEnrolled,
};

/** Sortable dashboard columns (docs/product/dashboard.md, 'Order'; the columns are ours). */
export const DEVICE_SORT_COLUMNS = [
  'code',
  'memberName',
  'memberEmail',
  'model',
  'platform',
  'osVersion',
  'enrolled',
  'severity',
  'lastScanAt',
] as const;
export type DeviceSortColumn = (typeof DEVICE_SORT_COLUMNS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The dashboard search's longest text (a name, an e-mail address or a code). */
export const DEVICE_SEARCH_MAX_LENGTH = 100;
