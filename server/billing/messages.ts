import { planStatus, type SubscriptionState } from './plan';

/**
 * The server's own billing refusals (docs/decisions/029-billing-plan-and-welcome.md), shared by
 * the test processor's routes and Stripe's (docs/decisions/040-stripe.md).
 */
export const BILLING_MESSAGES = {
  orgGone: 'Organization not found.',
  alreadyCanceled: 'The subscription is already canceled.',
  nothingToCancel: 'There is no subscription to cancel.',
  invoiceCancel: 'This organization is billed by invoice. Contact support to change your plan.',
  notCanceled: 'Only a canceled subscription can be reactivated.',
  reactivateNeedsCard: 'Add a card on the Billing tab before reactivating the subscription.',
  paymentMethodNotFound: 'Payment method not found.',
  updateWhileCanceled:
    'The subscription is canceled. Reactivate it on the Plan tab before changing the card.',
  deleteActive: 'Cancel the subscription before deleting the organization.',
  deleteInvoice: 'This organization is billed by invoice. Contact support to delete it.',
} as const;

/** Why a plan that is not cancelable can't be canceled: already canceled, invoiced or none. */
export function cancelRefusal(state: SubscriptionState): string {
  const status = planStatus(state);
  if (status === 'canceled') return BILLING_MESSAGES.alreadyCanceled;
  if (status === 'invoice') return BILLING_MESSAGES.invoiceCancel;
  return BILLING_MESSAGES.nothingToCancel;
}

/** Why an organization whose plan is not deletable can't be deleted: invoiced, or still active. */
export function deleteRefusal(state: SubscriptionState): string {
  return planStatus(state) === 'invoice'
    ? BILLING_MESSAGES.deleteInvoice
    : BILLING_MESSAGES.deleteActive;
}
