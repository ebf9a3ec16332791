import { format } from 'date-fns';

import type { SubscriptionStatus } from '@domain/billing';
import { CARD_NETWORK_LABELS } from '@domain/cards';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Amounts due are in cents, shown in US dollars with 2 decimals (12000 → '$120.00'). */
export function formatCents(cents: number): string {
  return usd.format((Number.isFinite(cents) ? cents : 0) / 100);
}

/** 'December 12th, 2026' (date-fns 'MMMM do, yyyy'), in the viewer's time zone. */
export function formatLongDate(date: Date): string {
  return format(date, 'MMMM do, yyyy');
}

/** Renew dates are in seconds since the epoch. */
export function secondsToDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** A date given in seconds, formatted like 'December 12th, 2026'. */
export function formatSecondsDate(seconds: number): string {
  return formatLongDate(secondsToDate(seconds));
}

/** Ours (domain/cards.ts) and the other names a card payment provider may answer. */
const NETWORK_LABELS: Record<string, string> = {
  ...CARD_NETWORK_LABELS,
  american_express: CARD_NETWORK_LABELS.amex,
  diners: 'Diners Club',
  diners_club: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  interac: 'Interac',
  eftpos_au: 'eftpos Australia',
  link: 'Link',
};

/**
 * The card network as people write it: 'visa' → 'Visa', 'amex' → 'American Express'. Unknown
 * names are capitalised word by word ('some_network' → 'Some Network'); an empty or 'unknown'
 * network reads 'Card'.
 */
export function networkLabel(network: string | null | undefined): string {
  const key = (network ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === '' || key === 'unknown') return 'Card';
  const known = NETWORK_LABELS[key];
  if (known) return known;
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export type BillingSubscription = {
  status: string;
  /** Billed by invoice (custom billing) rather than by card. */
  invoice: boolean;
  /** Seconds since the epoch. */
  renewDate: number;
  /** Cents. */
  amountDue: number;
};

export type StatementKind = 'scheduled' | 'none' | 'custom';

const CANCELED: SubscriptionStatus = 'canceled';

/**
 * Which statement to show (docs/product/billing.md, 'Billing statement'): no subscription or a
 * canceled one → 'none' ('No payment scheduled'); invoice billing with nothing due → 'custom'
 * ('Your organization is set up for custom billing.'); otherwise the amount and date of the next
 * payment.
 */
export function statementKind(subscription: BillingSubscription | null): StatementKind {
  if (!subscription || subscription.status.toLowerCase() === CANCELED) return 'none';
  if (subscription.invoice && subscription.amountDue === 0) return 'custom';
  return 'scheduled';
}
