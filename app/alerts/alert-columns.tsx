import type { ColumnDef } from '@tanstack/react-table';
import { parseAlertThreats, type Alert } from '@contract/alerts';
import { RowOpenButton } from '@ui/primitives/data-table/data-table';
import { selectionColumn } from '@ui/primitives/data-table/selection-column';
import { ChevronRightIcon } from '@ui/primitives/icons/icons';
import { SeverityBadge } from '@ui/portal/severity-badge/severity-badge';
import { TimeAgo } from '../format/time-ago';

/**
 * The alert's name with its description as a native disclosure: the threats it lists, or the
 * raw text when the description is not the expected JSON (it must never break the page).
 */
function AlertName({ alert }: { alert: Alert }) {
  const threats = parseAlertThreats(alert.alertDescription);
  return (
    <div className="flex items-start gap-1">
      <details className="group min-w-0 flex-1">
        <summary className="cursor-pointer font-medium text-ink marker:text-ink-subtle">
          {alert.alertName}
        </summary>
        <div className="mt-2 text-sm text-ink-muted">
          {threats === null ? (
            <p>
              <span className="font-medium">Details unavailable:</span>{' '}
              <span className="break-all">{alert.alertDescription.slice(0, 300)}</span>
            </p>
          ) : threats.length === 0 ? (
            <p>No threats listed.</p>
          ) : (
            <ul className="list-disc ps-5">
              {threats.map((t, i) => (
                <li key={i}>{t}</li>
              ))}
            </ul>
          )}
        </div>
      </details>
      {/* The row's open button: the alert's detail drawer (docs/decisions/059). */}
      <RowOpenButton
        aria-label={`Details of ${alert.alertName}`}
        className="inline-flex size-6 shrink-0 items-center justify-center text-ink-muted hover:bg-surface-sunken hover:text-ink"
      >
        <ChevronRightIcon aria-hidden className="size-4" />
      </RowOpenButton>
    </div>
  );
}

const SEVERITY_ORDER: Record<string, number> = { critical: 0, high: 1, suspicious: 2, low: 3 };

export const alertColumns: ColumnDef<Alert>[] = [
  selectionColumn<Alert>({
    getRowLabel: (row) => `${row.original.alertName} on ${row.original.device}`,
  }),
  {
    id: 'alertName',
    header: 'Name',
    accessorFn: (a) => a.alertName.toLowerCase(),
    size: 300,
    cell: ({ row }) => <AlertName alert={row.original} />,
  },
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (a) => SEVERITY_ORDER[a.severity.toLowerCase()] ?? 9,
    size: 130,
    cell: ({ row }) => (
      <SeverityBadge severity={row.original.severity}>{row.original.severity}</SeverityBadge>
    ),
  },
  { id: 'alertStatus', header: 'Status', accessorFn: (a) => a.alertStatus, size: 110 },
  {
    id: 'device',
    header: 'Device',
    accessorFn: (a) => a.device.toLowerCase(),
    size: 220,
    cell: ({ row }) => (
      <div className="flex flex-col">
        <span>{row.original.device}</span>
        <span className="text-xs text-ink-muted">{row.original.memberName ?? 'No member'}</span>
      </div>
    ),
  },
  {
    id: 'scanTime',
    header: 'Scan Time',
    accessorFn: (a) => a.scanTime,
    size: 190,
    // '3 hours ago', the exact time on hover and focus (docs/decisions/059).
    cell: ({ row }) => <TimeAgo iso={row.original.scanTime} />,
  },
];

/**
 * Sorting within the loaded page: the list call has no sort (docs/product/alerts.md, 'Alert list').
 */
export function sortAlerts(
  alerts: readonly Alert[],
  id: string | undefined,
  desc: boolean,
): Alert[] {
  const column = alertColumns.find((c) => c.id === id) as
    { accessorFn?: (a: Alert) => string | number } | undefined;
  if (!column?.accessorFn) return [...alerts];
  const key = column.accessorFn;
  return [...alerts].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -order : order;
  });
}
