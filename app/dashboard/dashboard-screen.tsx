import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PAGE_SIZE_OPTIONS } from '@domain/pagination';
import { Button } from '@ui/primitives/button/button';
import { ConfirmDialog } from '@ui/primitives/confirm-dialog/confirm-dialog';
import { DataTable } from '@ui/primitives/data-table/data-table';
import { FilterMenu } from '@ui/primitives/filter-menu/filter-menu';
import { NewPortalNotice } from '@ui/portal/new-portal-notice/new-portal-notice';
import { Paginator } from '@ui/primitives/paginator/paginator';
import { analytics } from '../analytics/instance';
import { config } from '../config';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { applyFilterChange, FILTER_GROUPS, filterMenuValue } from './dashboard-filters';
import {
  parseDashboardQuery,
  serializeDashboardQuery,
  type DashboardQuery,
} from './dashboard-query';
import { deviceColumns } from './device-columns';
import { AddMembersHint } from './add-members-hint';
import { useDevicePages, useUnenroll } from './use-device-pages';

/**
 * Navigation state another screen may pass: a success message
 * (docs/product/dashboard.md, 'Above the list').
 */
export interface DashboardNavigationState {
  successMessage?: string;
}

export default function DashboardScreen() {
  usePageTitle('Dashboard');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const navigationState = useHistoryState<DashboardNavigationState | null>();
  const query = useMemo(() => parseDashboardQuery(search), [search]);
  const { devices, totalPages, loading, failed } = useDevicePages(query);
  const unenroll = useUnenroll(query);
  const unenrolling = unenroll.busy;
  // The table's rows render in a background (time-sliced) pass, so a page of rows arriving never
  // blocks the main thread for long (decision 011: total blocking time, interaction latency).
  const rows = useDeferredValue(
    useMemo(() => ({ devices, loading, failed }), [devices, loading, failed]),
  );
  // Selection belongs to one page of one list: another page or list starts with nothing selected.
  const [selection, setSelection] = useState<{ view: string; rows: RowSelectionState }>({
    view: '',
    rows: {},
  });
  const [confirming, setConfirming] = useState(false);

  const go = (next: DashboardQuery, replace = false) =>
    navigate(`${paths.dashboard}${serializeDashboardQuery(next)}`, { replace });

  // The URL is written back in its canonical form (bad values corrected), replacing the entry.
  const canonical = serializeDashboardQuery(query);
  useEffect(() => {
    const current = search ? `?${search}` : '';
    if (location === paths.dashboard && current !== canonical) {
      navigate(`${paths.dashboard}${canonical}`, { replace: true });
    }
  }, [canonical, location, navigate, search]);

  // A page beyond the list's end goes back to page 1.
  useEffect(() => {
    if (!loading && !failed && query.page > 1 && query.page > totalPages) {
      navigate(`${paths.dashboard}${serializeDashboardQuery({ ...query, page: 1 })}`, {
        replace: true,
      });
    }
  }, [failed, loading, navigate, query, totalPages]);

  // A success message passed along with navigation shows once, as a toast.
  useEffect(() => {
    if (!navigationState?.successMessage) return;
    notify.success(navigationState.successMessage);
    history.replaceState(null, '', location + (search ? `?${search}` : ''));
  }, [navigationState, location, search]);

  const rowSelection = selection.view === canonical ? selection.rows : {};
  const setRowSelection = (rows: RowSelectionState) => setSelection({ view: canonical, rows });

  const selectedCodes = Object.keys(rowSelection).filter((code) => rowSelection[code]);
  const sorting: SortingState = query.sort
    ? [{ id: query.sort, desc: query.order === 'desc' }]
    : [];

  async function confirmUnenroll() {
    await unenroll.trigger(selectedCodes, { onSuccess: () => setRowSelection({}) });
    setConfirming(false);
  }

  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-5">
      <h1 id="dashboard-heading" className="text-2xl font-semibold text-ink">
        Dashboard
      </h1>
      <NewPortalNotice href={config.newPortalUrl} title="Our New Portal is Live!" />
      <AddMembersHint />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterMenu
          groups={FILTER_GROUPS}
          value={filterMenuValue(query)}
          onValueChange={(next, change) => go(applyFilterChange(query, next, change))}
          onOpenChange={(open) => {
            if (open) analytics.track('showDropdown');
          }}
        />
        <Button
          variant="danger"
          disabled={selectedCodes.length === 0}
          onClick={() => setConfirming(true)}
        >
          {selectedCodes.length ? `Unenroll (${selectedCodes.length})` : 'Unenroll'}
        </Button>
      </div>

      <DataTable
        aria-label="Devices"
        columns={deviceColumns}
        data={rows.devices}
        getRowId={(d) => d.code}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          analytics.track('sortDashboardColumn', { column: first?.id ?? 'none' });
          go({
            ...query,
            page: 1,
            sort: (first?.id as DashboardQuery['sort']) ?? null,
            order: first?.desc ? 'desc' : 'asc',
          });
        }}
        enableRowSelection
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
        enableColumnResizing
        maxHeight="65vh"
        // Five rows per task, so no page of rows is one long task (decision 011).
        progressiveRows={5}
        loading={rows.loading}
        error={rows.failed ? messages.dashboardRowsFailed : undefined}
        empty="No devices match these filters."
      />

      <Paginator
        page={Math.min(query.page, Math.max(totalPages, 1))}
        pageCount={totalPages}
        pageSize={query.pageSize}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        onPageChange={(page) => go({ ...query, page })}
        onPageSizeChange={(pageSize) => go({ ...query, page: 1, pageSize })}
      />

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !unenrolling && setConfirming(open)}
        title="Unenroll devices"
        message={`Unenroll ${selectedCodes.length} device(s)? They stop reporting to your organization until their members enroll again with a new code.`}
        confirmLabel="Unenroll"
        confirmVariant="danger"
        busy={unenrolling}
        busyLabel="Unenrolling..."
        onConfirm={confirmUnenroll}
      />
    </section>
  );
}
