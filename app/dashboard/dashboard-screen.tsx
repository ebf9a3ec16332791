import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { getDeviceDetail } from '@contract/devices';
import { DEVICE_SEARCH_MAX_LENGTH } from '@domain/devices';
import { PAGE_SIZE_OPTIONS } from '@domain/pagination';
import { Button } from '@ui/primitives/button/button';
import { ConfirmDialog } from '@ui/primitives/confirm-dialog/confirm-dialog';
import { DataTable, focusRowOpener } from '@ui/primitives/data-table/data-table';
import { FilterChips } from '@ui/primitives/filter-chips/filter-chips';
import { FilterMenu } from '@ui/primitives/filter-menu/filter-menu';
import { FileTextIcon, SearchIcon } from '@ui/primitives/icons/icons';
import { NewPortalNotice } from '@ui/portal/new-portal-notice/new-portal-notice';
import { UpdatedMarker } from '@ui/portal/updated-marker/updated-marker';
import { Paginator } from '@ui/primitives/paginator/paginator';
import { analytics } from '../analytics/instance';
import { config } from '../config';
import { useDetail } from '../data/use-detail';
import { formatDateTime } from '../format/date-time';
import { useLiveNotices, usePacedRevalidation } from '../live/use-live';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import {
  applyFilterChange,
  FILTER_GROUPS,
  filterChips,
  filterMenuValue,
  removeFilterChip,
} from './dashboard-filters';
import {
  parseDashboardQuery,
  serializeDashboardQuery,
  viewKey,
  type DashboardQuery,
} from './dashboard-query';
import { useColumnLayout } from '../data/use-column-layout';
import { ColumnChooser } from '@ui/portal/column-chooser/column-chooser';
import { deviceColumns } from './device-columns';
import { HIDE_NEW_PORTAL_NOTICE_COOKIE, readCookie, writeCookie } from '../session/cookies';
import { AddMembersHint, HIDE_HINT_DAYS } from './add-members-hint';
import { rangeText } from './range-text';
import { exportDevicesHref, useDevicePages, useUnenroll } from './use-device-pages';
import { unenrollConfirmText } from './unenroll-text';

// The drawer's code loads when a device is first opened, beside its data (docs/decisions/059).
const DeviceDrawer = lazy(() => import('./device-drawer'));

/**
 * Navigation state another screen may pass: a success message
 * (docs/product/dashboard.md, 'Above the list').
 */
/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

export interface DashboardNavigationState {
  successMessage?: string;
}

