/**
 * Billing through Stripe (docs/decisions/040-stripe.md): the real app with the real `stripe` SDK,
 * pointed at a local HTTP server that speaks Stripe's API (test-support/fake-stripe.ts) and checks
 * what the SDK sends; events signed with the SDK's own `generateTestHeaderString`.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { TRIAL_DAYS } from '@domain/billing';
import { ERROR_CATALOGUE } from '@contract/errors';
import { createTestApp } from '../../test-support';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../../test-support/factories';
import { FakeStripe } from '../../test-support/fake-stripe';
import { findOrgBySlug } from '../../orgs/data';
import {
  auditEvents,
  members,
  stripeCustomers,
  stripeEvents,
  subscriptions,
} from '../../db/schema';
import { currentState, formatLongDate, planInfo } from '../plan';
import { findSubscription } from '../data';
import { BILLING_MESSAGES } from '../messages';
import { STRIPE_MESSAGES } from './gateway';

const SETTINGS = {
  secretKey: 'sk_test_51TestSecretKeyForThePortal',
  webhookSecret: 'whsec_TestWebhookSecretForThePortal',
  priceId: 'price_1PortalPlan',
};
const VISA = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };
const MASTERCARD = { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2035 };
const DAY = 24 * 60 * 60 * 1000;
/** The SDK only, for signing test events (no calls are made with it). */
const signer = new Stripe('sk_test_signing_only');

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let fake: FakeStripe;
let t: TestApp;
/** Every secret seen during a test: none may appear in a log line. */
let secrets: string[];
/** Freshco: no plan yet, no members (its first card starts the trial); made once per app. */
let freshcoOrg: TestOrg | undefined;

async function startApp(options: { deadlineMs?: number } = {}) {
  fake = new FakeStripe(SETTINGS.secretKey, SETTINGS.priceId);
  const api = await fake.start();
  t = await createTestApp({
    stripe: { ...SETTINGS, api, deadlineMs: options.deadlineMs ?? 2_000, cacheMs: 60_000 },
  });
  fake.now = () => Math.floor(t.clock.now().getTime() / 1000);
  secrets = [SETTINGS.secretKey, SETTINGS.webhookSecret];
  freshcoOrg = undefined;
}

async function stopApp() {
  for (const line of t.logger.lines) {
    for (const secret of secrets) expect(line).not.toContain(secret);
  }
  await t.close();
  await fake.close();
}

async function freshco() {
  freshcoOrg ??= await makeOrg(t, { name: 'Freshco', plan: 'none' });
  const cookie = await t.signIn(freshcoOrg.admin.email, TEST_PASSWORD);
  return { cookie, orgId: freshcoOrg.id, email: freshcoOrg.admin.email };
}

async function ok(method: string, path: string, cookie: string, json?: unknown) {
  const r = await t.call(method, path, { cookie, json });
  expect(r.status, `${method} ${path}: ${r.text}`).toBe(200);
  return r.data;
}

