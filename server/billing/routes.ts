/**
 * contract/billing.ts: billing statement, plan, cancel / reactivate, card setup and default
 * payment method, the organization delete, and (development only) the offline card processor
 * that confirms card setups. Every call is scoped to the session's organization.
 */
import type { Hono } from 'hono';
import {
  cancelPlan,
  deleteOrg,
  devConfirmCardSetup,
  getBillingInfo,
  getBillingUpdateKey,
  getPlanInfo,
  reactivatePlan,
  updateDefaultPayment,
} from '@contract/billing';
import { TRIAL_DAYS } from '@domain/billing';
import { cardNetwork, luhnCheck } from '@domain/cards';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { hashToken } from '../auth/tokens';
import { clearSessionCookie } from '../auth/session-cookie';
import {
  BILLING_PERIOD_DAYS,
  billingSubscription,
  currentState,
  daysAfter,
  isCancelable,
  isDeletable,
  isReactivatable,
  planInfo,
  PLAN_PRICE_CENTS,
  type SubscriptionState,
} from './plan';
import {
  CARD_MESSAGES,
  cardOutcome,
  isCardExpired,
  isDeclinedCard,
  newClientSecret,
  newPaymentMethodId,
} from './cards';
import {
  confirmCardSetup,
  deleteOrganization,
  findDefaultPaymentMethod,
  findSubscription,
  findUsablePaymentMethod,
  insertCardSetup,
  isCardSetupUsable,
  lockOrg,
  makeDefaultPaymentMethod,
  saveSubscription,
} from './data';
import type { Database } from '../db';
import { createOrgMembers } from '../members/data';
import { BILLING_MESSAGES, cancelRefusal, deleteRefusal } from './messages';

export { BILLING_MESSAGES };

const conflict = (error: string) => new HttpError(409, { error });

/** Locks the organization and reads its subscription as it stands now (inside `tx`). */
async function lockedState(tx: Database, orgId: number, now: Date): Promise<SubscriptionState> {
  if (!(await lockOrg(tx, orgId))) throw new HttpError(404, { error: BILLING_MESSAGES.orgGone });
  return currentState(await findSubscription(tx, orgId), now);
}

/** A renewal date in the future: the current one, or a new period from now. */
function nextRenewal(state: SubscriptionState, now: Date): Date {
  return state.periodEnd && state.periodEnd.getTime() > now.getTime()
    ? state.periodEnd
    : daysAfter(now, BILLING_PERIOD_DAYS);
}

/**
 * The subscription after a new default card (docs/decisions/029-billing-plan-and-welcome.md): no
 * plan starts the trial; a plan behind on payment is paid with the new card and active again;
 * active and trialing plans stay as they are.
 */
function afterNewCard(state: SubscriptionState, now: Date): SubscriptionState {
  switch (state.status) {
    case 'none': {
      const trialEnd = daysAfter(now, TRIAL_DAYS);
      return {
        status: 'trialing',
        invoice: false,
        periodEnd: trialEnd,
        amountDueCents: PLAN_PRICE_CENTS,
        trialEnd,
        canceledAt: null,
      };
    }
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return { ...state, status: 'active', periodEnd: nextRenewal(state, now) };
    default:
      return state;
  }
}