export default function DashboardScreen() {
  usePageTitle('Dashboard');
  const columnLayout = useColumnLayout('device', deviceColumns);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const navigationState = useHistoryState<DashboardNavigationState | null>();
  const query = useMemo(() => parseDashboardQuery(search), [search]);
  const { devices, totalPages, total, loading, failed, retry, revalidate } = useDevicePages(query);
  // Live updates (docs/decisions/052-live-console.md): a change to the organization's devices (or a
  // reset of the stream) fetches the visible page again, paced; rows update in place, the
  // selection (kept by device code) stays, and a subtle marker says when.
  const live = usePacedRevalidation(revalidate);
  // The open device's drawer (docs/decisions/059): read by the screen, in parallel with the list,
  // and kept current by the same live notices (a scan, a new alert, a quarantine).
  const detail = useDetail(getDeviceDetail, query.device ? { code: query.device } : null);
  const liveDetail = usePacedRevalidation(detail.revalidate);
  useLiveNotices((notice) => {
    if (notice.topic !== 'alerts') live.notify();
    if (query.device) liveDetail.notify();
  });
  const filtered = query.enrolled !== null || query.severity.length > 0 || query.q !== '';
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
  // Dismissed once, hidden for good (a cookie, as the add-members hint).
  const [noticeHidden, setNoticeHidden] = useState(
    () => readCookie(HIDE_NEW_PORTAL_NOTICE_COOKIE) === 'true',
  );

  const go = (next: DashboardQuery, replace = false) =>
    navigate(`${paths.dashboard}${serializeDashboardQuery(next)}`, { replace });

  // The search box: what is typed goes into the URL (`q`, page 1) once typing pauses, replacing
  // the entry so the back button skips the keystrokes; a URL change (back, a chip) refills it.
  const [searchDraft, setSearchDraft] = useState(query.q);
  const [searchFor, setSearchFor] = useState(query.q);
  if (searchFor !== query.q) {
    setSearchFor(query.q);
    setSearchDraft(query.q);
  }
  useEffect(() => {
    const wanted = searchDraft.trim();
    if (wanted === query.q) return;
    const id = setTimeout(() => go({ ...query, page: 1, q: wanted }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  });

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

  // Selection belongs to the rows shown: opening or closing a drawer keeps it.
  const view = viewKey(query);
  const rowSelection = selection.view === view ? selection.rows : {};
  const setRowSelection = (rows: RowSelectionState) => setSelection({ view, rows });

  // The drawer is in the address (`device`, replacing the entry: the back button stays the
  // list's); closing gives focus back to the row that opened it.
  const openedFrom = useRef<string | null>(null);
  // Mounted from the first opening on, so that closing runs the drawer's close (focus return).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (query.device && !drawerUsed) setDrawerUsed(true);
  const openDevice = (code: string) => {
    openedFrom.current = code;
    go({ ...query, device: code }, true);
  };
  const closeDevice = () => go({ ...query, device: null }, true);
  const unenrollOne = (code: string) =>
    new Promise<boolean>((resolve) => {
      void unenroll.trigger([code], {
        onSuccess: () => resolve(true),
        onError: () => resolve(false),
      });
    });

  const selectedCodes = Object.keys(rowSelection).filter((code) => rowSelection[code]);
  const sorting: SortingState = query.sort
    ? [{ id: query.sort, desc: query.order === 'desc' }]
    : [];

  const showTotal = total !== null && total > 0 && !rows.loading && !rows.failed;

  async function confirmUnenroll() {
    await unenroll.trigger(selectedCodes, { onSuccess: () => setRowSelection({}) });
    setConfirming(false);
  }

  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-5">
      <h1 id="dashboard-heading" className="text-2xl font-semibold text-ink">
        Dashboard
      </h1>
      {noticeHidden ? null : (
        <NewPortalNotice
          href={config.newPortalUrl}
          title="Our New Portal is Live!"
          dismissLabel="Dismiss the new portal notice"
          onDismiss={() => {
            writeCookie(HIDE_NEW_PORTAL_NOTICE_COOKIE, 'true', HIDE_HINT_DAYS);
            setNoticeHidden(true);
          }}
        />
      )}
      <AddMembersHint />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <search className="relative w-full sm:w-72">
            <label htmlFor="device-search" className="sr-only">
              Search devices
            </label>
            <SearchIcon
              aria-hidden
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-ink-subtle"
            />
            <input
              id="device-search"
              type="search"
              value={searchDraft}
              maxLength={DEVICE_SEARCH_MAX_LENGTH}
              placeholder="Search name, e-mail or code"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setSearchDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') go({ ...query, page: 1, q: searchDraft.trim() }, true);
              }}
              className="h-10 w-full rounded-control border border-surface-strong bg-surface ps-9 pe-3 text-sm text-ink placeholder:text-ink-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
            />
          </search>
          <FilterMenu
            groups={FILTER_GROUPS}
            value={filterMenuValue(query)}
            onValueChange={(next, change) => go(applyFilterChange(query, next, change))}
            onOpenChange={(open) => {
              if (open) analytics.track('showDropdown');
            }}
          />
          {/* Every device of this filter, search and order, streamed by the server. */}
          <Button asChild variant="outline" size="md">
            <a href={exportDevicesHref(query)} download data-slot="export-devices">
              <FileTextIcon aria-hidden className="size-4 text-ink-muted" />
              Export CSV
            </a>
          </Button>
          {/* Kept per administrator on the server; Export CSV keeps the list's own columns. */}
          <ColumnChooser tableName="device" {...columnLayout.chooser} />
        </div>
        {/* Bulk actions appear with a selection (docs/decisions/044), never as a disabled button. */}
        {selectedCodes.length > 0 ? (
          <div
            role="group"
            aria-label="Selected devices"
            data-slot="bulk-actions"
            className="flex items-center gap-3 rounded-control border border-brand-200 bg-brand-50 py-1 ps-3 pe-1 text-sm"
          >
            <span className="font-medium text-ink">{selectedCodes.length} selected</span>
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              Unenroll
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRowSelection({})}>
              Clear
            </Button>
          </div>
        ) : null}
      </div>
      <FilterChips
        chips={filterChips(query)}
        onRemove={(id) => go(removeFilterChip(query, id))}
        onClear={() => go({ ...query, page: 1, enrolled: null, severity: [], q: '' })}
        className="-mt-2"
      />

      <DataTable
        aria-label="Devices"
        columns={columnLayout.columns}
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
        onOpenRow={(d) => openDevice(d.code)}
        enableColumnResizing
        // The page scrolls under a sticky header and rows are ~40 px, so a 1280×800 window shows
        // about fifteen rows (docs/decisions/045); on phones the Member column stays in view.
        pageScroll
        stickyFirstColumn
        density="compact"
        loadingRowCount={Math.min(query.pageSize, 15)}
        // Five rows per task, so no page of rows is one long task (decision 011).
        progressiveRows={5}
        loading={rows.loading}
        error={
          rows.failed ? (
            <span className="flex flex-col items-center gap-3">
              {messages.dashboardRowsFailed}
              <Button variant="outline" size="sm" onClick={retry}>
                Retry
              </Button>
            </span>
          ) : undefined
        }
        empty={
          filtered ? (
            <span className="flex flex-col items-center gap-3">
              No devices match these filters.
              <Button
                variant="outline"
                size="sm"
                onClick={() => go({ ...query, page: 1, enrolled: null, severity: [], q: '' })}
              >
                Clear filters
              </Button>
            </span>
          ) : (
            <span className="flex flex-col items-center gap-2">
              <span className="font-medium text-ink">No devices yet</span>
              Each member you invite gets a code to enroll a device; their devices show here.
              <AppLink to={paths.memberManagement}>Invite members</AppLink>
            </span>
          )
        }
      />

      {showTotal || live.updatedAt ? (
        <div className="-mt-2 flex flex-wrap items-center justify-between gap-2">
          {showTotal ? (
            <p data-slot="device-total" className="text-sm text-ink-muted">
              {rangeText(query.page, query.pageSize, rows.devices.length, total)}
            </p>
          ) : (
            <span />
          )}
          <UpdatedMarker
            time={live.updatedAt ? formatDateTime(live.updatedAt) : null}
            dateTime={live.updatedAt?.toISOString()}
          />
        </div>
      ) : null}

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
        message={unenrollConfirmText(selectedCodes.length)}
        confirmLabel="Unenroll"
        confirmVariant="danger"
        busy={unenrolling}
        busyLabel="Unenrolling..."
        onConfirm={confirmUnenroll}
      />
      {drawerUsed ? (
        <Suspense fallback={null}>
          <DeviceDrawer
            code={query.device}
            read={detail}
            onClose={closeDevice}
            onUnenroll={unenrollOne}
            unenrolling={unenrolling}
            onCloseAutoFocus={(event) => {
              const code = openedFrom.current;
              if (code !== null && focusRowOpener(document, code)) event.preventDefault();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
