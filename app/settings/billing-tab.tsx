import { useState } from 'react';
import { useLocation } from 'wouter';
import { BillingStatement } from '@ui/portal/billing-statement/billing-statement';
import { Button } from '@ui/primitives/button/button';
import { Card, CardContent, CardHeader, CardTitle } from '@ui/primitives/card/card';
import { analytics } from '../analytics/instance';
import { BillingForm } from '../payments/billing-form';
import { paths } from '../routing/paths';
import { useSession } from '../session/session';
import { billingKeys, useBillingInfo } from './use-billing';

/**
 * The billing tab (docs/product/billing.md, 'Billing tab'): the statement, 'Edit Billing', and the
 * card form. With no card on file the form is open from the start; a first card leads to the
 * dashboard, a replaced one shows the confirmation and the refreshed statement.
 */
export function BillingTab() {
  const session = useSession();
  const [, navigate] = useLocation();
  const { data, error, isLoading, mutate } = useBillingInfo();
  const [editing, setEditing] = useState(false);
  const hasCard = Boolean(data?.card);
  const formOpen = editing || (data !== undefined && !hasCard);

  return (
    <Card aria-labelledby="billing-title">
      <CardHeader
        actions={
          formOpen && hasCard ? (
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          ) : !formOpen && !isLoading ? (
            <Button
              variant="outline"
              onClick={() => {
                analytics.track('billing');
                setEditing(true);
              }}
            >
              Edit Billing
            </Button>
          ) : null
        }
      >
        <CardTitle id="billing-title">Billing Information</CardTitle>
      </CardHeader>
      <CardContent>
        <BillingStatement
          subscription={data?.subscription ?? null}
          card={data?.card ?? null}
          loading={isLoading}
          error={Boolean(error)}
          onRetry={() => void mutate()}
        />
        {formOpen ? (
          <BillingForm
            defaultNameOnCard={session?.user.name}
            revalidate={[billingKeys.billingInfo]}
            onUpdated={() => {
              if (!hasCard) navigate(paths.dashboard);
              else setEditing(false);
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
