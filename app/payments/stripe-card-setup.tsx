import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { cardStateFromStripe, confirmWithStripe } from './stripe-confirm';
import { EMPTY_CARD_STATE, type CardFieldState, type CardSetupProps } from './processor';

// This chunk loads only on screens that take a card; Stripe.js is fetched when it first renders
// (`/pure` does not inject the script on import).
let stripePromise: ReturnType<typeof loadStripe> | null = null;
function stripe(key: string) {
  stripePromise ??= loadStripe(key);
  return stripePromise;
}

function StripeSlot({ disabled, children }: CardSetupProps) {
  const stripeObject = useStripe();
  const elements = useElements();
  const [cardState, setCardState] = useState<CardFieldState>(EMPTY_CARD_STATE);
  const cardField = (
    <div className="rounded-control border border-surface-strong bg-surface px-3 py-2.5">
      <CardElement
        options={{ disabled, hidePostalCode: true, style: { base: { fontSize: '14px' } } }}
        onChange={(event) => setCardState(cardStateFromStripe(event))}
      />
    </div>
  );
  return children({
    cardField,
    cardState,
    confirm: (clientSecret, billingName) =>
      confirmWithStripe(
        stripeObject,
        elements?.getElement(CardElement) ?? null,
        clientSecret,
        billingName,
      ),
  });
}

/** The Stripe processor: Elements + the card element + `confirmCardSetup`. */
export default function StripeCardSetup(props: CardSetupProps & { publishableKey: string }) {
  const { publishableKey, ...rest } = props;
  return (
    <Elements stripe={stripe(publishableKey)}>
      <StripeSlot {...rest} />
    </Elements>
  );
}
