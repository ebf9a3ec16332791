import { useState } from 'react';
import { getBillingUpdateKey, updateDefaultPayment } from '@contract/billing';
import { CardForm } from '@ui/portal/card-form/card-form';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { refreshSession } from '../data/refresh-session';
import { useMutation, type KeyTarget } from '../data/use-mutation';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { CardSetup } from './card-setup';
import { PaymentNotUpdated, paymentFailureMessage, runPaymentUpdate } from './payment-update';
import type { CardSetupSlot } from './processor';

export interface BillingFormProps {
  /** 'Save Billing' (billing tab) or 'Begin Trial' (welcome). */
  submitLabel?: string;
  defaultNameOnCard?: string;
  /** Reads the new payment method changes (the billing statement), fetched again after it. */
  revalidate?: readonly KeyTarget[];
  /** Called after an accepted update (and its success text), with the subscription status. */
  onUpdated(status: string): void | Promise<void>;
}

/** The payment update (docs/product/billing.md, 'Payment update') as one change. */
function usePaymentUpdate({
  revalidate,
  onUpdated,
}: Pick<BillingFormProps, 'revalidate' | 'onUpdated'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useMutation({
    action: 'updateDefaultPayment',
    run: async ({
      nameOnCard,
      confirm,
    }: {
      nameOnCard: string;
      confirm: CardSetupSlot['confirm'];
    }) => {
      const outcome = await runPaymentUpdate(
        {
          getClientSecret: async () => (await api.call(getBillingUpdateKey)).clientSecret,
          confirm,
          updateDefaultPayment: async (paymentMethod) =>
            (await api.call(updateDefaultPayment, { body: { paymentMethod } })).status,
          onStepError: (error) => reportUnexpected(error, { action: 'updateDefaultPayment' }),
        },
        nameOnCard,
      );
      if (outcome.kind !== 'updated') throw new PaymentNotUpdated(outcome);
      return outcome.status;
    },
    revalidate: revalidate ?? [],
    success: messages.paymentUpdated,
    failure: (error) =>
      error instanceof PaymentNotUpdated
        ? paymentFailureMessage(error.outcome)
        : messages.updatePaymentFailed,
    onError: (error) => {
      // A declined card also says why under the form.
      if (error instanceof PaymentNotUpdated && error.outcome.kind === 'declined') {
        setFormError(error.outcome.cardError);
      }
    },
    // The session's billing error may be gone now (PaymentUpdated keeps user and organization).
    onSuccess: async (status) => {
      await refreshSession('PaymentUpdated');
      await onUpdated(status);
    },
  });
  return { update, formError, clearFormError: () => setFormError(null) };
}

/** The card form on the chosen processor (docs/product/billing.md, 'Card form'). */
export function BillingForm({
  submitLabel,
  defaultNameOnCard,
  revalidate,
  onUpdated,
}: BillingFormProps) {
  const { update, formError, clearFormError } = usePaymentUpdate({ revalidate, onUpdated });

  return (
    <CardSetup disabled={update.busy}>
      {(slot) => (
        <CardForm
          submitLabel={submitLabel}
          defaultNameOnCard={defaultNameOnCard}
          busy={update.busy}
          cardField={slot.cardField}
          cardState={slot.cardState}
          formError={formError ?? undefined}
          onSubmit={async ({ nameOnCard }) => {
            analytics.track('submitPaymentInformation');
            clearFormError();
            await update.trigger({ nameOnCard, confirm: slot.confirm });
          }}
        />
      )}
    </CardSetup>
  );
}
