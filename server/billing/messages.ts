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
