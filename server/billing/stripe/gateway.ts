/**
 * The server's side of Stripe (docs/decisions/040-stripe.md), through the official SDK: the
 * organization's customer (created on first need), SetupIntents for the card form, the trial
 * subscription and plan changes, and the billing statement read from Stripe with a short cache and
 * a deadline. No database transaction stays open while Stripe is called: creates carry
 * deterministic idempotency keys instead, so two racing requests get one customer and one trial.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { TRIAL_DAYS } from '@domain/billing';
import type { Database } from '../../db';
import type { Logger } from '../../deps';
import { HttpError } from '../../http/http-error';
import type { StripeSettings } from './settings';
import { findCustomerId, saveCustomerId } from './data';
import { customerIdOf, mirrorCard, type MirroredCard } from './mirror';

/** The page never waits longer than this for Stripe (issue: "never blocking … more than 5 s"). */
export const STRIPE_DEADLINE_MS = 5_000;
/** How long a statement read from Stripe is answered again without asking. */
export const STRIPE_CACHE_MS = 60_000;

export const STRIPE_MESSAGES = {
  unavailable: 'Stripe did not answer in time. Try again in a moment.',
  refused: 'Stripe could not complete the request. Try again, or contact support.',
  badSignature: 'Invalid Stripe signature.',
  missingSignature: 'Missing Stripe-Signature header.',
  notUnderstood: 'Event not understood.',
} as const;

export interface StripeGatewayOptions {
  deadlineMs?: number;
  cacheMs?: number;
}

export interface StripeStatement {
  /** The customer's default card, as Stripe holds it. */
  card: MirroredCard | null;
  /** The next invoice's amount (null: none scheduled). */
  upcomingCents: number | null;
}

/** The SDK, pointed at Stripe (or, in tests and with STRIPE_API_BASE, a local stand-in). */
export function createStripeClient(settings: StripeSettings, deadlineMs: number): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    timeout: deadlineMs,
    // Writes carry idempotency keys, so a retry after a dropped connection is safe.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'organization-admin-portal' },
  });
}

export class StripeGateway {
  readonly stripe: Stripe;
  readonly deadlineMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<number, { at: number; value: StripeStatement }>();
  private readonly subscriptions = new Map<number, { at: number; value: Stripe.Subscription }>();

  constructor(
    readonly settings: StripeSettings,
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly logger: Logger,
    options: StripeGatewayOptions = {},
  ) {
    this.deadlineMs = options.deadlineMs ?? STRIPE_DEADLINE_MS;
    this.cacheMs = options.cacheMs ?? STRIPE_CACHE_MS;
    this.stripe = createStripeClient(settings, this.deadlineMs);
  }

  /** Forgets what was read of the organization (after a change of ours or an event). */
  invalidate(orgId: number): void {
    this.cache.delete(orgId);
    this.subscriptions.delete(orgId);
  }

  /**
   * The organization's subscription as Stripe holds it now (status, period end, cancellation),
   * cached like the statement (docs/decisions/040b-stripe-leftovers.md). `fresh`: read from Stripe
   * by this call (at `readAt`), so the caller brings the mirror up to date.
   */
  async subscription(
    orgId: number,
    subscriptionId: string,
  ): Promise<{ value: Stripe.Subscription; readAt: Date; fresh: boolean }> {
    const cached = this.subscriptions.get(orgId);
    const readAt = this.now();
    if (
      cached &&
      cached.value.id === subscriptionId &&
      readAt.getTime() - cached.at < this.cacheMs
    ) {
      return { value: cached.value, readAt: new Date(cached.at), fresh: false };
    }
    const value = await this.retrieveSubscription(subscriptionId);
    this.subscriptions.set(orgId, { at: readAt.getTime(), value });
    return { value, readAt, fresh: true };
  }

