import { parseDashboardQuery } from './dashboard-query';
import { prefetchFirstPage } from './use-device-pages';

/**
 * Route intent for the dashboard: starts its first data request now, in parallel with the
 * screen's code, instead of after it (README, 'Performance': no waterfall). When the answer is in
 * before the screen, the screen's first render shows the rows; otherwise its first fetch takes
 * the request in flight.
 */
export function prefetchDashboard(search: string): void {
  prefetchFirstPage(parseDashboardQuery(search));
}
