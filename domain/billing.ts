/**
 * Plans and subscriptions (docs/product/billing.md): the statuses a plan can be in, what each
 * offers on the plan tab, which statuses a payment update may end in, and the trial's length.
 */

/** Trial length in days. */
export const TRIAL_DAYS = 7;

/**
 * Subscription statuses as the card processor names them, plus 'none' (no subscription). The
 * server stores exactly these.
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'canceled',
  'none',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Plan statuses known to the portal: the subscription statuses and 'invoice' (an organization
 * billed by invoice, which is not a subscription status). The wire carries any string, so
 * unknown statuses still parse and show as words.
 */
export const PLAN_STATUSES = [...SUBSCRIPTION_STATUSES, 'invoice'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The plan tab's badge texts. */
export const PLAN_STATUS_LABELS: Readonly<Record<PlanStatus, string>> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  canceled: 'Canceled',
  none: 'No plan',
  invoice: 'Invoice',
};

/** Statuses a payment update may end in (docs/product/billing.md, 'Payment update'). */
export const ACCEPTED_PAYMENT_STATUSES = ['active', 'trialing', 'past_due'] as const;
export type AcceptedPaymentStatus = (typeof ACCEPTED_PAYMENT_STATUSES)[number];

export function isAcceptedPaymentStatus(status: string): status is AcceptedPaymentStatus {
  return (ACCEPTED_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** What the plan tab can do with a plan. */
export const PLAN_ACTIONS = ['cancel', 'reactivate', 'delete'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/**
 * docs/product/billing.md, 'Plan tab': canceled → reactivate and delete; none → delete only;
 * invoice → nothing; any other status (active, trialing, past_due, unknown ones…) → cancel. Case
 * and surrounding spaces of the status do not matter. The plan tab offers these and the server
 * allows exactly these.
 */
export function planActionsFor(status: string): PlanAction[] {
  switch (status.trim().toLowerCase()) {
    case 'canceled':
      return ['reactivate', 'delete'];
    case 'none':
      return ['delete'];
    case 'invoice':
      return [];
    default:
      return ['cancel'];
  }
}
