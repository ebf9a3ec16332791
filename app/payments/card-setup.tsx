import { lazy, Suspense } from 'react';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { config } from '../config';
import type { CardSetupProps } from './processor';

/**
 * The one place the processor is chosen: Stripe when `VITE_STRIPE_PUBLISHABLE_KEY` is set, else
 * the built-in test processor. Both are lazy chunks, so neither is part of the first load.
 */
export const paymentsProcessor: 'stripe' | 'test' = config.stripePublishableKey ? 'stripe' : 'test';

const StripeCardSetup = lazy(() => import('./stripe-card-setup'));
const TestCardSetup = lazy(() => import('./test-card-setup'));

/** Renders `children` with the processor's card field, its state and its confirm step. */
export function CardSetup(props: CardSetupProps) {
  const key = config.stripePublishableKey;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      {key ? <StripeCardSetup {...props} publishableKey={key} /> : <TestCardSetup {...props} />}
    </Suspense>
  );
}
