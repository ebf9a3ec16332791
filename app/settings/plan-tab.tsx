import { useLocation } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@ui/primitives/card/card';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { PlanActions } from '@ui/portal/plan-actions/plan-actions';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { sessionStore } from '../session/session';
import { usePlan } from './use-billing';

/** The plan tab (docs/product/billing.md, 'Plan tab'): status text and the actions it allows. */
export function PlanTab() {
  const [, navigate] = useLocation();
  const { data, error, isLoading, retry, cancel, reactivate, remove } = usePlan();
  const busy = cancel.busy
    ? 'cancel'
    : reactivate.busy
      ? 'reactivate'
      : remove.busy
        ? 'delete'
        : null;

  return (
    <Card aria-labelledby="plan-title">
      <CardHeader>
        <CardTitle id="plan-title">Plan</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-ink-muted">Loading…</p>
        ) : error || !data ? (
          <LoadError message={messages.planInfoFailed} onRetry={retry} />
        ) : (
          <PlanActions
            status={data.status}
            statusMessage={data.statusMessage}
            relevantDate={data.relevantDate}
            busy={busy}
            onCancel={() => cancel.trigger()}
            onReactivate={() => reactivate.trigger()}
            onDelete={() =>
              // Deleting the organization signs the user out
              // (docs/product/billing.md, 'Delete organization').
              remove.trigger(undefined, {
                onSuccess: () => {
                  sessionStore.dispatch({ type: 'Delete' });
                  navigate(paths.lookUp, { replace: true });
                },
              })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
