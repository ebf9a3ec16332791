import { cva } from 'class-variance-authority';
import type * as React from 'react';

import { PLAN_STATUS_LABELS, type SubscriptionStatus } from '@domain/billing';

import { Badge } from '../../primitives/badge/badge';
import { Banner } from '../../primitives/banner/banner';
import { cn } from '../../lib/cn';
import { Spinner } from '../../primitives/spinner/spinner';
import { VisuallyHidden } from '../../primitives/visually-hidden/visually-hidden';
import {
  formatCents,
  formatSecondsDate,
  networkLabel,
  secondsToDate,
  statementKind,
  type BillingSubscription,
} from './billing-format';

export type { BillingSubscription } from './billing-format';

export type BillingCard = { network: string; lastFour: string };

/** docs/product/messages.md, 'Billing statement texts', word for word. */
export const BILLING_STATEMENT_TEXTS = {
  noPayment: 'No payment scheduled',
  error: 'Unable to retrieve payment details. Please try again later.',
  customBilling: 'Your organization is set up for custom billing.',
  noCard: 'No payment method on file',
} as const;

/** A trial's renew date is the day it ends. */
const TRIALING: SubscriptionStatus = 'trialing';

/** Statuses that need the payer's attention get a warning badge (the plan tab's text). */
const ATTENTION_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'unpaid', 'incomplete'];
const ATTENTION: Readonly<Record<string, string>> = Object.fromEntries(
  ATTENTION_STATUSES.map((status) => [status, PLAN_STATUS_LABELS[status]]),
);

export const billingStatementValueVariants = cva('mt-1 text-ink', {
  variants: {
    emphasis: {
      strong: 'text-lg font-semibold',
      normal: 'text-base font-medium',
      quiet: 'text-base text-ink-muted',
    },
  },
  defaultVariants: { emphasis: 'normal' },
});

export type BillingStatementProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Null when there is no subscription (shows 'No payment scheduled'). */
  subscription: BillingSubscription | null;
  /** Null when no payment method is stored. */
  card: BillingCard | null;
  /** The billing details are being fetched. */
  loading?: boolean;
  /** The fetch failed: 'Unable to retrieve payment details. Please try again later.' */
  error?: boolean;
  /** With `error`: a 'Retry' button in the error banner that asks again. */
  onRetry?: () => void;
  /** Accessible name of the loading spinner. */
  loadingLabel?: string;
};

function Item({
  label,
  emphasis,
  children,
  slot,
}: {
  label: React.ReactNode;
  emphasis?: 'strong' | 'normal' | 'quiet';
  children: React.ReactNode;
  slot: string;
}) {
  return (
    <div data-slot={slot} className="min-w-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className={billingStatementValueVariants({ emphasis })}>{children}</dd>
    </div>
  );
}

/**
 * What the organization pays and with which card (docs/product/billing.md, 'Billing statement'):
 * the amount due in US dollars and the renew date, or 'No payment scheduled' (canceled), or 'Your
 * organization is set up for custom billing.' (invoice with nothing due); then the card ('Visa ••••
 * 4242', read as 'Visa ending in 4242') or 'No payment method on file'. No heading: the screen's
 * card has it.
 */
export function BillingStatement({
  subscription,
  card,
  loading = false,
  error = false,
  onRetry,
  loadingLabel = 'Loading payment details',
  className,
  ...props
}: BillingStatementProps) {
  const root = (state: string, children: React.ReactNode) => (
    <div
      data-slot="billing-statement"
      data-state={state}
      aria-busy={state === 'loading' || undefined}
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      {children}
    </div>
  );

  if (loading) {
    return root(
      'loading',
      <div className="flex items-center gap-2 py-2">
        <Spinner label={loadingLabel} />
      </div>,
    );
  }

  if (error) {
    return root(
      'error',
      <Banner kind="error" onRetry={onRetry}>
        {BILLING_STATEMENT_TEXTS.error}
      </Banner>,
    );
  }

  const kind = statementKind(subscription);
  const attention = subscription ? ATTENTION[subscription.status.toLowerCase()] : undefined;
  const renewDate =
    subscription && Number.isFinite(subscription.renewDate) ? subscription.renewDate : null;

  return root(
    kind,
    <>
      {kind === 'custom' ? (
        <p data-slot="billing-statement-custom" className="text-base text-ink">
          {BILLING_STATEMENT_TEXTS.customBilling}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-[repeat(auto-fit,minmax(10rem,max-content))]">
        {kind === 'scheduled' && subscription ? (
          <>
            <Item slot="billing-statement-amount" label="Amount due" emphasis="strong">
              <span className="inline-flex flex-wrap items-center gap-2">
                {formatCents(subscription.amountDue)}
                {attention ? (
                  <Badge data-slot="billing-statement-attention" tone="warning">
                    {attention}
                  </Badge>
                ) : null}
              </span>
            </Item>
            {renewDate !== null ? (
              <Item
                slot="billing-statement-date"
                label={subscription.status === TRIALING ? 'Trial ends on' : 'Renews on'}
              >
                <time dateTime={secondsToDate(renewDate).toISOString()}>
                  {formatSecondsDate(renewDate)}
                </time>
              </Item>
            ) : null}
          </>
        ) : null}
        {kind === 'none' ? (
          <Item slot="billing-statement-amount" label="Next payment" emphasis="quiet">
            {BILLING_STATEMENT_TEXTS.noPayment}
          </Item>
        ) : null}
        <Item
          slot="billing-statement-card"
          label="Payment method"
          emphasis={card ? 'normal' : 'quiet'}
        >
          {card ? (
            <>
              {networkLabel(card.network)}{' '}
              <span aria-hidden="true" className="tracking-wide whitespace-nowrap">
                •••• {card.lastFour}
              </span>
              <VisuallyHidden>ending in {card.lastFour}</VisuallyHidden>
            </>
          ) : (
            BILLING_STATEMENT_TEXTS.noCard
          )}
        </Item>
      </dl>
    </>,
  );
}