/** The browser's part: a SetupIntent from our server, confirmed with the card by "Stripe.js". */
async function confirmedCard(cookie: string, card = VISA): Promise<string> {
  const { clientSecret } = await ok('GET', '/api/customer-billing-update-key', cookie);
  expect(clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
  secrets.push(clientSecret);
  return fake.confirmSetup(clientSecret, card);
}

async function beginTrial(cookie: string) {
  const pm = await confirmedCard(cookie);
  return ok('POST', '/api/update-default-payment', cookie, { paymentMethod: pm });
}

const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('Stripe: customers, cards and the trial', () => {
  beforeEach(() => startApp(), 60_000);
  afterEach(() => stopApp());

  it('Begin Trial: one customer, a SetupIntent, the card as default, a 7-day trial of the price', async () => {
    const { cookie, orgId, email } = await freshco();
    const first = await ok('GET', '/api/customer-billing-update-key', cookie);
    const second = await ok('GET', '/api/customer-billing-update-key', cookie);
    expect(first.clientSecret).not.toBe(second.clientSecret);
    secrets.push(first.clientSecret, second.clientSecret);

    // One customer for the organization, created with our idempotency key and form encoding.
    const customers = posts('/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      idempotencyKey: `portal-customer-org-${orgId}`,
      params: { name: 'Freshco', metadata: { org_id: String(orgId), org_slug: 'freshco' } },
    });
    expect(customers[0]?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const [stored] = await t.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.orgId, orgId));
    const customerId = stored?.customerId as string;
    expect(customerId).toMatch(/^cus_/);
    const intents = posts('/v1/setup_intents');
    expect(intents).toHaveLength(2);
    for (const r of intents) {
      expect(r.params).toMatchObject({ customer: customerId, usage: 'off_session' });
      expect(r.idempotencyKey).toMatch(new RegExp(`^portal-setup-org-${orgId}-`));
    }
    expect(intents[0]?.idempotencyKey).not.toBe(intents[1]?.idempotencyKey);

    const pm = fake.confirmSetup(second.clientSecret, VISA);
    const answer = await ok('POST', '/api/update-default-payment', cookie, { paymentMethod: pm });
    expect(answer).toEqual({ status: 'trialing' });

    expect(posts(`/v1/customers/${customerId}`)[0]?.params).toEqual({
      invoice_settings: { default_payment_method: pm },
    });
    const created = posts('/v1/subscriptions');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      idempotencyKey: `portal-trial-org-${orgId}`,
      params: {
        customer: customerId,
        items: [{ price: SETTINGS.priceId }],
        trial_period_days: String(TRIAL_DAYS),
        default_payment_method: pm,
      },
    });

    const trialEnd = new Date(t.clock.now().getTime() + TRIAL_DAYS * DAY);
    expect(await ok('GET', '/api/customer-plan-info', cookie)).toEqual({
      status: 'trialing',
      statusMessage: `Your trial ends on ${formatLongDate(trialEnd)}.`,
      relevantDate: Math.floor(trialEnd.getTime() / 1000),
    });
    expect(await ok('GET', '/api/customer-billing-info', cookie)).toEqual({
      subscription: {
        status: 'trialing',
        invoice: false,
        renewDate: Math.floor(trialEnd.getTime() / 1000),
        amountDue: 12_000,
      },
      card: { network: 'visa', lastFour: '4242' },
    });
    // The welcome's warning is gone and the administrator is the first member.
    expect((await ok('GET', '/api/session', cookie)).error).toBeNull();
    const memberRows = await t.db.select().from(members).where(eq(members.orgId, orgId));
    expect(memberRows.map((m) => m.email)).toContain(email);
  });

  it('a second card replaces the default and starts no second trial', async () => {
    const { cookie } = await freshco();
    await beginTrial(cookie);
    const [firstPm] = [...fake.paymentMethods.keys()];
    const pm = await confirmedCard(cookie, MASTERCARD);
    expect(await ok('POST', '/api/update-default-payment', cookie, { paymentMethod: pm })).toEqual({
      status: 'trialing',
    });
    expect(posts('/v1/subscriptions')).toHaveLength(1);
    const [sub] = [...fake.subscriptions.values()];
    expect(sub?.default_payment_method).toBe(pm);
    // The replaced card is detached from the customer; the new one stays.
    expect(posts(`/v1/payment_methods/${firstPm}/detach`)).toHaveLength(1);
    expect(fake.paymentMethods.get(firstPm!)?.customer).toBeNull();
    expect(fake.paymentMethods.get(pm)?.customer).toBe(sub?.customer);
    // A third card detaches the second; saving the default again replaces nothing.
    const third = await confirmedCard(cookie, MASTERCARD);
    await ok('POST', '/api/update-default-payment', cookie, { paymentMethod: third });
    await ok('POST', '/api/update-default-payment', cookie, { paymentMethod: third });
    const detached = fake.requests.filter((r) => r.path.endsWith('/detach')).map((r) => r.path);
    expect(detached).toEqual([
      `/v1/payment_methods/${firstPm}/detach`,
      `/v1/payment_methods/${pm}/detach`,
    ]);
    // The statement is cached for a minute, then read from Stripe again.
    t.clock.advance(61_000);
    expect((await ok('GET', '/api/customer-billing-info', cookie)).card).toEqual({
      network: 'mastercard',
      lastFour: '4444',
    });
  });

  it('the plan is read from Stripe, cached for a minute; the mirror and the banner follow', async () => {
    const { cookie } = await freshco();
    await beginTrial(cookie);
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('trialing');
    const [sub] = [...fake.subscriptions.values()];
    const reads = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub!.id}`);
    expect(reads()).toHaveLength(1);
    // Stripe's side changes with no event reaching us (a payment failed at the trial's end).
    sub!.status = 'past_due';
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('trialing');
    expect(reads()).toHaveLength(1);
    t.clock.advance(61_000);
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('past_due');
    expect(reads()).toHaveLength(2);
    // The mirror took it: the session's banner follows, and the statement agrees.
    expect((await ok('GET', '/api/session', cookie)).error).toMatchObject({
      type: 'update-billing',
    });
    expect((await ok('GET', '/api/customer-billing-info', cookie)).subscription.status).toBe(
      'past_due',
    );
  });

  it("another customer's payment method, or an unknown one, is not found (nothing changes)", async () => {
    const { cookie, orgId } = await freshco();
    await confirmedCard(cookie);
    const foreign = fake.newPaymentMethod(VISA, 'cus_someoneelse01');
    for (const paymentMethod of [foreign.id, 'pm_000000000000000000000000']) {
      const r = await t.call('POST', '/api/update-default-payment', {
        cookie,
        json: { paymentMethod },
      });
      expect(r.status).toBe(404);
      expect(r.data).toEqual({ error: BILLING_MESSAGES.paymentMethodNotFound });
    }
    expect(posts('/v1/subscriptions')).toHaveLength(0);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId))).toEqual(
      [],
    );
  });

  it('cancel sets cancel_at_period_end, reactivate undoes it; the banner follows', async () => {
    const { cookie } = await freshco();
    await beginTrial(cookie);
    const [sub] = [...fake.subscriptions.values()];

    expect(await ok('POST', '/api/cancel-plan', cookie)).toEqual({});
    expect(fake.subscriptions.get(sub!.id)).toMatchObject({
      cancel_at_period_end: true,
      status: 'trialing',
    });
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('canceled');
    expect((await ok('GET', '/api/session', cookie)).error?.type).toBe('update-billing');
    const statement = await ok('GET', '/api/customer-billing-info', cookie);
    expect(statement.subscription).toMatchObject({
      status: 'canceled',
      amountDue: 0,
      renewDate: 0,
    });

    expect(await ok('POST', '/api/reactivate-plan', cookie)).toEqual({});
    expect(fake.subscriptions.get(sub!.id)).toMatchObject({ cancel_at_period_end: false });
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('trialing');
    expect((await ok('GET', '/api/session', cookie)).error).toBeNull();
    expect(posts('/v1/subscriptions')).toHaveLength(1);
  });

  it('reactivating a plan Stripe has ended subscribes again, without a trial', async () => {
    const { cookie } = await freshco();
    await beginTrial(cookie);
    const [sub] = [...fake.subscriptions.values()];
    await ok('POST', '/api/cancel-plan', cookie);
    fake.setSubscription(sub!.id, { status: 'canceled', ended_at: fake.now() });
    expect(await ok('POST', '/api/reactivate-plan', cookie)).toEqual({});
    const created = posts('/v1/subscriptions');
    expect(created).toHaveLength(2);
    expect(created[1]?.params.trial_period_days).toBeUndefined();
    expect(created[1]?.idempotencyKey).toBe(
      `portal-resubscribe-org-${(await freshco()).orgId}-after-${sub!.id}`,
    );
    expect((await ok('GET', '/api/customer-plan-info', cookie)).status).toBe('active');
  });

  it('deleting the organization cancels its subscription at Stripe at once', async () => {
    const { cookie, orgId } = await freshco();
    await beginTrial(cookie);
    const [sub] = [...fake.subscriptions.values()];
    const refused = await t.call('DELETE', '/api/orgs', { cookie });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: BILLING_MESSAGES.deleteActive });
    await ok('POST', '/api/cancel-plan', cookie);
    expect(await ok('DELETE', '/api/orgs', cookie)).toEqual({});
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${sub!.id}`),
    ).toBe(true);
    expect(fake.subscriptions.get(sub!.id)?.status).toBe('canceled');
    expect(await findOrgBySlug(t.db, 'freshco')).toBeNull();
    expect(
      await t.db.select().from(stripeCustomers).where(eq(stripeCustomers.orgId, orgId)),
    ).toEqual([]);
  });

  it('an organization of the test processor era keeps its stored card on the statement', async () => {
    // Example: an active plan with a visa 4242 on file, from before Stripe.
    const { admin } = await makeOrg(t, {
      name: 'Example',
      card: { network: 'visa', lastFour: '4242' },
    });
    const example = await t.signIn(admin.email, TEST_PASSWORD);
    expect((await ok('GET', '/api/customer-billing-info', example)).card).toEqual({
      network: 'visa',
      lastFour: '4242',
    });
    expect(fake.requests).toEqual([]);
  });
});

