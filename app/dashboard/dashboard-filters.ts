import type {
  FilterMenuChange,
  FilterMenuGroup,
  FilterMenuValue,
} from '@ui/filter-menu/filter-menu';
import { DEVICE_SEVERITIES } from '@contract/devices';
import type { DashboardQuery } from './dashboard-query';
import { SEVERITY_LABEL } from './device-columns';

/** The FILTERS menu of spec 2.3. */
export const FILTER_GROUPS: FilterMenuGroup[] = [
  {
    id: 'enrolled',
    label: 'Device enrolment',
    options: [
      { value: 'all', label: 'All devices', neutral: true },
      { value: 'true', label: 'Enrolled' },
      { value: 'false', label: 'Not Enrolled' },
    ],
  },
  {
    id: 'severity',
    label: 'Severity',
    options: DEVICE_SEVERITIES.slice()
      .reverse()
      .map((s) => ({ value: s, label: SEVERITY_LABEL[s] })),
  },
];

/** What the menu shows checked for a URL state. */
export function filterMenuValue(query: DashboardQuery): FilterMenuValue {
  return {
    enrolled: query.enrolled === null ? ['all'] : [String(query.enrolled)],
    severity: [...query.severity],
  };
}

/**
 * The URL state after one menu change. The enrolment group is a multi-select whose choices
 * reduce to the API's one value: 'All devices', both Enrolled and Not Enrolled, or nothing all
 * mean no filter.
 */
export function applyFilterChange(
  query: DashboardQuery,
  next: FilterMenuValue,
  change: FilterMenuChange,
): DashboardQuery {
  const reset = { ...query, page: 1 };
  if (change.groupId === 'severity') {
    const chosen = new Set(next.severity ?? []);
    return { ...reset, severity: DEVICE_SEVERITIES.filter((s) => chosen.has(s)) };
  }
  if (change.groupId === 'enrolled') {
    if (!change.checked || change.value === null || change.value === 'all') {
      return { ...reset, enrolled: null };
    }
    const wanted = change.value === 'true';
    const other = query.enrolled !== null && query.enrolled !== wanted;
    return { ...reset, enrolled: other ? null : wanted };
  }
  return query;
}
