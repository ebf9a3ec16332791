import { isAcceptedPaymentStatus } from '@domain/billing';
import { ExpectedFailure } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import type { ConfirmSetupResult } from './processor';

/** The outcome of one payment update (docs/product/billing.md, 'Payment update'). */
export type PaymentUpdateOutcome =
  | { kind: 'updated'; status: string }
  | { kind: 'key-failed' }
  | { kind: 'declined'; cardError: string }
  | { kind: 'update-failed' }
  | { kind: 'not-accepted'; status: string };

export interface PaymentUpdateSteps {
  /** GET /customer-billing-update-key. */
  getClientSecret(): Promise<string>;
  /** The processor's confirmation (never throws for a declined card). */
  confirm(clientSecret: string, billingName: string): Promise<ConfirmSetupResult>;
  /** POST /update-default-payment; answers the resulting subscription status. */
  updateDefaultPayment(paymentMethodId: string): Promise<string>;
  /** Told the error of a step that failed (the form reports those that are bugs). */
  onStepError?(error: unknown): void;
}

/**
 * Client secret → card setup confirmed in the browser → the confirmed method becomes the default.
 * Accepted only when the subscription ends active, trialing or past_due.
 */
export async function runPaymentUpdate(
  steps: PaymentUpdateSteps,
  billingName: string,
): Promise<PaymentUpdateOutcome> {
  let clientSecret: string;
  try {
    clientSecret = await steps.getClientSecret();
  } catch (error) {
    steps.onStepError?.(error);
    return { kind: 'key-failed' };
  }
  const confirmed = await steps.confirm(clientSecret, billingName.trim());
  if ('error' in confirmed) return { kind: 'declined', cardError: confirmed.error };
  let status: string;
  try {
    status = await steps.updateDefaultPayment(confirmed.paymentMethodId);
  } catch (error) {
    steps.onStepError?.(error);
    return { kind: 'update-failed' };
  }
  return isAcceptedPaymentStatus(status)
    ? { kind: 'updated', status }
    : { kind: 'not-accepted', status };
}

/** The catalogued failure of an outcome; null for success. */
export function paymentFailureMessage(outcome: PaymentUpdateOutcome): string | null {
  switch (outcome.kind) {
    case 'updated':
      return null;
    case 'key-failed':
      return messages.paymentUpdateKeyFailed;
    case 'update-failed':
      return messages.updatePaymentFailed;
    case 'declined':
    case 'not-accepted':
      return messages.updatePaymentTryAnotherCard;
  }
}

/** A payment update that ended without a new default method: shown, not reported (not a bug). */
export class PaymentNotUpdated extends ExpectedFailure {
  readonly outcome: Exclude<PaymentUpdateOutcome, { kind: 'updated' }>;
  constructor(outcome: Exclude<PaymentUpdateOutcome, { kind: 'updated' }>) {
    super(`Payment method not updated: ${outcome.kind}`);
    this.outcome = outcome;
  }
}
