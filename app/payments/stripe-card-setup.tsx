import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { cardStateFromStripe, confirmWithStripe } from './stripe-confirm';
import { EMPTY_CARD_STATE, type CardFieldState, type CardSetupProps } from './processor';

// This chunk loads only on screens that take a card; Stripe.js is fetched when it first renders
// (`/pure` does not inject the script on import).
let stripePromise: ReturnType<typeof loadStripe> | null = null;
function stripe(key: string) {
  stripePromise ??= loadStripe(key);
  return stripePromise;
}

/**
 * The card field's text colours from the design tokens of the theme on screen: Stripe draws the
 * field in its own frame, which our stylesheet cannot reach, so it gets the colours as options and
 * again whenever the theme class on <html> changes (docs/decisions/061-dark-mode.md).
 */
function readCardColors() {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string) => css.getPropertyValue(`--tok-${name}`).trim() || undefined;
  return { text: token('ink'), placeholder: token('ink-subtle'), invalid: token('danger-fg') };
}
function useCardStyle() {
  const [colors, setColors] = useState(readCardColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readCardColors()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return {
    base: {
      fontSize: '14px',
      color: colors.text,
      iconColor: colors.placeholder,
      '::placeholder': { color: colors.placeholder },
    },
    invalid: { color: colors.invalid, iconColor: colors.invalid },
  };
}

function StripeSlot({ disabled, children }: CardSetupProps) {
  const style = useCardStyle();
  const stripeObject = useStripe();
  const elements = useElements();
  const [cardState, setCardState] = useState<CardFieldState>(EMPTY_CARD_STATE);
  const cardField = (
    <div className="rounded-control border border-surface-strong bg-surface px-3 py-2.5">
      <CardElement
        options={{ disabled, hidePostalCode: true, style }}
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
