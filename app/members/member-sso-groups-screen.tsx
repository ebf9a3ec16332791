import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SsoGroup } from '@contract/sso';
import { Button } from '@ui/primitives/button/button';
import { CheckboxList } from '@ui/primitives/checkbox-list/checkbox-list';
import { Link } from '@ui/primitives/link/link';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { analytics } from '../analytics/instance';
import { links } from '../config';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import type { ConfirmState } from './flow-state';
import { useSsoGroupMembers, useSsoProvider } from './use-members';
import { useSsoGroups } from './use-sso-groups';

const STEPS = ['SSO Settings', 'Select Groups', 'Send Invitations'];

/**
 * 'Select Groups' (docs/product/members.md, 'Group selection'): groups whose members get invited.
 */
export default function MemberSsoGroupsScreen() {
  usePageTitle('Select Groups');
  const [, navigate] = useLocation();
  const session = useSession();
  const { groups, hasMore, loading, failed, retry, search, loadMore } = useSsoGroups();
  // The chosen groups with their names: a search may hide them from the visible list.
  const [chosen, setChosen] = useState<SsoGroup[]>([]);
  const selected = chosen.map((g) => g.id);
  const groupMembers = useSsoGroupMembers();
  const busy = groupMembers.busy;
  const provider = useSsoProvider(!session?.organization.ssoProvider);
  const providerName = session?.organization.ssoProvider ?? provider.data?.provider ?? null;

  async function addGroups() {
    analytics.track('submitGroups');
    await groupMembers.trigger(selected, {
      onSuccess: (result) => {
        const state: ConfirmState = {
          source: 'sso',
          members: result.members,
          error: null,
          groups: chosen,
        };
        navigate(paths.memberConfirm, { state });
      },
    });
  }

  return (
    <section aria-labelledby="groups-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      <StepTrail steps={STEPS} current={1} />
      <div>
        <h1 id="groups-heading" className="text-2xl font-semibold text-ink">
          Select Groups
        </h1>
        <p className="mt-2 text-ink-muted">
          Members of the selected groups are invited. Users who belong to several groups are invited
          once.{' '}
          {providerName === 'okta' ? (
            <Link href={links.docs.okta} external>
              Need help?
            </Link>
          ) : null}
        </p>
      </div>
      {failed ? <LoadError message={messages.ssoGroupsFailed} onRetry={retry} /> : null}
      <CheckboxList
        items={groups}
        selected={selected}
        onSelectedChange={(ids) =>
          setChosen(
            ids.map(
              (id) =>
                chosen.find((g) => g.id === id) ??
                groups.find((g) => g.id === id) ?? { id, name: id },
            ),
          )
        }
        onSearch={search}
        loading={loading}
        hasMore={hasMore}
        onLoadMore={loadMore}
        maxHeight={360}
      />
      <div className="flex justify-end">
        <Button
          disabled={selected.length === 0 || loading || busy}
          busy={busy}
          busyLabel="Fetching Members..."
          onClick={() => void addGroups()}
        >
          Add Groups
        </Button>
      </div>
    </section>
  );
}