export function billingRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getBillingInfo, async ({ session }) => {
    const orgId = session.org.id;
    const [subscription, card] = await Promise.all([
      findSubscription(s.db, orgId),
      findDefaultPaymentMethod(s.db, orgId),
    ]);
    return {
      subscription: billingSubscription(currentState(subscription, s.now())),
      card: card ? { network: card.network, lastFour: card.lastFour } : null,
    };
  });

  route(app, getPlanInfo, async ({ session }) =>
    planInfo(currentState(await findSubscription(s.db, session.org.id), s.now())),
  );

  // Answers {} on success: the app shows its own message (docs/product/messages.md, "Success
  // messages"), and the generic handler would show a `success` field a second time.
  route(app, cancelPlan, async ({ session }) => {
    const now = s.now();
    await s.db.transaction(async (tx) => {
      const state = await lockedState(tx, session.org.id, now);
      if (!isCancelable(state)) throw conflict(cancelRefusal(state));
      await saveSubscription(
        tx,
        session.org.id,
        { ...state, status: 'canceled', canceledAt: now },
        now,
      );
    });
    return {};
  });

  route(app, reactivatePlan, async ({ session }) => {
    const now = s.now();
    await s.db.transaction(async (tx) => {
      const state = await lockedState(tx, session.org.id, now);
      if (!isReactivatable(state)) throw conflict(BILLING_MESSAGES.notCanceled);
      if (!(await findDefaultPaymentMethod(tx, session.org.id))) {
        throw conflict(BILLING_MESSAGES.reactivateNeedsCard);
      }
      const inTrial = state.trialEnd !== null && state.trialEnd.getTime() > now.getTime();
      const next: SubscriptionState = inTrial
        ? { ...state, status: 'trialing', periodEnd: state.trialEnd, canceledAt: null }
        : { ...state, status: 'active', periodEnd: nextRenewal(state, now), canceledAt: null };
      await saveSubscription(tx, session.org.id, next, now);
    });
    return {};
  });

  route(app, getBillingUpdateKey, async ({ session }) => {
    const clientSecret = newClientSecret();
    await insertCardSetup(s.db, {
      secretHash: hashToken(clientSecret),
      orgId: session.org.id,
      now: s.now(),
    });
    return { clientSecret };
  });

  route(app, updateDefaultPayment, async ({ body, session }) => {
    const now = s.now();
    const orgId = session.org.id;
    let trialStarted = false;
    const status = await s.db.transaction(async (tx) => {
      const state = await lockedState(tx, orgId, now);
      const method = await findUsablePaymentMethod(tx, orgId, body.paymentMethod);
      if (!method) throw new HttpError(404, { error: BILLING_MESSAGES.paymentMethodNotFound });
      if (state.status === 'canceled') throw conflict(BILLING_MESSAGES.updateWhileCanceled);
      // The processor could not complete a payment with this card: nothing changes (no default,
      // no trial), and the answer's status tells the app to ask for another card.
      if (method.outcome === 'incomplete') return 'incomplete';
      await makeDefaultPaymentMethod(tx, orgId, method.id);
      const next = afterNewCard(state, now);
      await saveSubscription(tx, orgId, next, now);
      trialStarted = state.status === 'none' && next.status === 'trialing';
      return next.status;
    });
    // docs/product/billing.md, "Trial welcome": beginning the trial makes the administrator the
    // organization's first member (no-op when they are one already); the welcome screen then
    // e-mails every member.
    if (trialStarted) {
      await createOrgMembers(
        s.db,
        orgId,
        [{ name: session.user.name, email: session.user.email }],
        [],
        { now, invite: false },
      );
    }
    return { status };
  });

  // One transaction: the organization row and, by ON DELETE CASCADE, every row of it (its
  // administrators' sessions included, so every browser of the organization is signed out).
  route(app, deleteOrg, async ({ session, c }) => {
    const now = s.now();
    await s.db.transaction(async (tx) => {
      const state = await lockedState(tx, session.org.id, now);
      if (!isDeletable(state)) throw conflict(deleteRefusal(state));
      await deleteOrganization(tx, session.org.id);
    });
    clearSessionCookie(c, s.production);
    s.logger.info(`[billing] organization ${session.org.id} deleted by user ${session.user.id}`);
    return {};
  });
}

/**
 * Mounted unless NODE_ENV=production: the offline card processor. Answers like the provider's
 * browser API: a card problem is a 200 `{ error }`; success stores the payment method (never the
 * number or the CVC) and uses up the client secret.
 */
export function devBillingRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, devConfirmCardSetup, async ({ body }) => {
    const now = s.now();
    const secretHash = hashToken(body.clientSecret);
    // A card problem leaves the setup usable (the form can be corrected and sent again).
    if (!(await isCardSetupUsable(s.db, secretHash, now))) {
      return { error: CARD_MESSAGES.setupInvalid };
    }
    const { number, expMonth, expYear } = body.card;
    if (!luhnCheck(number)) return { error: CARD_MESSAGES.incorrectNumber };
    if (isCardExpired(expMonth, expYear, now)) return { error: CARD_MESSAGES.expired };
    if (isDeclinedCard(number)) return { error: CARD_MESSAGES.declined };

    const paymentMethod = {
      id: newPaymentMethodId(),
      network: cardNetwork(number),
      lastFour: number.slice(-4),
    };
    const confirmed = await confirmCardSetup(s.db, {
      secretHash,
      now,
      paymentMethod: { ...paymentMethod, expMonth, expYear, outcome: cardOutcome(number) },
    });
    if (!confirmed) return { error: CARD_MESSAGES.setupInvalid };
    return { paymentMethod };
  });
}
