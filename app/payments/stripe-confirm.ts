import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import type { CardFieldState, ConfirmSetupResult } from './processor';

/** Stripe's card element change event → our card field state. */
export function cardStateFromStripe(event: StripeCardElementChangeEvent): CardFieldState {
  return { empty: event.empty, complete: event.complete, error: event.error?.message };
}

export const STRIPE_NOT_READY = 'The card processor is still loading. Please try again.';
export const STRIPE_FAILED = 'The card could not be confirmed. Please try again.';

/**
 * Confirms a card setup with Stripe (docs/product/billing.md, 'Payment update': in the browser,
 * with the card and the billing name, using the client secret from the server). `stripe` and `card`
 * are Stripe's objects, replaced by fakes in the unit tests.
 */
export async function confirmWithStripe(
  stripe: Pick<Stripe, 'confirmCardSetup'> | null,
  card: StripeCardElement | null,
  clientSecret: string,
  billingName: string,
): Promise<ConfirmSetupResult> {
  if (!stripe || !card) return { error: STRIPE_NOT_READY };
  const result = await stripe.confirmCardSetup(clientSecret, {
    payment_method: { card, billing_details: { name: billingName } },
  });
  if (result.error) return { error: result.error.message ?? STRIPE_FAILED };
  const method = result.setupIntent.payment_method;
  const id = typeof method === 'string' ? method : method?.id;
  return id ? { paymentMethodId: id } : { error: STRIPE_FAILED };
}
