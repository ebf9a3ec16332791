import * as React from 'react';

/**
 * What a form that hosts a card field (CardForm) tells the field inside its slot: the form
 * draws the 'Card details' label and the error line, so the field leaves both out, points its
 * inputs at the form's error, and follows the form's disabled state. Stripe's element, which
 * cannot read React context, simply ignores it.
 */
export type CardFieldSlot = {
  /** Id of the form's label for the card details. */
  labelId: string;
  /** Id of the form's error line under the field. */
  errorId: string;
  /** The form is disabled or saving. */
  disabled: boolean;
};

export const CardFieldSlotContext = React.createContext<CardFieldSlot | null>(null);