  /**
   * Runs a Stripe call within the deadline; Stripe's failures become the portal's errors (503 when
   * Stripe cannot be reached in time, 502 when it refuses), logged by type, code and request id
   * only: never a key, a secret or a body.
   */
  async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Stripe.errors.StripeConnectionError({ message: 'deadline' })),
        this.deadlineMs,
      );
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof Stripe.errors.StripeError) {
        const unreachable =
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError ||
          error instanceof Stripe.errors.StripeRateLimitError;
        this.logger.warn(
          `[stripe] ${what} failed: ${error.type}${error.code ? ` ${error.code}` : ''}` +
            `${error.statusCode ? ` (HTTP ${error.statusCode})` : ''}` +
            `${error.requestId ? ` request ${error.requestId}` : ''}`,
        );
        throw new HttpError(unreachable ? 503 : 502, {
          error: unreachable ? STRIPE_MESSAGES.unavailable : STRIPE_MESSAGES.refused,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The organization's customer, created on first need (one per organization). */
  async customerFor(org: { id: number; name: string; slug: string }): Promise<string> {
    const known = await findCustomerId(this.db, org.id);
    if (known) return known;
    const customer = await this.call('customer create', () =>
      this.stripe.customers.create(
        { name: org.name, metadata: { org_id: String(org.id), org_slug: org.slug } },
        // The same key for every attempt: racing first requests get the same customer.
        { idempotencyKey: `portal-customer-org-${org.id}` },
      ),
    );
    return saveCustomerId(this.db, org.id, customer.id, this.now());
  }

  /** A SetupIntent for the card form; its client secret goes to the browser only. */
  async setupIntentSecret(org: { id: number; name: string; slug: string }): Promise<string> {
    const customer = await this.customerFor(org);
    const intent = await this.call('setup intent create', () =>
      this.stripe.setupIntents.create(
        {
          customer,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { org_id: String(org.id) },
        },
        { idempotencyKey: `portal-setup-org-${org.id}-${randomUUID()}` },
      ),
    );
    if (!intent.client_secret) throw new HttpError(502, { error: STRIPE_MESSAGES.refused });
    return intent.client_secret;
  }

  /** The card, if the payment method exists and belongs to the organization's customer. */
  async cardOf(customerId: string, paymentMethodId: string): Promise<MirroredCard | null> {
    const pm = await this.call('payment method read', () =>
      orMissing(this.stripe.paymentMethods.retrieve(paymentMethodId)),
    );
    return pm && customerIdOf(pm.customer) === customerId ? mirrorCard(pm) : null;
  }

  /**
   * Makes the card the customer's default; answers the default it replaced (null when there was
   * none, or it was this card already), for {@link detachReplacedCard} once the plan uses the new one.
   */
  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<string | null> {
    const before = await this.call('customer read', () =>
      this.stripe.customers.retrieve(customerId),
    );
    const previous =
      'deleted' in before && before.deleted
        ? null
        : paymentMethodIdOf(before.invoice_settings?.default_payment_method ?? null);
    await this.call('customer update', () =>
      this.stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey: `portal-default-${customerId}-${paymentMethodId}` },
      ),
    );
    return previous && previous !== paymentMethodId ? previous : null;
  }

  /**
   * Detaches a card the customer replaced (docs/decisions/040b-stripe-leftovers.md): Stripe stops
   * keeping it for the customer, so only the card the portal shows can be charged. A failure is
   * logged and left: the new card is the default either way, and a stale card charges nothing.
   */
  async detachReplacedCard(paymentMethodId: string): Promise<boolean> {
    try {
      await this.call('payment method detach', () =>
        this.stripe.paymentMethods.detach(paymentMethodId),
      );
      return true;
    } catch {
      this.logger.warn('[stripe] the replaced card could not be detached; it stays at Stripe');
      return false;
    }
  }

  /** Begin Trial: the plan's price with the trial, charged to the card when it ends. */
  async startTrial(orgId: number, customerId: string, paymentMethodId: string) {
    return this.call('subscription create', () =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.settings.priceId }],
          trial_period_days: TRIAL_DAYS,
          default_payment_method: paymentMethodId,
          metadata: { org_id: String(orgId) },
        },
        // One trial per organization, however often Begin Trial is pressed.
        { idempotencyKey: `portal-trial-org-${orgId}` },
      ),
    );
  }

  /** Reactivating a plan Stripe has already ended: a new subscription, without a trial. */
  async resubscribe(orgId: number, customerId: string, endedSubscriptionId: string) {
    return this.call('subscription create', () =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.settings.priceId }],
          metadata: { org_id: String(orgId) },
        },
        { idempotencyKey: `portal-resubscribe-org-${orgId}-after-${endedSubscriptionId}` },
      ),
    );
  }

  async updateSubscription(
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<Stripe.Subscription> {
    return this.call('subscription update', () =>
      this.stripe.subscriptions.update(subscriptionId, params, {
        idempotencyKey: `portal-update-${subscriptionId}-${randomUUID()}`,
      }),
    );
  }

  async retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.call('subscription read', () => this.stripe.subscriptions.retrieve(subscriptionId));
  }

  /** Deleting the organization ends its plan at once (no further invoice). */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.call('subscription cancel', () =>
      this.stripe.subscriptions.cancel(subscriptionId, undefined, {
        idempotencyKey: `portal-cancel-now-${subscriptionId}`,
      }),
    );
  }

  /**
   * The statement's Stripe part: the default card and the next invoice's amount, cached for a
   * minute per organization.
   */
  async statement(
    orgId: number,
    customerId: string | null,
    subscriptionId: string | null,
  ): Promise<StripeStatement> {
    const cached = this.cache.get(orgId);
    const nowMs = this.now().getTime();
    if (cached && nowMs - cached.at < this.cacheMs) return cached.value;
    if (!customerId) return { card: null, upcomingCents: null };
    const [customer, upcoming] = await Promise.all([
      this.call('customer read', () =>
        this.stripe.customers.retrieve(customerId, {
          expand: ['invoice_settings.default_payment_method'],
        }),
      ),
      subscriptionId ? this.upcomingAmount(customerId, subscriptionId) : Promise.resolve(null),
    ]);
    let card: MirroredCard | null = null;
    if (!customer.deleted) {
      const pm = customer.invoice_settings?.default_payment_method;
      if (pm && typeof pm !== 'string') card = mirrorCard(pm);
    }
    const value = { card, upcomingCents: upcoming };
    this.cache.set(orgId, { at: nowMs, value });
    return value;
  }

  private async upcomingAmount(customer: string, subscription: string): Promise<number | null> {
    const invoice = await this.call('invoice preview', async () => {
      try {
        return await this.stripe.invoices.createPreview(
          { customer, subscription },
          { idempotencyKey: `portal-preview-${randomUUID()}` },
        );
      } catch (error) {
        // Nothing upcoming (a plan that ends): Stripe refuses the preview with this code.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          if (error.code === 'invoice_upcoming_none') return null;
        }
        throw error;
      }
    });
    return invoice ? invoice.amount_due : null;
  }
}

/** Stripe's 404 for an id that does not exist (or not in this account) as null. */
async function orMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.code === 'resource_missing') return null;
    }
    throw error;
  }
}

/** A payment method's id, whether Stripe answered the id or the expanded object. */
function paymentMethodIdOf(pm: string | Stripe.PaymentMethod | null): string | null {
  if (pm === null) return null;
  return typeof pm === 'string' ? pm : pm.id;
}
