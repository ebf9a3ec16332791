/**
 * contract/billing.ts with STRIPE_SECRET_KEY (docs/decisions/040-stripe.md): the same calls and
 * the same rules as the test processor's routes (../routes.ts, docs/decisions/029), with Stripe
 * holding the customer, the cards and the subscription. app.ts mounts one or the other. Every call
 * is scoped to the session's organization: its customer id comes from our table, never from the
 * request, and a payment method is used only if Stripe says it belongs to that customer.
 */
import type { Hono } from 'hono';
import {
  cancelPlan,
  deleteOrg,
  getBillingInfo,
  getBillingUpdateKey,
  getPlanInfo,
  reactivatePlan,
  updateDefaultPayment,
} from '@contract/billing';
import type { Services } from '../../deps';
import type { AppEnv } from '../../env';
import type { Route } from '../../http/route';
import { HttpError } from '../../http/http-error';
import { clearSessionCookie } from '../../auth/session-cookie';
import {
  billingSubscription,
  currentState,
  isCancelable,
  isDeletable,
  isReactivatable,
  planInfo,
} from '../plan';
import {
  deleteOrganization,
  findDefaultPaymentMethod,
  findSubscription,
  lockOrg,
  saveSubscription,
} from '../data';
import { BILLING_MESSAGES, cancelRefusal, deleteRefusal } from '../messages';
import { createOrgMembers } from '../../members/data';
import type { StripeGateway } from './gateway';
import { findCustomerId, saveDefaultCard, saveMirror } from './data';
import { mirrorSubscription } from './mirror';

const conflict = (error: string) => new HttpError(409, { error });

