import {
  DEVICE_SEVERITIES,
  DEVICE_SEVERITY_LABELS,
  ENROLMENT_FILTER_LABELS,
  ENROLMENT_FILTERS,
} from '@domain/devices';
import { labelled } from '@domain/labels';
import type { FilterChip } from '@ui/primitives/filter-chips/filter-chips';
import type {
  FilterMenuChange,
  FilterMenuGroup,
  FilterMenuValue,
} from '@ui/primitives/filter-menu/filter-menu';
import type { DashboardQuery } from './dashboard-query';

/** The FILTERS menu (docs/product/dashboard.md, 'Filters'): 'All devices' clears the group. */
export const FILTER_GROUPS: FilterMenuGroup[] = [
  {
    id: 'enrolled',
    label: 'Device enrolment',
    options: labelled(ENROLMENT_FILTERS, ENROLMENT_FILTER_LABELS).map((o) =>
      o.value === 'all' ? { ...o, neutral: true } : o,
    ),
  },
  {
    id: 'severity',
    label: 'Severity',
    options: labelled(DEVICE_SEVERITIES.slice().reverse(), DEVICE_SEVERITY_LABELS),
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

/**
 * The filters in force as removable chips, in the menu's order: 'Device enrolment: Enrolled',
 * 'Severity: Critical' (docs/decisions/045).
 */
export function filterChips(query: DashboardQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  if (query.q) chips.push({ id: 'q', label: `Search: ${query.q}` });
  if (query.enrolled !== null) {
    chips.push({
      id: 'enrolled',
      label: `Device enrolment: ${ENROLMENT_FILTER_LABELS[String(query.enrolled) as 'true' | 'false']}`,
    });
  }
  for (const severity of DEVICE_SEVERITIES.slice().reverse()) {
    if (query.severity.includes(severity)) {
      chips.push({
        id: `severity:${severity}`,
        label: `Severity: ${DEVICE_SEVERITY_LABELS[severity]}`,
      });
    }
  }
  return chips;
}

/** The URL state without the chip's filter, back on page 1. */
export function removeFilterChip(query: DashboardQuery, id: string): DashboardQuery {
  if (id === 'q') return { ...query, page: 1, q: '' };
  if (id === 'enrolled') return { ...query, page: 1, enrolled: null };
  const severity = id.startsWith('severity:') ? id.slice('severity:'.length) : null;
  return { ...query, page: 1, severity: query.severity.filter((s) => s !== severity) };
}
