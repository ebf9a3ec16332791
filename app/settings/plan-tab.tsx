import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { cancelPlan, deleteOrg, getPlanInfo, reactivatePlan } from '@contract/billing';
import { getSession } from '@contract/session';
import { Card, CardContent, CardHeader, CardTitle } from '@ui/card/card';
import { PlanActions } from '@ui/plan-actions/plan-actions';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { paths } from '../routing/paths';
import { sessionStore } from '../session/session';
import { BILLING_INFO_KEY } from './swr-keys';

type Busy = 'cancel' | 'reactivate' | 'delete' | null;

/** The session carries the billing banner (canceled → update-billing), so it follows the plan. */
async function refreshSession() {
  try {
    sessionStore.dispatch({ type: 'FetchSessionData', session: await api.call(getSession) });
  } catch {
    // The next page load revalidates it.
  }
}

/** The plan tab (spec 2.6): status text and the actions its status allows. */
export function PlanTab() {
  const [, navigate] = useLocation();
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSWR(
    'customer-plan-info',
    () => api.call(getPlanInfo),
    {
      revalidateOnFocus: false,
      onError: () => notify.error(messages.planInfoFailed),
    },
  );
  const [busy, setBusy] = useState<Busy>(null);

  async function change(kind: 'cancel' | 'reactivate') {
    setBusy(kind);
    try {
      await api.call(kind === 'cancel' ? cancelPlan : reactivatePlan);
      notify.success(
        kind === 'cancel' ? messages.subscriptionCancelled : messages.subscriptionReactivated,
      );
      await Promise.all([mutate(), mutateKey(BILLING_INFO_KEY), refreshSession()]);
    } catch {
      notify.error(kind === 'cancel' ? messages.cancelPlanFailed : messages.reactivatePlanFailed);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await api.call(deleteOrg);
    } catch {
      notify.error(messages.deleteOrgFailed);
      setBusy(null);
      return;
    }
    notify.success(messages.organizationDeleted);
    sessionStore.dispatch({ type: 'Delete' });
    navigate(paths.lookUp, { replace: true });
  }

  return (
    <Card aria-labelledby="plan-title">
      <CardHeader>
        <CardTitle id="plan-title">Plan</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-ink-muted">Loading…</p>
        ) : error || !data ? (
          <p className="text-ink-muted">{messages.planInfoFailed}</p>
        ) : (
          <PlanActions
            status={data.status}
            statusMessage={data.statusMessage}
            relevantDate={data.relevantDate}
            busy={busy}
            onCancel={() => change('cancel')}
            onReactivate={() => change('reactivate')}
            onDelete={remove}
          />
        )}
      </CardContent>
    </Card>
  );
}
