/**
 * A stand-in for api.stripe.com on 127.0.0.1 (tests only; docs/decisions/040-stripe.md): a real
 * HTTP server that the real `stripe` SDK is pointed at (`host`, `port`, `protocol`). It serves the
 * few endpoints the server uses with Stripe's documented object shapes and error envelope, and it
 * checks what the SDK sends the way Stripe would: the bearer key, form encoding
 * (`application/x-www-form-urlencoded`, `items[0][price]=…`), an `Idempotency-Key` on every POST
 * (a repeated key answers the first answer again, as Stripe does for 24 hours). Each request is
 * recorded for the tests' assertions.
 *
 * What the browser does with Stripe.js (confirming a SetupIntent with a card) is `confirmSetup`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET, DELETE). */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's form encoding back into objects: `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`.
 * Arrays arrive with explicit indexes (the SDK writes `expand[0]=…`).
 */
export function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]!);
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
      } else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

function stripeError(
  res: ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error }));
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly setupIntents = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly prices = new Map<string, { unit_amount: number; interval_days: number }>();
  /** Answers held back this long (to test the page's deadline). */
  delayMs = 0;
  /** The next answers fail with this status (a Stripe outage). */
  failWith: number | null = null;
  /** The fake's clock in seconds (follows the test clock when given). */
  now: () => number = () => Math.floor(Date.now() / 1000);

  private server: Server;
  private idempotent = new Map<string, { status: number; body: string }>();

  constructor(
    readonly secretKey: string,
    priceId: string,
    unitAmount = 12_000,
  ) {
    this.prices.set(priceId, { unit_amount: unitAmount, interval_days: 30 });
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { host: '127.0.0.1', port, protocol: 'http' };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * What Stripe.js does in the browser for `confirmCardSetup(clientSecret, { payment_method: {
   * card } })`: a payment method of the card, attached to the SetupIntent's customer; the intent
   * succeeds. Answers the payment method's id.
   */
  confirmSetup(
    clientSecret: string,
    card: { brand: string; last4: string; exp_month: number; exp_year: number },
  ): string {
    const intent = [...this.setupIntents.values()].find((s) => s.client_secret === clientSecret);
    if (!intent) throw new Error('unknown client secret');
    if (intent.status === 'succeeded') throw new Error('setup intent already confirmed');
    const pm = this.newPaymentMethod(card, intent.customer as string);
    intent.status = 'succeeded';
    intent.payment_method = pm.id;
    return pm.id;
  }

  /** A payment method of someone else's customer (for the cross-organization tests). */
  newPaymentMethod(
    card: { brand: string; last4: string; exp_month: number; exp_year: number },
    customer: string | null,
  ): StripeObject {
    const pm: StripeObject = {
      id: `pm_${randomBytes(12).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      card: { ...card, country: 'US', funding: 'credit' },
      billing_details: { name: null },
      customer,
      created: this.now(),
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** Moves a subscription as Stripe's billing would (e.g. to past_due); answers it. */
  setSubscription(subId: string, changes: Record<string, unknown>): StripeObject {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`unknown subscription ${subId}`);
    Object.assign(sub, changes);
    return structuredClone(sub);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const method = req.method ?? 'GET';
    const params = method === 'POST' ? decodeForm(body) : decodeForm(url.search.slice(1));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const contentType = req.headers['content-type'];
    this.requests.push({ method, path: url.pathname, params, idempotencyKey, contentType });

    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (res.destroyed) return;
    if (this.failWith !== null) {
      return stripeError(res, this.failWith, { type: 'api_error', message: 'Stripe is down.' });
    }
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(res, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${this.secretKey.slice(0, 8)}****`,
      });
    }
    if (method === 'POST') {
      if (!/^application\/x-www-form-urlencoded/.test(contentType ?? '')) {
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: 'Stripe accepts form-encoded bodies only.',
        });
      }
      if (!idempotencyKey) {
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: 'This test double requires an Idempotency-Key on every POST.',
        });
      }
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) {
        res.writeHead(seen.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
        });
        res.end(seen.body);
        return;
      }
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = this.route(method, url.pathname, params);
    } catch (error) {
      if (error instanceof StripeFailure) {
        status = error.status;
        answer = { error: error.body };
      } else {
        throw error;
      }
    }
    const text = JSON.stringify(answer);
    if (method === 'POST' && idempotencyKey)
      this.idempotent.set(idempotencyKey, { status, body: text });
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(text);
  }

  private route(method: string, path: string, p: Record<string, unknown>): unknown {
    const m = (pattern: RegExp) => pattern.exec(path);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(p);
    if ((match = m(/^\/v1\/customers\/([\w]+)$/))) {
      const customer = this.get(this.customers, match[1]!, 'customer');
      if (method === 'POST') {
        const settings = p.invoice_settings as Record<string, unknown> | undefined;
        if (settings && 'default_payment_method' in settings) {
          const pmId = settings.default_payment_method as string;
          const pm = this.get(this.paymentMethods, pmId, 'payment_method');
          if (pm.customer !== customer.id) {
            throw invalid(`The payment method ${pmId} does not belong to this customer.`);
          }
          (customer.invoice_settings as Record<string, unknown>).default_payment_method = pmId;
        }
      }
      return this.expand(customer, p.expand);
    }
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(p);
    if (method === 'POST' && (match = m(/^\/v1\/payment_methods\/([\w]+)\/detach$/))) {
      const pm = this.get(this.paymentMethods, match[1]!, 'payment_method');
      if (!pm.customer) {
        throw invalid(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      }
      pm.customer = null;
      return structuredClone(pm);
    }
    if (method === 'GET' && (match = m(/^\/v1\/payment_methods\/([\w]+)$/))) {
      return this.get(this.paymentMethods, match[1]!, 'payment_method');
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(p);
    if ((match = m(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = this.get(this.subscriptions, match[1]!, 'subscription');
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() });
      } else if (method === 'POST') {
        if (sub.status === 'canceled') {
          throw invalid(
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        if (p.cancel_at_period_end !== undefined) {
          const cancel = p.cancel_at_period_end === 'true';
          sub.cancel_at_period_end = cancel;
          sub.canceled_at = cancel ? this.now() : null;
          sub.cancel_at = cancel ? this.periodEnd(sub) : null;
        }
        if (typeof p.default_payment_method === 'string') {
          sub.default_payment_method = p.default_payment_method;
        }
      }
      return this.expand(sub, p.expand);
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const sub = this.get(this.subscriptions, String(p.subscription), 'subscription');
      if (sub.status === 'canceled' || sub.cancel_at_period_end) {
        throw invalid('No upcoming invoices for customer.', 'invoice_upcoming_none');
      }
      return {
        id: `upcoming_${sub.id}`,
        object: 'invoice',
        customer: sub.customer,
        amount_due: this.amountOf(sub),
        currency: 'usd',
        period_end: this.periodEnd(sub),
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      };
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private get(map: Map<string, StripeObject>, key: string, kind: string): StripeObject {
    const found = map.get(key);
    if (!found) {
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${key}'`,
        param: 'id',
      });
    }
    return found;
  }

  /** `expand[]` of the few paths the server asks for. */
  private expand(object: StripeObject, expand: unknown): StripeObject {
    const out = structuredClone(object);
    for (const path of Array.isArray(expand) ? (expand as string[]) : []) {
      if (path === 'invoice_settings.default_payment_method') {
        const settings = out.invoice_settings as Record<string, unknown>;
        const pmId = settings.default_payment_method as string | null;
        settings.default_payment_method = pmId
          ? structuredClone(this.paymentMethods.get(pmId))
          : null;
      } else if (path === 'default_payment_method') {
        const pmId = out.default_payment_method as string | null;
        out.default_payment_method = pmId ? structuredClone(this.paymentMethods.get(pmId)) : null;
      } else {
        throw invalid(`This property cannot be expanded (${path}).`);
      }
    }
    return out;
  }

  private createCustomer(p: Record<string, unknown>): StripeObject {
    const customer: StripeObject = {
      id: `cus_${randomBytes(7).toString('hex')}`,
      object: 'customer',
      created: this.now(),
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: p.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createSetupIntent(p: Record<string, unknown>): StripeObject {
    const customer = this.get(this.customers, String(p.customer), 'customer');
    const siId = `seti_${randomBytes(12).toString('hex')}`;
    const intent: StripeObject = {
      id: siId,
      object: 'setup_intent',
      client_secret: `${siId}_secret_${randomBytes(16).toString('hex')}`,
      customer: customer.id,
      status: 'requires_payment_method',
      usage: p.usage ?? 'off_session',
      payment_method: null,
      allowed_payment_method_types: p.allowed_payment_method_types ?? ['card'],
      metadata: p.metadata ?? {},
      created: this.now(),
      livemode: false,
    };
    this.setupIntents.set(intent.id, intent);
    return intent;
  }

  private createSubscription(p: Record<string, unknown>): StripeObject {
    const customer = this.get(this.customers, String(p.customer), 'customer');
    const items = (p.items as Array<{ price?: string; quantity?: string }> | undefined) ?? [];
    const priceId = items[0]?.price;
    const price = priceId ? this.prices.get(priceId) : undefined;
    if (!price || !priceId)
      throw invalid(`No such price: '${String(priceId)}'`, 'resource_missing');
    const pmId =
      (p.default_payment_method as string | undefined) ??
      ((customer.invoice_settings as Record<string, unknown>).default_payment_method as
        string | null);
    if (!pmId)
      throw invalid('This customer has no attached payment source or default payment method.');
    const now = this.now();
    const trialDays = p.trial_period_days ? Number(p.trial_period_days) : 0;
    const trialEnd = trialDays > 0 ? now + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? now + price.interval_days * 86_400;
    const subId = `sub_${randomBytes(12).toString('hex')}`;
    const sub: StripeObject = {
      id: subId,
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      default_payment_method: pmId,
      metadata: p.metadata ?? {},
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${randomBytes(8).toString('hex')}`,
            object: 'subscription_item',
            subscription: subId,
            quantity: Number(items[0]?.quantity ?? 1),
            current_period_start: now,
            current_period_end: periodEnd,
            price: {
              id: priceId,
              object: 'price',
              unit_amount: price.unit_amount,
              currency: 'usd',
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
        has_more: false,
      },
    };
    this.subscriptions.set(subId, sub);
    return sub;
  }

  private periodEnd(sub: StripeObject): number {
    const items = sub.items as { data: Array<{ current_period_end: number }> };
    return items.data[0]!.current_period_end;
  }

  private amountOf(sub: StripeObject): number {
    const items = sub.items as {
      data: Array<{ quantity: number; price: { unit_amount: number } }>;
    };
    return items.data.reduce((sum, item) => sum + item.quantity * item.price.unit_amount, 0);
  }
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, code?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });
