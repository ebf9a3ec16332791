/**
 * Pure: Stripe's objects in the portal's terms (docs/decisions/040-stripe.md, "The mirror"). A
 * Stripe subscription becomes the `SubscriptionState` the plan and billing tabs already speak
 * (server/billing/plan.ts), a Stripe card becomes a stored card's network and last four.
 */
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@domain/billing';
import type { CardNetwork } from '@domain/cards';
import type { SubscriptionState } from '../plan';

export interface MirroredSubscription {
  stripeSubscriptionId: string;
  state: SubscriptionState;
  /** A canceled plan that runs until then (Stripe's `cancel_at_period_end`); null otherwise. */
  endsAt: Date | null;
}

const date = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * Stripe's statuses in ours: `paused` (a trial that ended without a card, when the price is set up
 * to pause) asks for a card like `unpaid`; `incomplete_expired` (the first payment never
 * succeeded) is no plan at all.
 */
export function portalStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
    case 'canceled':
      return status as SubscriptionStatus;
    case 'paused':
      return 'unpaid';
    case 'incomplete_expired':
      return 'none';
    default:
      // A status newer than this code: the plan asks for the payer's attention.
      return 'incomplete';
  }
}

/** The end of the current period: Stripe keeps it per subscription item. */
export function periodEndOf(sub: Stripe.Subscription): Date | null {
  const ends = sub.items.data.map((item) => item.current_period_end).filter(Number.isFinite);
  return ends.length > 0 ? date(Math.min(...ends)) : null;
}

/** The price of one period, in cents: what the next renewal charges. */
export function periodAmountCents(sub: Stripe.Subscription): number {
  return sub.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
}

/**
 * The subscription as the portal sees it. A plan set to cancel at the period's end is canceled
 * for the portal at once (docs/product/billing.md, "Cancel": the plan tab offers reactivate and
 * delete), and `endsAt` keeps when Stripe really ends it.
 */
export function mirrorSubscription(sub: Stripe.Subscription): MirroredSubscription {
  const stripeStatus = portalStatus(sub.status);
  const periodEnd = periodEndOf(sub);
  const cancelsLater = sub.cancel_at_period_end && stripeStatus !== 'canceled';
  const status: SubscriptionStatus = cancelsLater ? 'canceled' : stripeStatus;
  const canceledAt =
    status === 'canceled'
      ? (date(sub.canceled_at) ?? date(sub.ended_at) ?? date(sub.cancel_at) ?? periodEnd)
      : null;
  return {
    stripeSubscriptionId: sub.id,
    state: {
      status,
      invoice: false,
      periodEnd: stripeStatus === 'trialing' ? (date(sub.trial_end) ?? periodEnd) : periodEnd,
      amountDueCents: periodAmountCents(sub),
      trialEnd: date(sub.trial_end),
      // The database requires a date for a canceled plan; Stripe names one in every case above.
      canceledAt: status === 'canceled' ? (canceledAt ?? new Date(sub.created * 1000)) : null,
    },
    endsAt: cancelsLater ? (date(sub.cancel_at) ?? periodEnd) : null,
  };
}

/** Stripe's card brands in ours (domain/cards.ts); the rest read as 'Card'. */
export function cardNetworkOf(brand: string | null | undefined): CardNetwork {
  switch (brand) {
    case 'visa':
    case 'mastercard':
    case 'amex':
    case 'discover':
      return brand;
    default:
      return 'unknown';
  }
}

export interface MirroredCard {
  id: string;
  network: CardNetwork;
  lastFour: string;
  expMonth: number;
  expYear: number;
}

/** A card payment method's stored facts (never more than Stripe shows: brand, last4, expiry). */
export function mirrorCard(pm: Stripe.PaymentMethod): MirroredCard | null {
  if (!pm.card) return null;
  return {
    id: pm.id,
    network: cardNetworkOf(pm.card.brand),
    lastFour: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/**
 * A Stripe id of the given kind (`cus`, `sub`, `evt`…), or null for anything else: ids from an
 * event's body reach SQL only in this shape (no NUL, no surrogates, no 10 kB strings).
 */
export function stripeIdOf(value: unknown, prefix: string): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && new RegExp(`^${prefix}_[A-Za-z0-9]{1,255}$`).test(id)
    ? id
    : null;
}

/** The customer id of an object that names one (as an id or expanded). */
export function customerIdOf(customer: unknown): string | null {
  return stripeIdOf(customer, 'cus');
}

/** The subscription an invoice belongs to (API 2025+: `parent.subscription_details`). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return stripeIdOf(invoice.parent?.subscription_details?.subscription, 'sub');
}

/**
 * Whether a subscription in an event has what the mirror reads (Stripe's own events always do;
 * anything else is refused before it reaches the database).
 */
export function isMirrorable(sub: unknown): sub is Stripe.Subscription {
  if (typeof sub !== 'object' || sub === null) return false;
  const s = sub as Partial<Record<keyof Stripe.Subscription, unknown>>;
  const seconds = (v: unknown) => v === null || v === undefined || Number.isSafeInteger(v);
  const items = (s.items as { data?: unknown } | undefined)?.data;
  return (
    stripeIdOf(s.id, 'sub') !== null &&
    typeof s.status === 'string' &&
    typeof s.cancel_at_period_end === 'boolean' &&
    Number.isSafeInteger(s.created) &&
    [s.trial_end, s.canceled_at, s.ended_at, s.cancel_at].every(seconds) &&
    Array.isArray(items) &&
    items.every((item: unknown) => {
      const i = item as {
        current_period_end?: unknown;
        quantity?: unknown;
        price?: { unit_amount?: unknown };
      };
      return (
        Number.isSafeInteger(i?.current_period_end) &&
        seconds(i.quantity) &&
        seconds(i.price?.unit_amount) &&
        ((i.price?.unit_amount as number | null) ?? 0) >= 0
      );
    })
  );
}
