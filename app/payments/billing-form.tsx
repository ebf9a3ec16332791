import { useState } from 'react';
import { getBillingUpdateKey, updateDefaultPayment } from '@contract/billing';
import { getSession } from '@contract/session';
import { CardForm } from '@ui/card-form/card-form';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { notify } from '../messages/toasts';
import { sessionStore } from '../session/session';
import { CardSetup } from './card-setup';
import { paymentFailureMessage, runPaymentUpdate } from './payment-update';

/**
 * After an accepted update the session's billing error may be gone: PaymentUpdated keeps user,
 * organization and preferences and takes the rest from the server (spec 3).
 */
async function refreshSessionAfterPayment() {
  try {
    const session = await api.call(getSession);
    sessionStore.dispatch({ type: 'PaymentUpdated', session });
  } catch {
    // The next page load revalidates the session anyway.
  }
}

export interface BillingFormProps {
  /** 'Save Billing' (billing tab) or 'Begin Trial' (welcome). */
  submitLabel?: string;
  defaultNameOnCard?: string;
  /** Called after an accepted update, with the resulting subscription status. */
  onUpdated(status: string): void | Promise<void>;
}

/** The card form on the chosen processor, running the payment update of spec 4. */
export function BillingForm({ submitLabel, defaultNameOnCard, onUpdated }: BillingFormProps) {
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <CardSetup disabled={saving}>
      {(slot) => (
        <CardForm
          submitLabel={submitLabel}
          defaultNameOnCard={defaultNameOnCard}
          busy={saving}
          cardField={slot.cardField}
          cardState={slot.cardState}
          formError={formError ?? undefined}
          onSubmit={async ({ nameOnCard }) => {
            analytics.track('submitPaymentInformation');
            setSaving(true);
            setFormError(null);
            try {
              const outcome = await runPaymentUpdate(
                {
                  getClientSecret: async () => (await api.call(getBillingUpdateKey)).clientSecret,
                  confirm: slot.confirm,
                  updateDefaultPayment: async (paymentMethod) =>
                    (await api.call(updateDefaultPayment, { body: { paymentMethod } })).status,
                },
                nameOnCard,
              );
              const failure = paymentFailureMessage(outcome);
              if (outcome.kind === 'updated') {
                await refreshSessionAfterPayment();
                await onUpdated(outcome.status);
              } else if (failure) {
                notify.error(failure);
                if (outcome.kind === 'declined') setFormError(outcome.cardError);
              }
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
    </CardSetup>
  );
}
