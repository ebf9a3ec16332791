/**
 * Pure subscription rules: the state a stored subscription is in at a given moment (a trial that
 * ended with a card became active, renewals roll forward by billing periods), what the billing
 * and plan tabs are told about it, and which actions it allows.
 */
import type { PlanInfo, Subscription } from '@contract/billing';
import { planActionsFor, type SubscriptionStatus } from '@domain/billing';
import type { SubscriptionRow } from '../db/schema';

export const BILLING_PERIOD_DAYS = 30;
/** What a plan started from the welcome trial costs per billing period, in cents. */
export const PLAN_PRICE_CENTS = 12_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS = BILLING_PERIOD_DAYS * DAY_MS;

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** Billed by invoice (custom billing). */
  invoice: boolean;
  /** The next renewal: the end of the current period (the trial end while trialing). */
  periodEnd: Date | null;
  /** The plan price, charged at the next renewal (0 for custom billing). */
  amountDueCents: number;
  trialEnd: Date | null;
  canceledAt: Date | null;
}

export const NO_SUBSCRIPTION: SubscriptionState = {
  status: 'none',
  invoice: false,
  periodEnd: null,
  amountDueCents: 0,
  trialEnd: null,
  canceledAt: null,
};

/** The first renewal after `now`, `end` moved on by whole billing periods. */
export function rollForward(end: Date, now: Date): Date {
  if (end.getTime() > now.getTime()) return end;
  const periods = Math.floor((now.getTime() - end.getTime()) / PERIOD_MS) + 1;
  return new Date(end.getTime() + periods * PERIOD_MS);
}

/**
 * The subscription as it stands at `now` (no row: none). The stored row is what the last write
 * left; time moves it on without a write, the way a processor's renewals would: a trial whose end
 * has passed is active from its end, and an active plan's renewal date is the next one after now.
 */
export function currentState(
  row: SubscriptionRow | null | undefined,
  now: Date,
): SubscriptionState {
  if (!row) return NO_SUBSCRIPTION;
  let status = row.status;
  let periodEnd = row.currentPeriodEnd;
  if (status === 'trialing' && row.trialEnd && row.trialEnd.getTime() <= now.getTime()) {
    status = 'active';
    periodEnd = row.trialEnd;
  }
  if (status === 'active' && periodEnd) periodEnd = rollForward(periodEnd, now);
  return {
    status,
    invoice: row.invoice,
    periodEnd,
    amountDueCents: row.amountDueCents,
    trialEnd: row.trialEnd,
    canceledAt: row.canceledAt,
  };
}

/** No payment is scheduled for these (the billing statement says so). */
function isEnded(status: SubscriptionStatus): boolean {
  return status === 'canceled' || status === 'none';
}

/** The plan tab's status: 'invoice' for custom billing (no actions), else the stored status. */
export function planStatus(state: SubscriptionState): string {
  return state.invoice && !isEnded(state.status) ? 'invoice' : state.status;
}

/**
 * Cancel is offered for any plan status except canceled, none and invoice (docs/product/billing.md,
 * "Plan").
 */
export function isCancelable(state: SubscriptionState): boolean {
  return planActionsFor(planStatus(state)).includes('cancel');
}

/** Reactivation is offered for a canceled plan only (docs/product/billing.md, "Plan"). */
export function isReactivatable(state: SubscriptionState): boolean {
  return planActionsFor(planStatus(state)).includes('reactivate');
}

/**
 * Deleting the organization is offered for canceled and none only (docs/product/billing.md,
 * "Plan").
 */
export function isDeletable(state: SubscriptionState): boolean {
  return planActionsFor(planStatus(state)).includes('delete');
}

const seconds = (date: Date | null): number | null =>
  date === null ? null : Math.floor(date.getTime() / 1000);

/**
 * The billing statement's subscription (docs/product/billing.md, "Billing statement"): no renewal
 * and nothing due once ended.
 */
export function billingSubscription(state: SubscriptionState): Subscription {
  const ended = isEnded(state.status);
  return {
    status: state.status,
    invoice: state.invoice,
    renewDate: ended ? 0 : (seconds(state.periodEnd) ?? 0),
    amountDue: ended ? 0 : state.amountDueCents,
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const last = day % 10;
  return `${day}${last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th'}`;
}

/** 'March 5th, 2025' (UTC), the date style of the welcome screen. */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${ordinal(date.getUTCDate())}, ${date.getUTCFullYear()}`;
}

/** The plan tab's status sentence and the date it is about (docs/product/billing.md, "Plan"). */
export function planInfo(state: SubscriptionState): PlanInfo {
  const status = planStatus(state);
  const about = (date: Date | null, text: (formatted: string) => string, otherwise: string) => ({
    status,
    statusMessage: date ? text(formatLongDate(date)) : otherwise,
    relevantDate: seconds(date),
  });
  switch (status) {
    case 'invoice':
      return about(
        null,
        () => '',
        'Your organization is billed by invoice. Contact support to change your plan.',
      );
    case 'trialing':
      return about(state.trialEnd, (d) => `Your trial ends on ${d}.`, 'Your trial has started.');
    case 'active':
      return about(state.periodEnd, (d) => `Your plan renews on ${d}.`, 'Your plan is active.');
    case 'past_due':
      return about(
        state.periodEnd,
        (d) => `Your payment is past due. Update your card before ${d} to keep your plan.`,
        'Your payment is past due. Update your card to keep your plan.',
      );
    case 'unpaid':
      return about(null, () => '', 'Your plan is unpaid. Update your card to continue.');
    case 'incomplete':
      return about(null, () => '', 'Your plan is not set up yet. Add a card to continue.');
    case 'canceled':
      return about(
        state.canceledAt,
        (d) => `Your subscription was canceled on ${d}.`,
        'Your subscription was canceled.',
      );
    default:
      return about(null, () => '', 'No active plan. Add a card to start your trial.');
  }
}

/** Days from `from` (a trial's length is counted from the moment it starts). */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
