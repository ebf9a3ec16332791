import type { ColumnDef } from '@tanstack/react-table';
import type { Device } from '@contract/devices';
import {
  DEVICE_PLATFORM_LABELS,
  DEVICE_SEVERITY_LABELS,
  type DeviceSortColumn,
} from '@domain/devices';
import { RowOpenButton } from '@ui/primitives/data-table/data-table';
import { selectionColumn } from '@ui/primitives/data-table/selection-column';
import { EnrolmentStatus } from '@ui/portal/enrolment-status/enrolment-status';
import { QuarantineBadge } from '@ui/portal/quarantine-badge/quarantine-badge';
import { SeverityBadge } from '@ui/portal/severity-badge/severity-badge';
import { TimeAgo } from '../format/time-ago';

/** A missing value: a dash for the eye, words for a screen reader. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true" className="text-ink-subtle">
        —
      </span>
      <span className="sr-only">Not reported</span>
    </>
  );
}

const PLATFORM = DEVICE_PLATFORM_LABELS;

/** The open button's name: whose device, and that it opens its details. */
const openLabel = (d: Device) =>
  `Details of ${d.memberName ?? 'unknown member'}'s device ${d.code}`;

/**
 * The device columns (docs/product/dashboard.md, 'Columns'; our choice, decision 005): what an
 * administrator needs to find a device and judge it. Column ids are the API's sort keys, so a
 * header click maps to `sort` directly.
 */
export const deviceColumns: ColumnDef<Device>[] = [
  selectionColumn<Device>({
    getRowLabel: (row) =>
      `${row.original.memberName ?? 'unknown member'} ${row.original.model ?? ''} ${row.original.code}`.trim(),
  }),
  {
    id: 'memberName' satisfies DeviceSortColumn,
    // An accessor makes the column sortable; the server does the sorting.
    accessorFn: (d) => d.memberName,
    header: 'Member',
    // The sizes' sum fits the page at 1280 px, where the page (not the table) scrolls.
    size: 230,
    // The name is the row's open button (its detail drawer: docs/decisions/059).
    cell: ({ row: { original: d } }) =>
      d.memberName || d.memberEmail ? (
        <div className="flex min-w-0 flex-col">
          <span className="flex min-w-0 items-center gap-1.5">
            <RowOpenButton className="leading-tight" aria-label={openLabel(d)}>
              {d.memberName ?? <Missing />}
            </RowOpenButton>
            {d.quarantine ? <QuarantineBadge layout="inline" reason={d.quarantine} /> : null}
          </span>
          <span className="truncate text-xs leading-tight text-ink-muted">{d.memberEmail}</span>
        </div>
      ) : (
        <RowOpenButton aria-label={openLabel(d)}>
          <Missing />
        </RowOpenButton>
      ),
  },
  {
    id: 'model' satisfies DeviceSortColumn,
    accessorFn: (d) => d.model,
    header: 'Device',
    size: 190,
    cell: ({ row: { original: d } }) =>
      d.model ? (
        // One line each, so every row keeps the same height; the full name shows on hover.
        <div className="flex min-w-0 flex-col" title={d.model}>
          <span className="truncate leading-tight text-ink">{d.model}</span>
          {d.platform ? (
            <span className="text-xs leading-tight text-ink-muted">{PLATFORM[d.platform]}</span>
          ) : null}
        </div>
      ) : (
        <Missing />
      ),
  },
  {
    id: 'osVersion' satisfies DeviceSortColumn,
    accessorFn: (d) => d.osVersion,
    header: 'OS Version',
    size: 120,
    cell: ({ row: { original: d } }) =>
      d.osVersion ? `${d.platform ? `${PLATFORM[d.platform]} ` : ''}${d.osVersion}` : <Missing />,
  },
  {
    id: 'enrolled' satisfies DeviceSortColumn,
    accessorFn: (d) => d.enrolled,
    header: 'Enrolment',
    size: 150,
    cell: ({ row: { original: d } }) =>
      d.enrolled === undefined ? <Missing /> : <EnrolmentStatus enrolled={d.enrolled} />,
  },
  {
    id: 'severity' satisfies DeviceSortColumn,
    accessorFn: (d) => d.severity,
    header: 'Severity',
    size: 140,
    cell: ({ row: { original: d } }) =>
      d.severity ? (
        <SeverityBadge severity={d.severity}>{DEVICE_SEVERITY_LABELS[d.severity]}</SeverityBadge>
      ) : (
        <Missing />
      ),
  },
  {
    id: 'lastScanAt' satisfies DeviceSortColumn,
    accessorFn: (d) => d.lastScanAt,
    header: 'Last Scan',
    size: 180,
    // '3 hours ago', the exact time on hover and focus (docs/decisions/059).
    cell: ({ row: { original: d } }) =>
      d.lastScanAt ? <TimeAgo iso={d.lastScanAt} /> : <Missing />,
  },
  {
    id: 'code' satisfies DeviceSortColumn,
    accessorFn: (d) => d.code,
    header: 'Device Code',
    size: 150,
    cell: ({ row: { original: d } }) => <code className="font-mono text-xs">{d.code}</code>,
  },
];
