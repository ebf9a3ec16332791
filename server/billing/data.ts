/**
 * Billing data (0007_billing.sql): the organization's subscription (the one place of its plan
 * status; no row reads as 'none'), stored payment methods (network, last four, expiry: never a
 * card number) and card setups (the sha256 of a client secret, single use, one hour).
 */
import { and, eq, exists, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import {
  cardSetups,
  organizations,
  paymentMethods,
  subscriptions,
  type PaymentMethodRow,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '../db/schema';
import type { SubscriptionState } from './plan';
import type { CardNetwork, TestCardOutcome } from '@domain/cards';

/** A client secret works for one hour after it was handed out. */
export const CARD_SETUP_TTL_MS = 60 * 60 * 1000;
/** Housekeeping keeps card setups and unused payment methods this long, then deletes them. */
export const CARD_SETUP_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function findSubscription(
  db: Database,
  orgId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orgId, orgId))
    .limit(1);
  return row ?? null;
}

export async function findDefaultPaymentMethod(
  db: Database,
  orgId: number,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.orgId, orgId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/** What the session's error needs: the stored status and whether a default card exists. */
export interface SessionBilling {
  status: SubscriptionStatus;
  hasDefaultCard: boolean;
}

export async function findSessionBilling(db: Database, orgId: number): Promise<SessionBilling> {
  const [row] = await db
    .select({ status: subscriptions.status, card: paymentMethods.id })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.orgId, organizations.id))
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.orgId, organizations.id), eq(paymentMethods.isDefault, true)),
    )
    .where(eq(organizations.id, orgId))
    .limit(1);
  return { status: row?.status ?? 'none', hasDefaultCard: (row?.card ?? null) !== null };
}

/**
 * Locks the organization's row for the rest of the transaction (billing changes and the
 * organization delete of one organization run one at a time); false when it is gone.
 */
export async function lockOrg(tx: Database, orgId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  return rows.length > 0;
}

/** Writes the subscription (inserted when the organization had none). */
export async function saveSubscription(
  tx: Database,
  orgId: number,
  state: SubscriptionState,
  now: Date,
): Promise<void> {
  const values = {
    status: state.status,
    invoice: state.invoice,
    currentPeriodEnd: state.periodEnd,
    amountDueCents: state.amountDueCents,
    trialEnd: state.trialEnd,
    canceledAt: state.canceledAt,
    updatedAt: now,
  };
  await tx
    .insert(subscriptions)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: subscriptions.orgId, set: values });
}

export async function insertCardSetup(
  db: Database,
  values: { secretHash: string; orgId: number; now: Date },
): Promise<void> {
  await db.insert(cardSetups).values({
    secretHash: values.secretHash,
    orgId: values.orgId,
    createdAt: values.now,
    expiresAt: new Date(values.now.getTime() + CARD_SETUP_TTL_MS),
  });
}

const usable = (secretHash: string, now: Date) =>
  and(
    eq(cardSetups.secretHash, secretHash),
    isNull(cardSetups.usedAt),
    gt(cardSetups.expiresAt, now),
  );

/** Whether the setup exists, is unused and unexpired (a cheap check before the card checks). */
export async function isCardSetupUsable(
  db: Database,
  secretHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ orgId: cardSetups.orgId })
    .from(cardSetups)
    .where(usable(secretHash, now))
    .limit(1);
  return rows.length > 0;
}

/**
 * Confirms a card setup: marks it used and stores the payment method in its organization, in one
 * transaction. Of two concurrent confirmations only one wins; null for an unknown, used or
 * expired setup.
 */
export async function confirmCardSetup(
  db: Database,
  values: {
    secretHash: string;
    now: Date;
    paymentMethod: {
      id: string;
      network: CardNetwork;
      lastFour: string;
      expMonth: number;
      expYear: number;
      outcome: TestCardOutcome;
    };
  },
): Promise<{ orgId: number } | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(cardSetups)
      .set({ usedAt: values.now })
      .where(usable(values.secretHash, values.now))
      .returning({ orgId: cardSetups.orgId });
    if (!claimed) return null;
    await tx
      .insert(paymentMethods)
      .values({ ...values.paymentMethod, orgId: claimed.orgId, createdAt: values.now });
    await tx
      .update(cardSetups)
      .set({ paymentMethodId: values.paymentMethod.id })
      .where(eq(cardSetups.secretHash, values.secretHash));
    return { orgId: claimed.orgId };
  });
}

/**
 * A payment method of the organization that came from a confirmed card setup of that
 * organization, or is its default already. Null otherwise (unknown id, another organization's).
 */
export async function findUsablePaymentMethod(
  db: Database,
  orgId: number,
  id: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.orgId, orgId),
        or(
          eq(paymentMethods.isDefault, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(cardSetups)
              .where(
                and(
                  eq(cardSetups.paymentMethodId, paymentMethods.id),
                  eq(cardSetups.orgId, orgId),
                  isNotNull(cardSetups.usedAt),
                ),
              ),
          ),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Makes the payment method the organization's default. The card it replaces is detached
 * (deleted), as a processor detaches a replaced card; unused methods of setups in progress stay.
 */
export async function makeDefaultPaymentMethod(
  tx: Database,
  orgId: number,
  id: string,
): Promise<void> {
  await tx
    .delete(paymentMethods)
    .where(
      and(
        eq(paymentMethods.orgId, orgId),
        eq(paymentMethods.isDefault, true),
        ne(paymentMethods.id, id),
      ),
    );
  await tx
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.orgId, orgId), eq(paymentMethods.id, id)));
}

/**
 * Deletes the organization and, through ON DELETE CASCADE, everything of it: administrators (and
 * with them their sessions and reset links), members, devices, alerts, SSO configuration and
 * directory, credentials, threat hunter users, billing rows and every later table that refers to
 * the organization. Run inside the caller's transaction.
 */
export async function deleteOrganization(tx: Database, orgId: number): Promise<boolean> {
  const deleted = await tx
    .delete(organizations)
    .where(eq(organizations.id, orgId))
    .returning({ id: organizations.id });
  return deleted.length > 0;
}

/**
 * Housekeeping: card setups a day past their expiry, and payment methods that never became a
 * default within a day of their setup (abandoned card forms, 'incomplete' test cards).
 */
export async function deleteStaleBillingRows(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - CARD_SETUP_RETENTION_MS);
  await db.delete(cardSetups).where(lte(cardSetups.expiresAt, before));
  await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.isDefault, false), lte(paymentMethods.createdAt, before)));
}
