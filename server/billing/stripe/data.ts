/**
 * Stripe's rows (0012_stripe.sql): the organization's Stripe customer, the subscription mirror's
 * Stripe columns, the default card mirrored from Stripe, and the events already handled.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db';
import {
  paymentMethods,
  stripeCustomers,
  stripeEvents,
  subscriptions,
  type SubscriptionRow,
} from '../../db/schema';
import type { MirroredCard, MirroredSubscription } from './mirror';
import { makeDefaultPaymentMethod } from '../data';

/** Stripe re-sends an event for up to three days; ids are kept well beyond that. */
export const STRIPE_EVENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export async function findCustomerId(db: Database, orgId: number): Promise<string | null> {
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.orgId, orgId))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * Stores the organization's customer; when another request stored one first, that one wins (the
 * answer is the customer id to use).
 */
export async function saveCustomerId(
  db: Database,
  orgId: number,
  customerId: string,
  now: Date,
): Promise<string> {
  await db
    .insert(stripeCustomers)
    .values({ orgId, customerId, createdAt: now })
    .onConflictDoNothing({ target: stripeCustomers.orgId });
  return (await findCustomerId(db, orgId)) ?? customerId;
}

export async function findOrgByCustomer(db: Database, customerId: string): Promise<number | null> {
  const [row] = await db
    .select({ orgId: stripeCustomers.orgId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, customerId))
    .limit(1);
  return row?.orgId ?? null;
}

/** The organization's subscription row, locked for the rest of the transaction. */
export async function lockSubscription(
  tx: Database,
  orgId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orgId, orgId))
    .for('no key update');
  return row ?? null;
}

/**
 * Writes the mirror of a Stripe subscription. `stateAt` is the time of the news (an event's
 * `created`, or our clock for an answer of our own call): later events older than it change
 * nothing (webhook-routes.ts).
 */
export async function saveMirror(
  tx: Database,
  orgId: number,
  mirror: MirroredSubscription,
  stateAt: Date,
  now: Date,
): Promise<void> {
  const { state } = mirror;
  const values = {
    status: state.status,
    invoice: false,
    currentPeriodEnd: state.periodEnd,
    amountDueCents: state.amountDueCents,
    trialEnd: state.trialEnd,
    canceledAt: state.canceledAt,
    stripeSubscriptionId: mirror.stripeSubscriptionId,
    endsAt: mirror.endsAt,
    stripeStateAt: stateAt,
    updatedAt: now,
  };
  await tx
    .insert(subscriptions)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: subscriptions.orgId, set: values });
}

/** Only the status (an invoice event: paid, or its payment failed). */
export async function saveMirrorStatus(
  tx: Database,
  orgId: number,
  status: SubscriptionRow['status'],
  stateAt: Date,
  now: Date,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status, stripeStateAt: stateAt, updatedAt: now })
    .where(eq(subscriptions.orgId, orgId));
}

/**
 * The card Stripe holds as the customer's default, mirrored as the organization's default payment
 * method (the session's warnings and the statement's fallback read it); the card it replaces is
 * removed, as with the test processor.
 */
export async function saveDefaultCard(
  tx: Database,
  orgId: number,
  card: MirroredCard,
  now: Date,
): Promise<void> {
  await tx
    .insert(paymentMethods)
    .values({ ...card, orgId, createdAt: now, outcome: 'succeeds' })
    .onConflictDoUpdate({
      target: paymentMethods.id,
      set: {
        network: card.network,
        lastFour: card.lastFour,
        expMonth: card.expMonth,
        expYear: card.expYear,
      },
      // A payment method id of another organization is never taken over.
      setWhere: eq(paymentMethods.orgId, orgId),
    });
  await makeDefaultPaymentMethod(tx, orgId, card.id);
}

/**
 * Records the event as handled; false when it was already (a replay, or Stripe sending it again):
 * then nothing else happens.
 */
export async function claimEvent(
  tx: Database,
  event: { id: string; type: string; created: number },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      handledAt: now,
    })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Housekeeping: event ids long past Stripe's re-sending. */
export async function deleteOldStripeEvents(db: Database, now: Date): Promise<void> {
  await db
    .delete(stripeEvents)
    .where(lte(stripeEvents.handledAt, new Date(now.getTime() - STRIPE_EVENT_RETENTION_MS)));
}

export async function findSubscriptionByStripeId(
  db: Database,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)))
    .limit(1);
  return row ?? null;
}
