/** What the card field last reported (Stripe's change event, or TestCardField's `onChange`). */
export type CardFormCardState = { complete: boolean; error?: string | undefined };

/**
 * docs/product/billing.md, 'Card form': the name on card is required (trimmed) and the card details
 * must be complete and without an error from the card field. Busy and disabled are the form's own.
 */
export function cardFormReady({
  nameOnCard,
  cardState,
}: {
  nameOnCard: string;
  cardState: CardFormCardState;
}): boolean {
  return nameOnCard.trim() !== '' && cardState.complete && !cardState.error;
}
