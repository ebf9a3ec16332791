import { useMemo, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { Banner } from '@ui/primitives/banner/banner';
import { Button } from '@ui/primitives/button/button';
import { DuplicateReview } from '@ui/portal/duplicate-review/duplicate-review';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { analytics } from '../analytics/instance';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { setSsoOnboarding } from '../session/cookies';
import {
  allowAllDuplicates,
  canSend,
  countCodes,
  markDuplicates,
  membersToSend,
  toggleDuplicate,
  type ReviewMember,
} from './duplicates';
import { isConfirmState, type ConfirmState } from './flow-state';
import { useExistingMembers, useSendInvitations } from './use-members';

const SSO_STEPS = ['SSO Settings', 'Select Groups', 'Send Invitations'];
const OTHER_STEPS = ['Enter Members', 'Send Invitations'];

export default function MemberConfirmScreen() {
  usePageTitle('Review Your Members');
  const state = useHistoryState<unknown>();
  if (!isConfirmState(state)) return <Redirect to={paths.memberManagement} replace />;
  return <Review state={state} />;
}

function Review({ state }: { state: ConfirmState }) {
  const [, navigate] = useLocation();
  const existing = useExistingMembers();
  const invitations = useSendInvitations();
  // Toggles by id, applied over the marking, so a late list of existing members re-marks cleanly.
  const [toggled, setToggled] = useState<{ all: boolean; ids: Set<string> }>({
    all: false,
    ids: new Set(),
  });
  const busy = invitations.busy;

  const review: ReviewMember[] = useMemo(() => {
    let marked = markDuplicates(
      state.members,
      (existing.data?.members ?? []).map((m) => m.email),
    );
    if (toggled.all) marked = allowAllDuplicates(marked);
    for (const id of toggled.ids) marked = toggleDuplicate(marked, id);
    return marked;
  }, [existing.data, state.members, toggled]);

  const ready = !existing.isLoading;
  const codes = countCodes(review);

  async function send() {
    analytics.track('sendInvitations');
    const chosen = membersToSend(review);
    const allowed = review.filter((m) => m.duplicate && m.allowedDupe);
    await invitations.trigger(
      state.source === 'sso'
        ? { sso: { ssoGroups: state.groups ?? [], allowedDuplicates: allowed } }
        : {
            members: {
              members: chosen.map(({ name, email }) => ({ name, email })),
              allowedDuplicates: allowed.map((m) => m.email),
              source: state.source,
            },
          },
      {
        onSuccess: (result) => {
          if (state.source === 'sso') setSsoOnboarding(false);
          // The dashboard says it (docs/product/dashboard.md, 'Above the list').
          navigate(paths.dashboard, {
            state: { successMessage: messages.invitationsSent(result.numMembersCreated) },
          });
        },
      },
    );
  }

  function back() {
    analytics.track(state.source === 'sso' ? 'backToSsoGroups' : 'backToMemberAddition');
    history.back();
  }

  return (
    <section aria-labelledby="review-heading" className="mx-auto flex max-w-4xl flex-col gap-6">
      <StepTrail
        steps={state.source === 'sso' ? SSO_STEPS : OTHER_STEPS}
        current={state.source === 'sso' ? 2 : 1}
      />
      <div>
        <h1 id="review-heading" className="text-2xl font-semibold text-ink">
          Review Your Members
        </h1>
        <p className="mt-2 text-ink-muted">
          An email will be sent to each individual with a unique code to enroll their device in your
          organization.
        </p>
      </div>
      {state.error ? <Banner kind="warning">{state.error}</Banner> : null}
      <DuplicateReview
        members={review}
        onToggle={(id) =>
          setToggled((t) => {
            const ids = new Set(t.ids);
            if (ids.has(id)) ids.delete(id);
            else ids.add(id);
            return { ...t, ids };
          })
        }
        onUndoAll={() => setToggled({ all: true, ids: new Set() })}
        summary={`${codes} of ${review.length} member(s) will receive a code.`}
        maxHeight={480}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="link" onClick={back}>
          Return to Previous Step
        </Button>
        <Button
          disabled={!ready || !canSend(review, busy)}
          busy={busy}
          busyLabel="Sending..."
          onClick={() => void send()}
        >
          Send Invitations
        </Button>
      </div>
    </section>
  );
}
