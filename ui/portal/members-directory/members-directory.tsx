import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  canResendMemberInvite,
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  type MemberSource,
  type MemberStatus,
} from '@domain/members';
import { Button } from '@ui/primitives/button/button';
import { DataTable } from '@ui/primitives/data-table/data-table';
import { Paginator } from '@ui/primitives/paginator/paginator';
import { SelectField } from '@ui/primitives/select-field/select-field';
import { TextField } from '@ui/primitives/text-field/text-field';
import { QuarantineBadge } from '../quarantine-badge/quarantine-badge';

/** Labels of the Members page (docs/product/members.md, 'The Members page'). */
export const SOURCE_LABELS: Record<MemberSource, string> = {
  manual: 'Manual',
  csv: 'CSV',
  sso: 'SSO groups',
  scim: 'SCIM',
};
export const STATUS_LABELS: Record<MemberStatus, string> = {
  invited: 'Invited',
  enrolled: 'Enrolled',
  deactivated: 'Deactivated',
};
export const SCIM_MANAGED_TEXT = 'Managed by your identity provider';

/** A member row (the shape of contract/member-directory.ts's DirectoryMember). */
export interface DirectoryMember {
  id: string;
  name: string;
  email: string;
  source: MemberSource;
  status: MemberStatus;
  scimManaged: boolean;
  devices: number;
  invitedAt: string | null;
  lastScanAt: string | null;
  /** The reason, while conditional access quarantines the member. */
  quarantine?: string;
}

export type MemberAction = 'resend' | 'deactivate' | 'reactivate';

export interface MembersDirectoryFilters {
  q: string;
  status: MemberStatus | '';
  source: MemberSource | '';
}

export interface MembersDirectoryProps {
  members: DirectoryMember[];
  loading?: boolean;
  /** A catalogued message; shown in the table with a 'Retry' button. */
  error?: string | null;
  onRetry?: () => void;
  filters: MembersDirectoryFilters;
  onFiltersChange: (filters: MembersDirectoryFilters) => void;
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onAction: (action: MemberAction, member: DirectoryMember) => void;
  /** The member whose action is running (its buttons are busy). */
  busyId?: string | null;
  /** For the resend cool-down. */
  now: Date;
  /**
   * How a time shows (invited, last scan), e.g. '3 hours ago' with the exact time on hover and
   * focus; default: the date (YYYY-MM-DD).
   */
  renderTime?: (iso: string) => React.ReactNode;
}

const plainDate = (iso: string) => iso.slice(0, 10);
const showTime = (iso: string | null, render: (iso: string) => React.ReactNode) =>
  iso === null ? '—' : render(iso);

/**
 * The Members page's list: search, status and source filters, the members with source, status,
 * devices and dates, the per-member actions, and the dashboard's paginator. Stateless: the caller
 * owns filters and page (in the URL) and runs the actions.
 */
export function MembersDirectory(props: MembersDirectoryProps) {
  const { filters, onFiltersChange, onAction, busyId, now, renderTime = plainDate } = props;
  const [search, setSearch] = React.useState(filters.q);
  // The box follows the URL's search when it changes (back button, a link).
  const [shownQ, setShownQ] = React.useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setSearch(filters.q);
  }
  const filtered = filters.q !== '' || filters.status !== '' || filters.source !== '';

  const columns = React.useMemo<ColumnDef<DirectoryMember>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        size: 220,
        cell: ({ row }) => <span className="break-words">{row.original.name}</span>,
      },
      {
        id: 'email',
        header: 'E-mail',
        size: 260,
        cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
      },
      {
        id: 'source',
        header: 'Source',
        size: 110,
        cell: ({ row }) => SOURCE_LABELS[row.original.source],
      },
      {
        id: 'status',
        header: 'Status',
        size: 110,
        cell: ({ row }) =>
          row.original.quarantine ? (
            <div className="flex min-w-0 flex-col items-start gap-1">
              <span>{STATUS_LABELS[row.original.status]}</span>
              <QuarantineBadge reason={row.original.quarantine} />
            </div>
          ) : (
            STATUS_LABELS[row.original.status]
          ),
      },
      { id: 'devices', header: 'Devices', size: 80, cell: ({ row }) => row.original.devices },
      {
        id: 'invited',
        header: 'Invited',
        size: 110,
        cell: ({ row }) => showTime(row.original.invitedAt, renderTime),
      },
      {
        id: 'lastScan',
        header: 'Last scan',
        size: 110,
        cell: ({ row }) => showTime(row.original.lastScanAt, renderTime),
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 260,
        cell: ({ row }) => {
          const m = row.original;
          if (m.scimManaged) {
            return <span className="text-ink-muted">{SCIM_MANAGED_TEXT}</span>;
          }
          const busy = busyId === m.id;
          return (
            <div className="flex flex-wrap gap-2">
              {m.status === 'invited' && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || !canResendMemberInvite(m, now)}
                  onClick={() => onAction('resend', m)}
                  aria-label={`Resend invitation to ${m.name}`}
                >
                  Resend invitation
                </Button>
              )}
              {m.status === 'deactivated' ? (
                <Button
                  size="sm"
                  variant="outline"
                  busy={busy}
                  onClick={() => onAction('reactivate', m)}
                  aria-label={`Reactivate ${m.name}`}
                >
                  Reactivate
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  busy={busy}
                  onClick={() => onAction('deactivate', m)}
                  aria-label={`Deactivate ${m.name}`}
                >
                  Deactivate
                </Button>
              )}
            </div>
          );
        },
      },
    ],
    [busyId, now, onAction, renderTime],
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onFiltersChange({ ...filters, q: search.trim() });
        }}
      >
        <TextField
          label="Search members"
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
          fieldClassName="min-w-0 flex-1 basis-56"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
        <SelectField
          label="Status"
          value={filters.status}
          options={[
            { value: '', label: 'All statuses' },
            ...MEMBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
          onChange={(event) =>
            onFiltersChange({
              ...filters,
              status: event.target.value as MembersDirectoryFilters['status'],
            })
          }
        />
        <SelectField
          label="Source"
          value={filters.source}
          options={[
            { value: '', label: 'All sources' },
            ...MEMBER_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
          ]}
          onChange={(event) =>
            onFiltersChange({
              ...filters,
              source: event.target.value as MembersDirectoryFilters['source'],
            })
          }
        />
      </form>
      <DataTable
        aria-label="Member list"
        columns={columns}
        data={props.members}
        getRowId={(m) => m.id}
        fixedColumnWidths
        // A scroll container (focusable, sticky header): the columns are wider than a phone.
        maxHeight="70vh"
        loading={props.loading}
        loadingLabel="Loading members"
        error={
          props.error ? (
            <span className="flex flex-wrap items-center gap-3">
              {props.error}
              {props.onRetry && (
                <Button size="sm" variant="outline" onClick={props.onRetry}>
                  Retry
                </Button>
              )}
            </span>
          ) : undefined
        }
        empty={
          filtered
            ? 'No members match these filters.'
            : 'No members yet. Add members to invite them.'
        }
      />
      <p className="text-sm text-ink-muted" aria-live="polite">
        {props.total === 1 ? '1 member' : `${props.total} members`}
      </p>
      <Paginator
        page={Math.min(props.page, Math.max(props.pageCount, 1))}
        pageCount={props.pageCount}
        pageSize={props.pageSize}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </div>
  );
}
