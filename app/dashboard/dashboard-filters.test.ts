import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_QUERY } from './dashboard-query';
import {
  applyFilterChange,
  filterChips,
  filterMenuValue,
  removeFilterChip,
} from './dashboard-filters';

const at = (over: Partial<typeof DEFAULT_DASHBOARD_QUERY>) => ({
  ...DEFAULT_DASHBOARD_QUERY,
  page: 3,
  ...over,
});

describe('dashboard filters', () => {
  it('shows All devices checked without an enrolment filter', () => {
    expect(filterMenuValue(DEFAULT_DASHBOARD_QUERY)).toEqual({ enrolled: ['all'], severity: [] });
    expect(filterMenuValue(at({ enrolled: false, severity: ['critical'] }))).toEqual({
      enrolled: ['false'],
      severity: ['critical'],
    });
  });

  it('Enrolled alone filters; adding Not Enrolled means all devices again', () => {
    const enrolled = applyFilterChange(
      at({}),
      {},
      { groupId: 'enrolled', value: 'true', checked: true },
    );
    expect(enrolled).toMatchObject({ enrolled: true, page: 1 });
    const both = applyFilterChange(
      enrolled,
      {},
      { groupId: 'enrolled', value: 'false', checked: true },
    );
    expect(both.enrolled).toBeNull();
  });

  it('All devices, unchecking, or clearing removes the enrolment filter', () => {
    const q = at({ enrolled: true });
    for (const change of [
      { groupId: 'enrolled', value: 'all', checked: true },
      { groupId: 'enrolled', value: 'true', checked: false },
      { groupId: 'enrolled', value: null, checked: false },
    ]) {
      expect(applyFilterChange(q, {}, change).enrolled).toBeNull();
    }
  });

  it('severity takes the menu selection in canonical order and resets to page 1', () => {
    expect(
      applyFilterChange(
        at({}),
        { severity: ['secure', 'critical'] },
        { groupId: 'severity', value: 'critical', checked: true },
      ),
    ).toMatchObject({ severity: ['secure', 'critical'], page: 1 });
  });

  it('shows the filters in force as chips, in the menu order, and none without filters', () => {
    expect(filterChips(DEFAULT_DASHBOARD_QUERY)).toEqual([]);
    expect(
      filterChips(at({ enrolled: false, severity: ['secure', 'critical'] })).map((c) => c.label),
    ).toEqual(['Device enrolment: Not Enrolled', 'Severity: Critical', 'Severity: Secure']);
    expect(filterChips(at({ enrolled: true })).map((c) => c.label)).toEqual([
      'Device enrolment: Enrolled',
    ]);
  });

  it('removing a chip removes that filter only, back on page 1', () => {
    const q = at({ enrolled: true, severity: ['critical', 'warning'] });
    expect(removeFilterChip(q, 'severity:critical')).toMatchObject({
      enrolled: true,
      severity: ['warning'],
      page: 1,
    });
    expect(removeFilterChip(q, 'enrolled')).toMatchObject({
      enrolled: null,
      severity: ['critical', 'warning'],
      page: 1,
    });
  });
});
