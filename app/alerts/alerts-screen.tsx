import { getAlertDetail } from '@contract/alerts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import {
  ALERT_PAGE_SIZES,
  ALERT_STATUS_FILTERS,
  ALERT_STATUSES,
  isAlertStatusFilter,
  type AlertStatus,
  type AlertStatusFilter,
} from '@domain/alerts';
import { labelled } from '@domain/labels';
import { Button } from '@ui/primitives/button/button';
import { FileTextIcon } from '@ui/primitives/icons/icons';
import { DataTable, focusRowOpener } from '@ui/primitives/data-table/data-table';
import { LoadError } from '@ui/primitives/load-error/load-error';
import {
  FilterMenu,
  type FilterMenuChange,
  type FilterMenuGroup,
} from '@ui/primitives/filter-menu/filter-menu';
import { Paginator } from '@ui/primitives/paginator/paginator';
import { SelectField } from '@ui/primitives/select-field/select-field';
import { NewAlertsButton } from '@ui/portal/new-alerts-button/new-alerts-button';
import { analytics } from '../analytics/instance';
import { useDetail } from '../data/use-detail';
import { useLiveNotices, usePacedRevalidation } from '../live/use-live';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { planAlertAction } from './alert-actions';
import { useColumnLayout } from '../data/use-column-layout';
import { ColumnChooser } from '@ui/portal/column-chooser/column-chooser';
import { alertColumns, sortAlerts } from './alert-columns';
import {
  alertsViewKey,
  parseAlertsQuery,
  serializeAlertsQuery,
  type AlertsQuery,
} from './alerts-query';
import { exportAlertsHref, useAlerts, useUpdateAlerts } from './use-alerts';

// The drawer's code loads when an alert is first opened, beside its data (docs/decisions/059).
const AlertDrawer = lazy(() => import('./alert-drawer'));

/** docs/product/alerts.md, 'Status filter': All alerts, Open alerts, Closed alerts. */
const STATUS_FILTER_LABELS: Record<AlertStatusFilter, string> = {
  open: 'Open alerts',
  closed: 'Closed alerts',
};

const STATUS_GROUP: FilterMenuGroup[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All alerts', neutral: true },
      ...labelled(ALERT_STATUS_FILTERS, STATUS_FILTER_LABELS),
    ],
  },
];

/** 'Set status to Closed', then 'Set status to Open' (docs/product/alerts.md, 'Bulk actions'). */
const ACTIONS = [...ALERT_STATUSES]
  .reverse()
  .map((status) => ({ value: status, label: `Set status to ${status}` }));

/** The status filter is one value: the option just chosen, or none. */
function nextStatus(change: FilterMenuChange): AlertsQuery['status'] {
  if (!change.checked || change.value === 'all' || change.value === null) return null;
  return isAlertStatusFilter(change.value) ? change.value : null;
}

