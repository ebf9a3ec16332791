/** Devices (spec 2.3, 3): severities, platforms and the dashboard's sort and filter values. */

/** Device severity (spec 3 enumeration "severity/status secure, critical, warning"). */
export const DEVICE_SEVERITIES = ['secure', 'warning', 'critical'] as const;
export type DeviceSeverity = (typeof DEVICE_SEVERITIES)[number];

/** The dashboard's names of the severities (spec 2.3 filter names). */
export const DEVICE_SEVERITY_LABELS: Readonly<Record<DeviceSeverity, string>> = {
  critical: 'Critical',
  warning: 'Fixes needed',
  secure: 'Secure',
};

export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** A device's enrolment as the dashboard words it (spec 2.3). */
export const ENROLMENT_LABELS = { enrolled: 'Enrolled', notEnrolled: 'Not Enrolled' } as const;

/**
 * The dashboard's enrolment filter (spec 2.3): all devices, enrolled, not enrolled. 'all' is no
 * filter; 'true' / 'false' are the API's `enrolled` values.
 */
export const ENROLMENT_FILTERS = ['all', 'true', 'false'] as const;
export type EnrolmentFilter = (typeof ENROLMENT_FILTERS)[number];
export const ENROLMENT_FILTER_LABELS: Readonly<Record<EnrolmentFilter, string>> = {
  all: 'All devices',
  true: ENROLMENT_LABELS.enrolled,
  false: ENROLMENT_LABELS.notEnrolled,
};

/** Sortable dashboard columns (spec 2.3 has a sort event; the columns are ours). */
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
