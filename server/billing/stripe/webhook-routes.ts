/**
 * POST /api/stripe/webhook (docs/decisions/040-stripe.md, "Events"): called by Stripe's servers,
 * not the portal. No session and no CSRF header (app.ts exempts this path): the signature alone
 * authenticates, checked by the SDK's `webhooks.constructEvent` with STRIPE_WEBHOOK_SECRET over
 * the body exactly as received. Unsigned or badly signed → 400; a handled event → 200.
 *
 * Each event is handled once (its id is claimed in `stripe_events` in the same transaction as the
 * change it makes), and events may come in any order: news older than what the organization's
 * mirror already holds (`stripe_state_at`) changes nothing.
 */
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import type { ErrorBody } from '@contract/endpoint';
import type { Database } from '../../db';
import type { Services } from '../../deps';
import type { AppEnv } from '../../env';
import { API_PREFIX } from '../../http/route';
import { appendEvent } from '../../audit/data';
import type { StripeGateway } from './gateway';
import { STRIPE_MESSAGES } from './gateway';
import {
  claimEvent,
  findOrgByCustomer,
  findSubscriptionByStripeId,
  lockSubscription,
  saveMirror,
  saveMirrorStatus,
} from './data';
import {
  customerIdOf,
  invoiceSubscriptionId,
  isMirrorable,
  mirrorSubscription,
  stripeIdOf,
} from './mirror';

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/stripe/webhook`;

/** The events to enable on the Stripe dashboard's endpoint (server/README.md, "Stripe"). */
export const STRIPE_EVENTS = [
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
  'setup_intent.succeeded',
] as const;

/** What handling an event did, for the log line (the audit record until the audit log exists). */
export type EventOutcome =
  | 'applied'
  | 'duplicate'
  | 'outdated'
  | 'no organization'
  | 'not the current subscription'
  | 'no change'
  | 'ignored'
  | 'not understood';

interface Handled {
  outcome: EventOutcome;
  orgId: number | null;
}

/**
 * The audit event of a change an event made (docs/decisions/018-audit-log.md): actor `system`
 * (Stripe), in the transaction that applies the change, with the plan status before and after.
 */
function recordStatusChange(
  tx: Database,
  orgId: number,
  event: Stripe.Event,
  now: Date,
  before: string | null,
  after: string,
): Promise<number> {
  return appendEvent(tx, {
    orgId,
    time: now,
    actor: { type: 'system', id: 'stripe', display: 'Stripe' },
    action: 'plan.status_changed',
    target: { type: 'plan', id: null, display: 'Plan' },
    outcome: 'success',
    changes: {
      before: { status: before },
      after: { status: after },
      event: event.type,
      eventId: event.id,
    },
  });
}

/** The organization an event is about: by its subscription, else by its customer. */
async function orgOf(
  tx: Database,
  subscriptionId: string | null,
  customerId: string | null,
): Promise<number | null> {
  if (subscriptionId) {
    const row = await findSubscriptionByStripeId(tx, subscriptionId);
    if (row) return row.orgId;
  }
  return customerId ? findOrgByCustomer(tx, customerId) : null;
}

/** Handles one verified event inside a transaction (exported for the tests of its rules). */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
  now: Date,
): Promise<Handled> {
  // Signed events come from Stripe, but their contents still reach SQL only in known shapes.
  if (
    typeof event !== 'object' ||
    event === null ||
    stripeIdOf(event.id, 'evt') === null ||
    typeof event.type !== 'string' ||
    !/^[a-z_.]{1,100}$/.test(event.type) ||
    !Number.isSafeInteger(event.created) ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  ) {
    return { outcome: 'not understood', orgId: null };
  }
  if (event.type.startsWith('customer.subscription.') && !isMirrorable(event.data.object)) {
    return { outcome: 'not understood', orgId: null };
  }
  return db.transaction(async (tx): Promise<Handled> => {
    if (!(await claimEvent(tx, event, now))) return { outcome: 'duplicate', orgId: null };
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const orgId = await orgOf(tx, sub.id, customerIdOf(sub.customer));
        if (orgId === null) return { outcome: 'no organization', orgId };
        const row = await lockSubscription(tx, orgId);
        // The organization moved on to another subscription (reactivated after the end).
        if (row?.stripeSubscriptionId && row.stripeSubscriptionId !== sub.id) {
          return { outcome: 'not the current subscription', orgId };
        }
        if (row?.stripeStateAt && at < row.stripeStateAt) return { outcome: 'outdated', orgId };
        const mirrored = mirrorSubscription(sub);
        await saveMirror(tx, orgId, mirrored, at, now);
        if (row?.status !== mirrored.state.status) {
          await recordStatusChange(
            tx,
            orgId,
            event,
            now,
            row?.status ?? null,
            mirrored.state.status,
          );
        }
        return { outcome: 'applied', orgId };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subId = invoiceSubscriptionId(invoice);
        if (!subId) return { outcome: 'ignored', orgId: null };
        const orgId = await orgOf(tx, subId, customerIdOf(invoice.customer));
        if (orgId === null) return { outcome: 'no organization', orgId };
        const row = await lockSubscription(tx, orgId);
        if (!row || row.stripeSubscriptionId !== subId) {
          return { outcome: 'not the current subscription', orgId };
        }
        if (row.stripeStateAt && at < row.stripeStateAt) return { outcome: 'outdated', orgId };
        // A failed payment puts a running plan behind (the update-billing banner follows); a paid
        // invoice brings a plan behind on payment back. A canceled plan stays canceled.
        const next =
          event.type === 'invoice.payment_failed'
            ? row.status === 'active' || row.status === 'trialing'
              ? 'past_due'
              : null
            : row.status === 'past_due' || row.status === 'unpaid' || row.status === 'incomplete'
              ? 'active'
              : null;
        if (!next) return { outcome: 'no change', orgId };
        await saveMirrorStatus(tx, orgId, next, at, now);
        await recordStatusChange(tx, orgId, event, now, row.status, next);
        return { outcome: 'applied', orgId };
      }
      case 'setup_intent.succeeded': {
        // The card is confirmed; update-default-payment makes it the default. Only the cached
        // statement is forgotten.
        const orgId = await orgOf(tx, null, customerIdOf(event.data.object.customer));
        return { outcome: orgId === null ? 'no organization' : 'no change', orgId };
      }
      default:
        return { outcome: 'ignored', orgId: null };
    }
  });
}

export function stripeWebhookRoutes(app: Hono<AppEnv>, s: Services, stripe: StripeGateway): void {
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) {
      return c.json({ error: STRIPE_MESSAGES.missingSignature } satisfies ErrorBody, 400);
    }
    // The raw body: the signature covers the bytes as sent, not a re-serialized JSON.
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      // The SDK verifies the signature, then parses the body (a SyntaxError: signed, not JSON).
      event = stripe.stripe.webhooks.constructEvent(
        payload,
        signature,
        stripe.settings.webhookSecret,
        undefined,
        undefined,
        // Stripe's five-minute tolerance, on our clock (old signatures are replays); milliseconds.
        s.now().getTime(),
      );
    } catch (error) {
      if (error instanceof SyntaxError) {
        return c.json({ error: 'Malformed JSON body' } satisfies ErrorBody, 400);
      }
      s.logger.warn('[stripe] webhook refused: bad signature');
      return c.json({ error: STRIPE_MESSAGES.badSignature } satisfies ErrorBody, 400);
    }
    const { outcome, orgId } = await handleStripeEvent(s.db, event, s.now());
    if (outcome === 'not understood') {
      s.logger.warn('[stripe] webhook refused: a signed event of an unexpected shape');
      return c.json({ error: STRIPE_MESSAGES.notUnderstood } satisfies ErrorBody, 400);
    }
    if (orgId !== null) stripe.invalidate(orgId);
    // The audit event of a change is written with it (handleStripeEvent); this line is the log's.
    s.logger.info(
      `[stripe] actor=system event ${event.id} ${event.type}` +
        `${orgId !== null ? ` organization ${orgId}` : ''}: ${outcome}`,
    );
    return c.json({ received: true, outcome });
  });
}