export function stripeBillingRoutes(
  app: Hono<AppEnv>,
  route: Route,
  s: Services,
  stripe: StripeGateway,
): void {
  /** Writes what Stripe answered about the subscription (and the new default card). */
  async function mirror(
    orgId: number,
    answer: Parameters<typeof mirrorSubscription>[0] | null,
    card?: Parameters<typeof saveDefaultCard>[2],
  ) {
    const now = s.now();
    const mirrored = answer ? mirrorSubscription(answer) : null;
    await s.db.transaction(async (tx) => {
      if (!(await lockOrg(tx, orgId)))
        throw new HttpError(404, { error: BILLING_MESSAGES.orgGone });
      if (card) await saveDefaultCard(tx, orgId, card, now);
      if (mirrored) await saveMirror(tx, orgId, mirrored, now, now);
    });
    stripe.invalidate(orgId);
    return mirrored;
  }

  /**
   * The organization's subscription row after reading the subscription from Stripe (cached for a
   * minute; 503 with a clear message when Stripe does not answer within 5 s): what Stripe read is
   * written to the mirror unless newer news (an event) arrived meanwhile, so the session's banner
   * follows too. A plan that never reached Stripe is the row as it is.
   */
  async function planRow(orgId: number) {
    const row = await findSubscription(s.db, orgId);
    if (!row?.stripeSubscriptionId) return row;
    const read = await stripe.subscription(orgId, row.stripeSubscriptionId);
    if (!read.fresh) return row;
    await s.db.transaction(async (tx) => {
      if (!(await lockOrg(tx, orgId))) return;
      const current = await findSubscription(tx, orgId);
      if (current?.stripeSubscriptionId !== row.stripeSubscriptionId) return;
      if (current.stripeStateAt && current.stripeStateAt > read.readAt) return;
      await saveMirror(tx, orgId, mirrorSubscription(read.value), read.readAt, s.now());
    });
    return findSubscription(s.db, orgId);
  }

  // The statement: the plan, the card and the next invoice's amount read from Stripe (each cached
  // for a minute; a 503 with a clear message when Stripe does not answer within 5 s).
  route(app, getBillingInfo, async ({ session }) => {
    const orgId = session.org.id;
    const now = s.now();
    const [row, customerId, localCard] = await Promise.all([
      planRow(orgId),
      findCustomerId(s.db, orgId),
      findDefaultPaymentMethod(s.db, orgId),
    ]);
    const state = currentState(row, now);
    const subscription = billingSubscription(state);
    const running =
      subscription.amountDue > 0 && row?.stripeSubscriptionId ? row.stripeSubscriptionId : null;
    const fromStripe = await stripe.statement(orgId, customerId, running);
    if (running && fromStripe.upcomingCents !== null)
      subscription.amountDue = fromStripe.upcomingCents;
    // An organization that never reached Stripe keeps the card the test processor stored.
    const card = customerId ? fromStripe.card : localCard;
    return {
      subscription,
      card: card ? { network: card.network, lastFour: card.lastFour } : null,
    };
  });

  // The plan read from Stripe (status, period end, cancellation; cached for a minute, at most 5 s),
  // the mirror brought up to date with it. The session's banner reads the mirror and never waits.
  route(app, getPlanInfo, async ({ session }) =>
    planInfo(currentState(await planRow(session.org.id), s.now())),
  );

  // Every call that changes something at Stripe does so in its route's `prepare` step, before the
  // call's transaction opens (docs/decisions/018-audit-log.md, 'Same transaction'): waiting on
  // Stripe (up to 5 s) never holds a database transaction. Stripe's side cannot roll back with
  // ours anyway; the handler then writes what Stripe answered (the mirror, the first member) in
  // the transaction that also records the call's audit event.
  route(app, getBillingUpdateKey, {
    prepare: async ({ session }) => stripe.setupIntentSecret(session.org),
    handle: ({ prepared: clientSecret }) => ({ clientSecret }),
  });

  route(app, updateDefaultPayment, {
    prepare: async ({ body, session }) => {
      const orgId = session.org.id;
      const row = await findSubscription(s.db, orgId);
      const state = currentState(row, s.now());
      // As with the test processor; a plan canceled before Stripe was set up (no Stripe
      // subscription) may take a card, which reactivating then subscribes.
      if (state.status === 'canceled' && row?.stripeSubscriptionId) {
        throw conflict(BILLING_MESSAGES.updateWhileCanceled);
      }
      const customerId = await findCustomerId(s.db, orgId);
      const card = customerId ? await stripe.cardOf(customerId, body.paymentMethod) : null;
      if (!customerId || !card) {
        throw new HttpError(404, { error: BILLING_MESSAGES.paymentMethodNotFound });
      }
      const replaced = await stripe.setDefaultCard(customerId, card.id);
      let answer = null;
      let trialStarted = false;
      if (state.status === 'none') {
        answer = await stripe.startTrial(orgId, customerId, card.id);
        trialStarted = answer.status === 'trialing';
      } else if (row?.stripeSubscriptionId && state.status !== 'canceled') {
        // A plan behind on payment: Stripe's retries charge the new card.
        answer = await stripe.updateSubscription(row.stripeSubscriptionId, {
          default_payment_method: card.id,
        });
      }
      // The card it replaced leaves the customer once the plan charges the new one.
      if (replaced) await stripe.detachReplacedCard(replaced);
      return { state, card, answer, trialStarted };
    },
    handle: async ({ session, prepared: { state, card, answer, trialStarted } }) => {
      const orgId = session.org.id;
      const mirrored = await mirror(orgId, answer, card);
      // docs/product/billing.md, "Welcome": the administrator becomes the first member.
      if (trialStarted) {
        await createOrgMembers(
          s.db,
          orgId,
          [{ name: session.user.name, email: session.user.email }],
          [],
          { now: s.now(), invite: false },
        );
      }
      return { status: mirrored?.state.status ?? state.status };
    },
  });

  // Cancel: Stripe ends the plan at the period's end (nothing more is charged); the portal shows
  // it canceled at once, with reactivate and delete.
  route(app, cancelPlan, {
    prepare: async ({ session }) => {
      const now = s.now();
      const row = await findSubscription(s.db, session.org.id);
      const state = currentState(row, now);
      if (!isCancelable(state)) throw conflict(cancelRefusal(state));
      const answer = row?.stripeSubscriptionId
        ? await stripe.updateSubscription(row.stripeSubscriptionId, { cancel_at_period_end: true })
        : null;
      return { state, answer };
    },
    handle: async ({ session, prepared: { state, answer } }) => {
      if (answer) {
        await mirror(session.org.id, answer);
      } else {
        // A plan of the test processor's time: only ours to change.
        const now = s.now();
        await saveSubscription(
          s.db,
          session.org.id,
          { ...state, status: 'canceled', canceledAt: now },
          now,
        );
      }
      return {};
    },
  });

  route(app, reactivatePlan, {
    prepare: async ({ session }) => {
      const orgId = session.org.id;
      const row = await findSubscription(s.db, orgId);
      const state = currentState(row, s.now());
      if (!isReactivatable(state)) throw conflict(BILLING_MESSAGES.notCanceled);
      const customerId = await findCustomerId(s.db, orgId);
      // A card at Stripe: a plan canceled before Stripe was set up has only the test processor's
      // card, which Stripe cannot charge.
      const card = customerId ? (await stripe.statement(orgId, customerId, null)).card : null;
      if (!customerId || !card) throw conflict(BILLING_MESSAGES.reactivateNeedsCard);
      const current = row?.stripeSubscriptionId
        ? await stripe.retrieveSubscription(row.stripeSubscriptionId)
        : null;
      return current && current.status !== 'canceled'
        ? // Still running until the period's end: undo the cancellation.
          stripe.updateSubscription(current.id, { cancel_at_period_end: false })
        : // Ended at Stripe (or never there): a new subscription, without a second trial.
          stripe.resubscribe(orgId, customerId, current?.id ?? 'none');
    },
    handle: async ({ session, prepared: answer }) => {
      await mirror(session.org.id, answer);
      return {};
    },
  });

  // Deleting the organization ends its Stripe subscription at once, then deletes every row of it
  // (../routes.ts); Stripe keeps the customer and its invoices. If Stripe cannot be reached,
  // nothing is deleted.
  route(app, deleteOrg, {
    prepare: async ({ session }) => {
      const row = await findSubscription(s.db, session.org.id);
      const state = currentState(row, s.now());
      if (!isDeletable(state)) throw conflict(deleteRefusal(state));
      if (row?.stripeSubscriptionId) {
        const current = await stripe.retrieveSubscription(row.stripeSubscriptionId);
        if (current.status !== 'canceled') await stripe.cancelNow(current.id);
      }
    },
    handle: async ({ session, c }) => {
      const orgId = session.org.id;
      const now = s.now();
      await s.db.transaction(async (tx) => {
        if (!(await lockOrg(tx, orgId)))
          throw new HttpError(404, { error: BILLING_MESSAGES.orgGone });
        if (!isDeletable(currentState(await findSubscription(tx, orgId), now))) {
          throw conflict(BILLING_MESSAGES.deleteActive);
        }
        await deleteOrganization(tx, orgId);
      });
      stripe.invalidate(orgId);
      clearSessionCookie(c, s.production);
      s.logger.info(`[billing] organization ${orgId} deleted by user ${session.user.id}`);
      return {};
    },
  });
}
