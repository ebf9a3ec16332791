import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_PAGE_SIZE, pageSizeOrDefault, parsePositiveInt } from '@domain/pagination';
import {
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  type MemberSource,
  type MemberStatus,
} from '@domain/members';
import type { ListMemberDirectoryQuery } from '@contract/member-directory';
import { Button } from '@ui/primitives/button/button';
import {
  MembersDirectory,
  type DirectoryMember,
  type MemberAction,
  type MembersDirectoryFilters,
} from '@ui/portal/members-directory/members-directory';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { TimeAgo } from '../format/time-ago';
import {
  useMemberDirectory,
  useResendInvitation,
  useSetMemberActive,
} from './use-member-directory';

/** Invited and last scan as '3 hours ago', the exact time on hover and focus (decision 059). */
const timeAgo = (iso: string) => <TimeAgo iso={iso} />;

interface MembersQuery extends MembersDirectoryFilters {
  page: number;
  pageSize: number;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | '' =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : '';

/** The URL's query (docs/product/members.md, 'The Members page'): unknown values are dropped. */
export function parseMembersQuery(search: string): MembersQuery {
  const p = new URLSearchParams(search);
  return {
    q: (p.get('q') ?? '').slice(0, 200),
    status: oneOf<MemberStatus>(MEMBER_STATUSES, p.get('status')),
    source: oneOf<MemberSource>(MEMBER_SOURCES, p.get('source')),
    page: parsePositiveInt(p.get('page')) ?? 1,
    pageSize: pageSizeOrDefault(parsePositiveInt(p.get('pageSize')), DEFAULT_PAGE_SIZE),
  };
}

export function serializeMembersQuery(q: MembersQuery): string {
  const p = new URLSearchParams();
  if (q.q) p.set('q', q.q);
  if (q.status) p.set('status', q.status);
  if (q.source) p.set('source', q.source);
  if (q.page !== 1) p.set('page', String(q.page));
  if (q.pageSize !== DEFAULT_PAGE_SIZE) p.set('pageSize', String(q.pageSize));
  const text = p.toString();
  return text ? `?${text}` : '';
}

function toListQuery(q: MembersQuery): ListMemberDirectoryQuery {
  return {
    page: q.page,
    pageSize: q.pageSize,
    ...(q.q ? { q: q.q } : {}),
    ...(q.status ? { status: [q.status] } : {}),
    ...(q.source ? { source: [q.source] } : {}),
  };
}

/** /members: who is in the organization and where they came from. */
export default function MembersScreen() {
  usePageTitle('Members');
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parseMembersQuery(search);
  const go = (next: MembersQuery) => navigate(`${paths.members}${serializeMembersQuery(next)}`);
  const { data, error, isLoading, mutate } = useMemberDirectory(toListQuery(query));
  const resend = useResendInvitation();
  const deactivate = useSetMemberActive(false);
  const reactivate = useSetMemberActive(true);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now] = useState(() => new Date());

  async function onAction(action: MemberAction, member: DirectoryMember) {
    const mutation =
      action === 'resend' ? resend : action === 'deactivate' ? deactivate : reactivate;
    setBusyId(member.id);
    try {
      await mutation.trigger(member);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="members-heading" className="text-2xl font-semibold text-ink">
          Members
        </h1>
        <Button asChild>
          <AppLink to={paths.memberManagement}>Add Members</AppLink>
        </Button>
      </div>
      <MembersDirectory
        members={data?.members ?? []}
        loading={isLoading}
        error={error && !data ? messages.fetchMembersFailed : null}
        onRetry={() => void mutate()}
        filters={query}
        onFiltersChange={(filters) => go({ ...query, ...filters, page: 1 })}
        page={query.page}
        pageCount={data?.totalPages ?? 0}
        pageSize={query.pageSize}
        total={data?.total ?? 0}
        onPageChange={(page) => go({ ...query, page })}
        onPageSizeChange={(pageSize) => go({ ...query, page: 1, pageSize })}
        renderTime={timeAgo}
        onAction={(action, member) => void onAction(action, member)}
        busyId={busyId}
        now={now}
      />
    </section>
  );
}
