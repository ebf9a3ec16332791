import { useState } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { getBillingInfo } from '@contract/billing';
import { BillingStatement } from '@ui/billing-statement/billing-statement';
import { Button } from '@ui/button/button';
import { Card, CardContent, CardHeader, CardTitle } from '@ui/card/card';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { BillingForm } from '../payments/billing-form';
import { paths } from '../routing/paths';
import { useSession } from '../session/session';
import { BILLING_INFO_KEY } from './swr-keys';

/**
 * The billing tab (spec 2.6): the statement, 'Edit Billing', and the card form. With no card on
 * file the form is open from the start; a first card leads to the dashboard, a replaced one
 * shows the confirmation and the refreshed statement (spec 4, Payment update).
 */
export function BillingTab() {
  const session = useSession();
  const [, navigate] = useLocation();
  const { data, error, isLoading, mutate } = useSWR(
    BILLING_INFO_KEY,
    () => api.call(getBillingInfo),
    {
      revalidateOnFocus: false,
      onError: () => notify.error(messages.billingInfoFailed),
    },
  );
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
        />
        {formOpen ? (
          <BillingForm
            defaultNameOnCard={session?.user.name}
            onUpdated={async () => {
              notify.success(messages.paymentUpdated);
              if (!hasCard) {
                navigate(paths.dashboard);
                return;
              }
              setEditing(false);
              await mutate();
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