describe('Stripe: when Stripe does not answer', () => {
  beforeAll(() => startApp({ deadlineMs: 400 }), 60_000);
  afterAll(() => stopApp());

  it('the statement and the plan answer a clear 503 within the deadline; the banner does not wait', async () => {
    const { cookie } = await freshco();
    await beginTrial(cookie);
    t.clock.advance(61_000); // past the statement's cache
    fake.delayMs = 3_000;
    const started = performance.now();
    const r = await t.call('GET', '/api/customer-billing-info', { cookie });
    const took = performance.now() - started;
    expect(r.status).toBe(503);
    expect(r.data).toEqual({ error: STRIPE_MESSAGES.unavailable });
    // The deadline (400 ms here, 5 s in production) and one retry at most are not waited twice.
    expect(took).toBeLessThan(2_500);
    // The plan is read from Stripe as well now (docs/decisions/040b): the same deadline and message.
    const planStarted = performance.now();
    const plan = await t.call('GET', '/api/customer-plan-info', { cookie });
    expect(plan.status).toBe(503);
    expect(plan.data).toEqual({ error: STRIPE_MESSAGES.unavailable });
    expect(performance.now() - planStarted).toBeLessThan(2_500);
    // The session (and its billing banner) reads the mirror: it answers at once.
    const sessionStarted = performance.now();
    expect((await t.call('GET', '/api/session', { cookie })).status).toBe(200);
    expect(performance.now() - sessionStarted).toBeLessThan(400);
    fake.delayMs = 0;
    fake.failWith = 500;
    const down = await t.call('GET', '/api/customer-billing-update-key', { cookie });
    expect(down.status).toBe(503);
    expect(
      t.logger.lines.some((l) => /\[stripe\] setup intent create failed: Stripe\w+Error/.test(l)),
    ).toBe(true);
    fake.failWith = null;
  });
});

