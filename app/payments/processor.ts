import type * as React from 'react';

/**
 * The payments adapter (decision 009): one card form, two processors. Both report the card field's
 * state the way Stripe's card element does and confirm a card setup with a client secret from
 * `/customer-billing-update-key` and the billing name (docs/product/billing.md, 'Payment update').
 */
export interface CardFieldState {
  empty: boolean;
  complete: boolean;
  /** The card field's own error text, shown under the field. */
  error?: string;
}

export type ConfirmSetupResult = { paymentMethodId: string } | { error: string };

export interface CardSetupSlot {
  /** The card field to put into the card form. */
  cardField: React.ReactNode;
  cardState: CardFieldState;
  /** Confirms the card setup with the processor; never throws for a declined card. */
  confirm(clientSecret: string, billingName: string): Promise<ConfirmSetupResult>;
}

export interface CardSetupProps {
  disabled?: boolean;
  children: (slot: CardSetupSlot) => React.ReactNode;
}

export const EMPTY_CARD_STATE: CardFieldState = { empty: true, complete: false };