export default function AlertsScreen() {
  usePageTitle('Alerts');
  const columnLayout = useColumnLayout('alert', alertColumns);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseAlertsQuery(search), [search]);
  const canonical = serializeAlertsQuery(query);
  // The rows shown (selection, scroll, waiting alerts): the open drawer is not part of it.
  const view = alertsViewKey(query);
  const { alerts, totalPages, loading, failed, retry, revalidate } = useAlerts(query);
  const update = useUpdateAlerts();
  const updating = update.busy;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [selection, setSelection] = useState<{ view: string; rows: RowSelectionState }>({
    view: '',
    rows: {},
  });
  const [action, setAction] = useState<AlertStatus | ''>('');
  const tableArea = useRef<HTMLDivElement>(null);

  const go = (next: AlertsQuery, replace = false) =>
    navigate(`${paths.alertsConsole}${serializeAlertsQuery(next)}`, { replace });

  // The open alert's drawer (docs/decisions/059), in the address (`alert`, replacing the entry),
  // read in parallel with the list; closing gives focus back to the row that opened it.
  const detail = useDetail(getAlertDetail, query.alert ? { id: query.alert } : null);
  const openedFrom = useRef<string | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (query.alert && !drawerUsed) setDrawerUsed(true);
  const openAlert = (id: string) => {
    openedFrom.current = id;
    go({ ...query, alert: id }, true);
  };

  // Unknown values in the URL are corrected in place.
  useEffect(() => {
    const current = search ? `?${search}` : '';
    if (location === paths.alertsConsole && current !== canonical) {
      navigate(`${paths.alertsConsole}${canonical}`, { replace: true });
    }
  }, [canonical, location, navigate, search]);

  const tableContainer = () =>
    tableArea.current?.querySelector<HTMLElement>('[data-slot="data-table-container"]') ?? null;
  // The table scrolls back to the top when another page or filter is shown, after a bulk update and
  // when new alerts are shown (docs/product/alerts.md, 'Alert list'); never for a live refresh,
  // which updates the rows where they are.
  const [scrollRequest, setScrollRequest] = useState(0);
  useEffect(() => {
    tableContainer()?.scrollTo?.({ top: 0 });
  }, [view, scrollRequest]);

  const rowSelection = selection.view === view ? selection.rows : {};
  const selected = alerts.filter((a) => rowSelection[a.scanId]);

  // Live updates (docs/decisions/052-live-console.md): a change to the alerts refetches the page,
  // paced. New alerts on page 1 while the administrator works on the list (a selection, or
  // scrolled down) would push rows under the pointer: they are counted instead ('N new alerts'),
  // and shown when asked. The selection is kept by alert id, so it survives a refresh.
  const live = usePacedRevalidation(revalidate);
  const liveDetail = usePacedRevalidation(detail.revalidate);
  // Counted for one page and filter: another one starts with none waiting (it is fetched as is).
  const [waiting, setWaiting] = useState({ view: '', count: 0 });
  const newAlerts = waiting.view === view ? waiting.count : 0;
  useLiveNotices((notice) => {
    // An open drawer is kept current by every change (its device's, its own status).
    if (query.alert) liveDetail.notify();
    if (notice.topic === 'devices') return;
    const scrolled = (tableContainer()?.scrollTop ?? 0) > 0;
    const holding = query.page === 1 && (selected.length > 0 || scrolled);
    if (holding && (newAlerts > 0 || notice.opened > 0)) {
      setWaiting({ view, count: newAlerts + notice.opened });
      return;
    }
    live.notify();
  });
  const showNewAlerts = () => {
    setWaiting({ view, count: 0 });
    setScrollRequest((n) => n + 1);
    void revalidate();
  };
  const rows = useMemo(
    () => sortAlerts(alerts, sorting[0]?.id, sorting[0]?.desc ?? false),
    [alerts, sorting],
  );

  async function runAction() {
    if (!action) return;
    const plan = planAlertAction(selected, action);
    if (plan.kind === 'nothing-selected') return;
    if (plan.kind === 'already') {
      notify.info(plan.message);
      return;
    }
    await update.trigger(
      { alertIds: plan.alertIds, status: plan.status },
      {
        // The dropdown resets to 'Select option' (docs/product/alerts.md, 'Bulk actions').
        onSuccess: () => {
          setAction('');
          setSelection({ view, rows: {} });
          setScrollRequest((n) => n + 1);
        },
      },
    );
  }

  const noAlertsAtAll =
    !loading && !failed && alerts.length === 0 && query.status === null && query.page === 1;

  return (
    <section aria-labelledby="alerts-heading" className="flex flex-col gap-5">
      <h1 id="alerts-heading" className="text-2xl font-semibold text-ink">
        Alerts
      </h1>
      {noAlertsAtAll ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-surface-border bg-surface px-6 py-12 text-center shadow-card">
          <h2 className="text-lg font-semibold text-ink">No alerts found for your organization!</h2>
          <p className="text-ink-muted">
            Any detections made by our threat hunting tools will be shown here
          </p>
          <Button asChild>
            <RouterLink href={paths.dashboard}>View device scans</RouterLink>
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <FilterMenu
                groups={STATUS_GROUP}
                value={{ status: [query.status ?? 'all'] }}
                onValueChange={(_, change) => go({ ...query, page: 1, status: nextStatus(change) })}
                onOpenChange={(open) => {
                  if (open) analytics.track('showDropdown');
                }}
              />
              {/* Every alert of this filter, newest first, streamed by the server. */}
              <Button asChild variant="outline" size="md">
                <a href={exportAlertsHref(query)} download data-slot="export-alerts">
                  <FileTextIcon aria-hidden className="size-4 text-ink-muted" />
                  Export CSV
                </a>
              </Button>
              {/* Kept per administrator on the server; Export CSV keeps the list's own columns. */}
              <ColumnChooser tableName="alert" {...columnLayout.chooser} />
              <NewAlertsButton count={newAlerts} onShow={showNewAlerts} />
            </div>
            <div className="flex items-end gap-3">
              <SelectField
                label="ACTION"
                options={ACTIONS}
                placeholder={selected.length ? 'Select option' : 'Select alert to enable options'}
                disabled={selected.length === 0 || updating}
                value={selected.length ? action : ''}
                onChange={(e) => setAction(e.target.value as AlertStatus)}
                fieldClassName="w-64"
              />
              {action && selected.length ? (
                <Button busy={updating} busyLabel="Updating..." onClick={() => void runAction()}>
                  Update
                </Button>
              ) : null}
            </div>
          </div>
          <div ref={tableArea}>
            <DataTable
              aria-label="Alert list"
              columns={columnLayout.columns}
              // Expanding an alert must not move the columns (docs/decisions/044).
              fixedColumnWidths
              data={rows}
              getRowId={(a) => a.scanId}
              sorting={sorting}
              onSortingChange={setSorting}
              enableRowSelection
              rowSelection={rowSelection}
              onRowSelectionChange={(rows) => setSelection({ view, rows })}
              onOpenRow={(a) => openAlert(a.scanId)}
              // On phones the table scrolls sideways in its own region with the alert's name in
              // view (docs/decisions/045).
              stickyFirstColumn
              maxHeight="60vh"
              loading={loading}
              error={
                failed ? (
                  <LoadError
                    message={messages.alertsFailed}
                    onRetry={retry}
                    announce={false}
                    className="items-center"
                  />
                ) : undefined
              }
              empty="No alerts match this filter."
            />
          </div>
          <Paginator
            page={Math.min(query.page, Math.max(totalPages, 1))}
            pageCount={totalPages}
            pageSize={query.pageSize}
            pageSizeOptions={[...ALERT_PAGE_SIZES]}
            onPageChange={(page) => go({ ...query, page })}
            onPageSizeChange={(pageSize) => go({ ...query, page: 1, pageSize })}
          />
        </>
      )}
      {drawerUsed ? (
        <Suspense fallback={null}>
          <AlertDrawer
            id={query.alert}
            read={detail}
            onClose={() => go({ ...query, alert: null }, true)}
            onCloseAutoFocus={(event) => {
              const id = openedFrom.current;
              if (id !== null && focusRowOpener(document, id)) event.preventDefault();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
