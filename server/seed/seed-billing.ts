import { findDemoOrg, runSeedStepOnce } from './seed-step';
/**
 * Demo billing (server/seed/README.md), a seed step that runs once per database (recorded in
 * `seed_steps`).
 *
 * - Acme: active, renews 20 days after the step ran, 12000 cents due, visa ending 4242.
 * - Globex: active, billed by invoice (custom billing), nothing due, no card.
 * - Initech: canceled 12 days before the step ran, mastercard ending 4444 kept on file.
 * - Newco: no subscription and no card (its session carries the update-payment warning: the app
 *   sends it to /welcome, where a card starts the trial).
 *
 * Like the pending administrators, these dates are relative to the real clock when the step runs
 * (renewals are about the present); the server rolls renewal dates forward as time passes. On a
 * database seeded before billing existed, the step replaces what 0007_billing.sql derived from
 * the old plan statuses of these demo organizations.
 */
import type { Database } from '../db';
import { paymentMethods, subscriptions, type SubscriptionRow } from '../db/schema';
import { newPaymentMethodId } from '../billing/cards';
import { DEMO_REFERENCE_TIME } from './seed-devices';

export const DEMO_BILLING_STEP = '0007_demo_billing';

const DAY = 24 * 60 * 60 * 1000;

/** The demo plans run on the built-in test processor: no Stripe columns. */
type DemoSubscription = Omit<
  SubscriptionRow,
  'orgId' | 'updatedAt' | 'stripeSubscriptionId' | 'endsAt' | 'stripeStateAt'
>;

interface DemoBilling {
  slug: string;
  admin: string;
  subscription: (now: number) => DemoSubscription;
  card: { network: 'visa' | 'mastercard'; lastFour: string } | null;
}

export const DEMO_BILLING: readonly DemoBilling[] = [
  {
    slug: 'acme',
    admin: 'admin@acme.test',
    subscription: (now) => ({
      status: 'active',
      invoice: false,
      currentPeriodEnd: new Date(now + 20 * DAY),
      amountDueCents: 12_000,
      trialEnd: null,
      canceledAt: null,
    }),
    card: { network: 'visa', lastFour: '4242' },
  },
  {
    slug: 'globex',
    admin: 'sso.admin@globex.test',
    subscription: (now) => ({
      status: 'active',
      invoice: true,
      currentPeriodEnd: new Date(now + 25 * DAY),
      amountDueCents: 0,
      trialEnd: null,
      canceledAt: null,
    }),
    card: null,
  },
  {
    slug: 'initech',
    admin: 'admin@initech.test',
    subscription: (now) => ({
      status: 'canceled',
      invoice: false,
      currentPeriodEnd: new Date(now + 18 * DAY),
      amountDueCents: 4_800,
      trialEnd: null,
      canceledAt: new Date(now - 12 * DAY),
    }),
    card: { network: 'mastercard', lastFour: '4444' },
  },
];

/** Runs the billing step unless it ran before; returns whether it ran now. */
export async function seedDemoBilling(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_BILLING_STEP, lock: 72431007, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const at = now();
      for (const demo of DEMO_BILLING) {
        const orgId = await findDemoOrg(tx, { slug: demo.slug, admin: demo.admin });
        if (orgId === null) continue;
        const subscription = { ...demo.subscription(at.getTime()), updatedAt: at };
        await tx
          .insert(subscriptions)
          .values({ orgId, ...subscription })
          .onConflictDoUpdate({ target: subscriptions.orgId, set: subscription });
        if (!demo.card) continue;
        await tx
          .insert(paymentMethods)
          .values({
            id: newPaymentMethodId(),
            orgId,
            ...demo.card,
            expMonth: 12,
            expYear: at.getUTCFullYear() + 3,
            isDefault: true,
            createdAt: at,
          })
          // A database that has a default card for the organization keeps it.
          .onConflictDoNothing();
      }
    },
  );
}