/** A Stripe event around `object`, signed like Stripe signs it (at the test clock's time). */
function signedEvent(
  type: string,
  object: unknown,
  options: { id?: string; created?: number; secret?: string; signedAt?: number } = {},
) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SETTINGS.webhookSecret,
    timestamp: options.signedAt ?? now,
  });
  return { payload, header };
}

/** Posted as Stripe's servers do: no cookie, no CSRF header. */
async function deliver(event: { payload: string; header?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (event.header) headers['stripe-signature'] = event.header;
  const res = await t.app.request('/api/stripe/webhook', {
    method: 'POST',
    headers,
    body: event.payload,
  });
  return { status: res.status, data: (await res.json()) as Record<string, unknown> };
}

describe('Stripe events at POST /api/stripe/webhook', () => {
  let cookie: string;
  let orgId: number;
  let subId: string;

  beforeEach(async () => {
    await startApp();
    ({ cookie, orgId } = await freshco());
    await beginTrial(cookie);
    subId = [...fake.subscriptions.keys()][0]!;
  }, 60_000);
  afterEach(() => stopApp());

  /**
   * The plan as the mirror holds it, which is what events change (the plan tab reads Stripe itself,
   * and the stand-in's subscription is not changed by the events these tests send).
   */
  const planStatus = async () =>
    planInfo(currentState(await findSubscription(t.db, orgId), t.clock.now())).status;

  /** The plan status changes on the audit log, oldest first. */
  const statusChanges = async () =>
    (
      await t.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.orgId, orgId))
        .orderBy(auditEvents.seq)
    )
      .filter((e) => e.action === 'plan.status_changed')
      .map((e) => {
        const changes = e.changes as {
          before: { status: string };
          after: { status: string };
          event: string;
        };
        return {
          actor: `${e.actorType} ${e.actorId}`,
          before: changes.before.status,
          after: changes.after.status,
          event: changes.event,
        };
      });

  it('refuses an unsigned body, a bad signature, another secret and an old signature with 400', async () => {
    const sub = fake.setSubscription(subId, { status: 'past_due' });
    const good = signedEvent('customer.subscription.updated', sub);
    expect(await deliver({ payload: good.payload })).toEqual({
      status: 400,
      data: { error: STRIPE_MESSAGES.missingSignature },
    });
    const tampered = good.payload.replace('past_due', 'active');
    expect((await deliver({ payload: tampered, header: good.header })).status).toBe(400);
    const other = signedEvent('customer.subscription.updated', sub, {
      secret: 'whsec_SomeoneElsesSecret1',
    });
    expect((await deliver(other)).status).toBe(400);
    const stale = signedEvent('customer.subscription.updated', sub, {
      signedAt: Math.floor(t.clock.now().getTime() / 1000) - 600,
    });
    expect((await deliver(stale)).data).toEqual({ error: STRIPE_MESSAGES.badSignature });
    expect(await planStatus()).toBe('trialing');
    expect(await t.db.select().from(stripeEvents)).toEqual([]);
  });

  it('past due → the update-billing banner; paid → active again; the session follows', async () => {
    const failed = signedEvent('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: fake.subscriptions.get(subId)?.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
    });
    expect(await deliver(failed)).toEqual({
      status: 200,
      data: { received: true, outcome: 'applied' },
    });
    expect(await planStatus()).toBe('past_due');
    expect((await ok('GET', '/api/session', cookie)).error).toEqual({
      type: 'update-billing',
      ...ERROR_CATALOGUE['update-billing'],
      severity: 'warning',
    });
    t.clock.advance(1_000);
    const paid = signedEvent('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      customer: fake.subscriptions.get(subId)?.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
    });
    expect((await deliver(paid)).data.outcome).toBe('applied');
    expect(await planStatus()).toBe('active');
    expect((await ok('GET', '/api/session', cookie)).error).toBeNull();
    expect(
      t.logger.lines.some(
        (l) => l.includes(`actor=system event`) && l.includes(`organization ${orgId}`),
      ),
    ).toBe(true);
    // Each change is on the organization's audit log, by the system (Stripe), in its transaction.
    expect(await statusChanges()).toEqual([
      {
        actor: 'system stripe',
        before: 'trialing',
        after: 'past_due',
        event: 'invoice.payment_failed',
      },
      { actor: 'system stripe', before: 'past_due', after: 'active', event: 'invoice.paid' },
    ]);
  });

  it('a replayed event changes nothing the second time', async () => {
    t.clock.advance(1_000);
    const event = signedEvent(
      'customer.subscription.updated',
      fake.setSubscription(subId, { status: 'past_due' }),
      {
        id: 'evt_replayed000000001',
      },
    );
    expect((await deliver(event)).data.outcome).toBe('applied');
    expect(await planStatus()).toBe('past_due');
    // Meanwhile the plan is paid again; the same event delivered again must not undo that.
    t.clock.advance(1_000);
    await deliver(
      signedEvent(
        'customer.subscription.updated',
        fake.setSubscription(subId, { status: 'active' }),
      ),
    );
    expect(await planStatus()).toBe('active');
    expect((await deliver(event)).data.outcome).toBe('duplicate');
    expect(await planStatus()).toBe('active');
    // Two changes recorded; the replay records none.
    expect((await statusChanges()).map((c) => c.after)).toEqual(['past_due', 'active']);
    const rows = await t.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_replayed000000001'));
    expect(rows).toHaveLength(1);
  });

  it('events out of order: older news than the mirror holds changes nothing', async () => {
    const base = Math.floor(t.clock.now().getTime() / 1000);
    const older = signedEvent(
      'customer.subscription.updated',
      { ...fake.setSubscription(subId, { status: 'past_due' }) },
      { created: base + 10 },
    );
    const newer = signedEvent(
      'customer.subscription.updated',
      { ...fake.setSubscription(subId, { status: 'active', trial_end: null }) },
      { created: base + 20 },
    );
    t.clock.advance(30_000);
    expect((await deliver(newer)).data.outcome).toBe('applied');
    expect((await deliver(older)).data.outcome).toBe('outdated');
    expect(await planStatus()).toBe('active');
  });

  it('customer.subscription.deleted ends the plan; events of unknown customers are accepted and ignored', async () => {
    t.clock.advance(1_000);
    const ended = fake.setSubscription(subId, {
      status: 'canceled',
      canceled_at: fake.now(),
      ended_at: fake.now(),
    });
    expect((await deliver(signedEvent('customer.subscription.deleted', ended))).data.outcome).toBe(
      'applied',
    );
    expect(await planStatus()).toBe('canceled');
    const stranger = { ...ended, id: 'sub_stranger0001', customer: 'cus_stranger0001' };
    expect(
      (await deliver(signedEvent('customer.subscription.updated', stranger))).data.outcome,
    ).toBe('no organization');
    expect(
      (
        await deliver(
          signedEvent('setup_intent.succeeded', {
            id: 'seti_1',
            object: 'setup_intent',
            customer: ended.customer,
          }),
        )
      ).data.outcome,
    ).toBe('no change');
    expect(
      (await deliver(signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }))).data
        .outcome,
    ).toBe('ignored');
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('the built-in test processor answers and there is no Stripe endpoint', async () => {
    const plain = await createTestApp();
    try {
      const freshcoAdmin = (await makeOrg(plain, { name: 'Freshco', plan: 'none' })).admin;
      const cookie = await plain.signIn(freshcoAdmin.email, TEST_PASSWORD);
      const key = await plain.call('GET', '/api/customer-billing-update-key', { cookie });
      expect(key.data.clientSecret).toMatch(/^seti_[0-9a-f]{24}_secret_[0-9a-f]{48}$/);
      const r = await plain.app.request('/api/stripe/webhook', { method: 'POST', body: '{}' });
      expect(r.status).toBe(403); // no signature rule without Stripe: the CSRF rule answers
    } finally {
      await plain.close();
    }
  });
});
