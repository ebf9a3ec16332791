import { listDevices } from '@contract/devices';
import { api } from '../api/api';
import { parseDashboardQuery, toListDevicesQuery } from './dashboard-query';

/**
 * Route intent for the dashboard: starts its first data request now, in parallel with the
 * screen's code, instead of after it (issue 9: no request waterfall). The screen's first call for
 * the same URL takes the answer in flight.
 */
export function prefetchDashboard(search: string): void {
  api.prefetch(listDevices.path, toListDevicesQuery(parseDashboardQuery(search)));
}
