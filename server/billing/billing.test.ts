/**
 * Billing, plan and the trial welcome (docs/product/billing.md): billing statement, plan, cancel /
 * reactivate, card setups through the offline card processor, the default payment method, the
 * organization delete and the development helper that creates a throw-away organization — on
 * organizations the tests make (test-support/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_CARDS } from '@contract/billing';
import { TRIAL_DAYS } from '@domain/billing';
import { ERROR_CATALOGUE } from '@contract/errors';
import { createApp } from '../app';
import { cardSetups, paymentMethods, subscriptions } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { findOrgBySlug } from '../orgs/data';
import { DEV_ORG_COUNTS } from '../orgs/dev-orgs';
import { CARD_MESSAGES, isCardExpired } from './cards';
import { BILLING_PERIOD_DAYS, formatLongDate, PLAN_PRICE_CENTS } from './plan';
import { BILLING_MESSAGES } from './routes';
import { captureLogger, createTestApp } from '../test-support';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const DAY = 24 * 60 * 60 * 1000;
const MASTERCARD = '5555555555554444';
const BAD_LUHN = '4242424242424241';
/**
 * Discover numbers the processor once called 'unknown' (domain/cards.ts,
 * docs/decisions/013-domain-values-and-rules.md).
 */
const DISCOVER_644 = '6445644564456445';
const DISCOVER_CO_BRANDED = '6221260000000000';
/** Every card number sent during the run: none may be stored or logged. */
const NUMBERS = [
  TEST_CARDS.success,
  TEST_CARDS.declined,
  TEST_CARDS.incomplete,
  MASTERCARD,
  BAD_LUHN,
  DISCOVER_644,
  DISCOVER_CO_BRANDED,
];
/** Every client secret handed out during the run: none may be stored or logged. */
const secrets: string[] = [];

/**
 * The four billing states: Example active with a visa 4242 (its period ended 5 days before the test
 * clock, so the renewal rolls forward), Umbrella billed by invoice (SSO only, no card), Initrode
 * canceled with a mastercard 4444 on file (and members and devices), Freshco with no plan and no card.
 */
async function makeBillingOrgs(t: TestApp) {
  const now = t.clock.now().getTime();
  return {
    example: await makeOrg(t, {
      name: 'Example',
      plan: { status: 'active', currentPeriodEnd: new Date(now - 5 * DAY) },
    }),
    umbrella: await makeOrg(t, {
      name: 'Umbrella',
      sso: 'okta',
      admin: { password: null },
      plan: 'invoice',
    }),
    initrode: await makeOrg(t, {
      name: 'Initrode',
      plan: { status: 'canceled', amountDueCents: 4_800 },
      card: { network: 'mastercard', lastFour: '4444' },
      members: 2,
      devices: 3,
    }),
    freshco: await makeOrg(t, { name: 'Freshco', plan: 'none' }),
  };
}

async function billing(t: TestApp, cookie: string) {
  const r = await t.call('GET', '/api/customer-billing-info', { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as {
    subscription: { status: string; invoice: boolean; renewDate: number; amountDue: number };
    card: { network: string; lastFour: string } | null;
  };
}

async function plan(t: TestApp, cookie: string) {
  const r = await t.call('GET', '/api/customer-plan-info', { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as { status: string; statusMessage: string; relevantDate: number | null };
}

async function sessionError(t: TestApp, cookie: string) {
  const r = await t.call('GET', '/api/session', { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data.error as { type: string } | null;
}

async function updateKey(t: TestApp, cookie: string): Promise<string> {
  const r = await t.call('GET', '/api/customer-billing-update-key', { cookie });
  expect(r.status, r.text).toBe(200);
  secrets.push(r.data.clientSecret);
  return r.data.clientSecret as string;
}

interface CardInput {
  number: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
}

async function confirm(t: TestApp, clientSecret: string, card: CardInput) {
  const now = t.clock.now();
  const r = await t.call('POST', '/api/dev/card-processor/confirm-setup', {
    json: {
      clientSecret,
      card: {
        number: card.number,
        expMonth: card.expMonth ?? 12,
        expYear: card.expYear ?? now.getUTCFullYear() + 2,
        cvc: card.cvc ?? '123',
      },
      billingName: 'Card Holder',
    },
  });
  return r;
}

/** A confirmed card setup of the caller's organization: the payment method's id. */
async function newCard(t: TestApp, cookie: string, number: string = TEST_CARDS.success) {
  const r = await confirm(t, await updateKey(t, cookie), { number });
  expect(r.status, r.text).toBe(200);
  expect(r.data.paymentMethod, r.text).toBeDefined();
  return r.data.paymentMethod.id as string;
}

const updatePayment = (t: TestApp, cookie: string, paymentMethod: string) =>
  t.call('POST', '/api/update-default-payment', { cookie, json: { paymentMethod } });

const seconds = (ms: number) => Math.floor(ms / 1000);

describe('pure rules', () => {
  // The Luhn check and the networks are the domain's: domain/cards.test.ts.

  it('a card is valid through its expiry month (UTC)', () => {
    const now = new Date('2030-01-15T09:00:00Z');
    expect(isCardExpired(1, 2030, now)).toBe(false);
    expect(isCardExpired(12, 2029, now)).toBe(true);
    expect(isCardExpired(2, 2030, now)).toBe(false);
  });

  it('dates read like the welcome screen', () => {
    const d = (iso: string) => formatLongDate(new Date(iso));
    expect(d('2025-03-05T12:00:00Z')).toBe('March 5th, 2025');
    expect(d('2025-01-01T00:00:00Z')).toBe('January 1st, 2025');
    expect(d('2025-01-02T00:00:00Z')).toBe('January 2nd, 2025');
    expect(d('2025-01-03T00:00:00Z')).toBe('January 3rd, 2025');
    expect(d('2025-01-11T00:00:00Z')).toBe('January 11th, 2025');
    expect(d('2025-01-12T00:00:00Z')).toBe('January 12th, 2025');
    expect(d('2025-01-13T00:00:00Z')).toBe('January 13th, 2025');
    expect(d('2025-01-21T00:00:00Z')).toBe('January 21st, 2025');
    expect(d('2025-01-22T00:00:00Z')).toBe('January 22nd, 2025');
    expect(d('2025-01-31T00:00:00Z')).toBe('January 31st, 2025');
  });
});

describe('billing and plan (shared app)', () => {
  let t: TestApp;
  let example: string;
  let initrode: string;
  let freshco: string;
  let umbrella: string;
  let orgs: Awaited<ReturnType<typeof makeBillingOrgs>>;
  const sessions = async () => {
    example = await orgs.example.session();
    initrode = await orgs.initrode.session();
    freshco = await orgs.freshco.session();
    umbrella = await orgs.umbrella.session();
  };

  beforeAll(async () => {
    t = await createTestApp();
    orgs = await makeBillingOrgs(t);
    await sessions();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['GET', '/api/customer-billing-info'],
    ['GET', '/api/customer-plan-info'],
    ['POST', '/api/cancel-plan'],
    ['POST', '/api/reactivate-plan'],
    ['GET', '/api/customer-billing-update-key'],
    ['POST', '/api/update-default-payment'],
    ['DELETE', '/api/orgs'],
  ])('%s %s without a session: 401', async (method, path) => {
    const r = await t.call(method, path, {
      json: method === 'POST' ? { paymentMethod: 'pm_x' } : undefined,
    });
    expect(r.status).toBe(401);
  });

  describe('the four billing states', () => {
    it('Example: active, renews within a billing period, 12000 cents, visa 4242', async () => {
      const b = await billing(t, example);
      const now = t.clock.now().getTime();
      expect(b.subscription).toMatchObject({ status: 'active', invoice: false, amountDue: 12_000 });
      // The stored period ended before the test clock: the renewal rolled forward.
      expect(b.subscription.renewDate * 1000).toBeGreaterThan(now);
      expect(b.subscription.renewDate * 1000).toBeLessThanOrEqual(now + BILLING_PERIOD_DAYS * DAY);
      expect(b.card).toEqual({ network: 'visa', lastFour: '4242' });

      const p = await plan(t, example);
      expect(p.status).toBe('active');
      expect(p.relevantDate).toBe(b.subscription.renewDate);
      expect(p.statusMessage).toBe(
        `Your plan renews on ${formatLongDate(new Date((p.relevantDate ?? 0) * 1000))}.`,
      );
      expect(await sessionError(t, example)).toBeNull();
    });

    it('Umbrella: billed by invoice, nothing due, no card; the plan tab shows invoice', async () => {
      const b = await billing(t, umbrella);
      expect(b.subscription).toMatchObject({ status: 'active', invoice: true, amountDue: 0 });
      expect(b.card).toBeNull();
      expect(await plan(t, umbrella)).toEqual({
        status: 'invoice',
        statusMessage:
          'Your organization is billed by invoice. Contact support to change your plan.',
        relevantDate: null,
      });
      expect(await sessionError(t, umbrella)).toBeNull();
    });

    it('Initrode: canceled with a mastercard 4444 on file, nothing scheduled', async () => {
      const b = await billing(t, initrode);
      expect(b).toEqual({
        subscription: { status: 'canceled', invoice: false, renewDate: 0, amountDue: 0 },
        card: { network: 'mastercard', lastFour: '4444' },
      });
      const p = await plan(t, initrode);
      expect(p.status).toBe('canceled');
      expect(p.statusMessage).toBe(
        `Your subscription was canceled on ${formatLongDate(new Date((p.relevantDate ?? 0) * 1000))}.`,
      );
      expect((await sessionError(t, initrode))?.type).toBe('update-billing');
    });

    it('Freshco: no plan, no card, and the update-payment warning', async () => {
      expect(await billing(t, freshco)).toEqual({
        subscription: { status: 'none', invoice: false, renewDate: 0, amountDue: 0 },
        card: null,
      });
      expect(await plan(t, freshco)).toEqual({
        status: 'none',
        statusMessage: 'No active plan. Add a card to start your trial.',
        relevantDate: null,
      });
      expect(await sessionError(t, freshco)).toEqual({
        type: 'update-payment',
        ...ERROR_CATALOGUE['update-payment'],
        severity: 'warning',
      });
    });
  });

  describe('the offline card processor', () => {
    it('hands out a client secret shaped like the provider’s and stores only its sha256', async () => {
      const secret = await updateKey(t, example);
      expect(secret).toMatch(/^seti_[0-9a-f]{24}_secret_[0-9a-f]{48}$/);
      const rows = await t.db.select().from(cardSetups);
      const row = rows.find((r) => r.secretHash === hashToken(secret));
      expect(row).toBeDefined();
      expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('refuses a number failing Luhn, an expired card and the declined card, keeping the setup usable', async () => {
      const secret = await updateKey(t, example);
      const year = t.clock.now().getUTCFullYear();
      const month = t.clock.now().getUTCMonth() + 1;
      expect((await confirm(t, secret, { number: BAD_LUHN })).data).toEqual({
        error: CARD_MESSAGES.incorrectNumber,
      });
      expect(
        (await confirm(t, secret, { number: TEST_CARDS.success, expYear: year - 1 })).data,
      ).toEqual({ error: 'Your card has expired.' });
      expect((await confirm(t, secret, { number: TEST_CARDS.declined })).data).toEqual({
        error: 'Your card was declined.',
      });
      expect(CARD_MESSAGES.incorrectNumber).toBe('Your card number is incorrect.');
      // A card that expires this month still works; the setup was not used up by the failures.
      const ok = await confirm(t, secret, {
        number: TEST_CARDS.success,
        expMonth: month,
        expYear: year,
      });
      expect(ok.status).toBe(200);
      expect(ok.data.paymentMethod).toMatchObject({ network: 'visa', lastFour: '4242' });
      expect(ok.data.paymentMethod.id).toMatch(/^pm_[0-9a-f]{24}$/);
    });

    it('a client secret works once', async () => {
      const secret = await updateKey(t, example);
      expect((await confirm(t, secret, { number: MASTERCARD })).data.paymentMethod).toMatchObject({
        network: 'mastercard',
        lastFour: '4444',
      });
      expect((await confirm(t, secret, { number: MASTERCARD })).data).toEqual({
        error: CARD_MESSAGES.setupInvalid,
      });
    });

    it('names the network the card field names (Discover 644–649 and 622126–622925 too)', async () => {
      for (const number of [DISCOVER_644, DISCOVER_CO_BRANDED]) {
        const secret = await updateKey(t, example);
        expect((await confirm(t, secret, { number })).data.paymentMethod).toMatchObject({
          network: 'discover',
          lastFour: number.slice(-4),
        });
      }
    });

    it('an expired or unknown client secret is refused', async () => {
      const secret = await updateKey(t, example);
      t.clock.advance(60 * 60 * 1000);
      expect((await confirm(t, secret, { number: TEST_CARDS.success })).data).toEqual({
        error: CARD_MESSAGES.setupInvalid,
      });
      expect(
        (await confirm(t, 'seti_nope_secret_nope', { number: TEST_CARDS.success })).data,
      ).toEqual({ error: CARD_MESSAGES.setupInvalid });
      // Sessions last 12 hours: new sessions for everybody after moving the clock.
      await sessions();
    });

    it('a malformed request is a 400', async () => {
      const secret = await updateKey(t, example);
      const r = await confirm(t, secret, { number: '4242-4242-4242-4242' });
      expect(r.status).toBe(400);
      const cvc = await confirm(t, secret, { number: TEST_CARDS.success, cvc: '12' });
      expect(cvc.status).toBe(400);
    });
  });

  describe('the default payment method', () => {
    it('Example: a new card becomes the default, the replaced one is detached, the plan stays', async () => {
      const before = await billing(t, example);
      const id = await newCard(t, example, MASTERCARD);
      const r = await updatePayment(t, example, id);
      expect(r.status, r.text).toBe(200);
      expect(r.data).toEqual({ status: 'active' });
      const after = await billing(t, example);
      expect(after.card).toEqual({ network: 'mastercard', lastFour: '4444' });
      expect(after.subscription).toEqual(before.subscription);
      const org = await findOrgBySlug(t.db, orgs.example.slug);
      const defaults = await t.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.orgId, org?.id as number));
      expect(defaults.filter((m) => m.isDefault).map((m) => m.id)).toEqual([id]);
      expect(defaults.some((m) => m.lastFour === '4242' && m.isDefault)).toBe(false);
      // Sending it again changes nothing.
      expect((await updatePayment(t, example, id)).data).toEqual({ status: 'active' });
    });

    it('the incomplete test card answers incomplete and does not become the default', async () => {
      const id = await newCard(t, example, TEST_CARDS.incomplete);
      const r = await updatePayment(t, example, id);
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ status: 'incomplete' });
      expect((await billing(t, example)).card).toEqual({ network: 'mastercard', lastFour: '4444' });
      expect((await plan(t, example)).status).toBe('active');
    });

    it('another organization’s payment method, an unknown id or one without a setup: 404', async () => {
      const exampleCard = await newCard(t, example);
      const r = await updatePayment(t, freshco, exampleCard);
      expect(r.status).toBe(404);
      expect(r.data).toEqual({ error: BILLING_MESSAGES.paymentMethodNotFound });
      expect((await updatePayment(t, example, 'pm_unknown')).status).toBe(404);

      const org = await findOrgBySlug(t.db, orgs.example.slug);
      await t.db.insert(paymentMethods).values({
        id: 'pm_0000000000000000aaaa',
        orgId: org?.id as number,
        network: 'visa',
        lastFour: '1111',
        expMonth: 1,
        expYear: 2040,
        createdAt: t.clock.now(),
      });
      expect((await updatePayment(t, example, 'pm_0000000000000000aaaa')).status).toBe(404);
      // Freshco is untouched.
      expect((await plan(t, freshco)).status).toBe('none');
    });

    it('a canceled plan: reactivate first (409)', async () => {
      const id = await newCard(t, initrode);
      const r = await updatePayment(t, initrode, id);
      expect(r.status).toBe(409);
      expect(r.data).toEqual({ error: BILLING_MESSAGES.updateWhileCanceled });
      expect((await billing(t, initrode)).card).toEqual({
        network: 'mastercard',
        lastFour: '4444',
      });
    });

    it('a body without a payment method is a 400', async () => {
      const r = await t.call('POST', '/api/update-default-payment', { cookie: example, json: {} });
      expect(r.status).toBe(400);
    });
  });

  describe('cancel and reactivate', () => {
    it('Example: cancel, cancel again (409), reactivate, reactivate again (409)', async () => {
      const renewDate = (await billing(t, example)).subscription.renewDate;
      const cancel = await t.call('POST', '/api/cancel-plan', { cookie: example });
      expect(cancel.status, cancel.text).toBe(200);
      expect(cancel.data).toEqual({});
      const p = await plan(t, example);
      expect(p.status).toBe('canceled');
      expect(p.relevantDate).toBe(seconds(t.clock.now().getTime()));
      expect((await billing(t, example)).subscription).toMatchObject({
        renewDate: 0,
        amountDue: 0,
      });
      expect((await sessionError(t, example))?.type).toBe('update-billing');

      const again = await t.call('POST', '/api/cancel-plan', { cookie: example });
      expect(again.status).toBe(409);
      expect(again.data).toEqual({ error: BILLING_MESSAGES.alreadyCanceled });

      const re = await t.call('POST', '/api/reactivate-plan', { cookie: example });
      expect(re.status, re.text).toBe(200);
      expect(re.data).toEqual({});
      expect(await billing(t, example)).toMatchObject({
        subscription: { status: 'active', renewDate, amountDue: 12_000 },
      });
      expect(await sessionError(t, example)).toBeNull();

      const reAgain = await t.call('POST', '/api/reactivate-plan', { cookie: example });
      expect(reAgain.status).toBe(409);
      expect(reAgain.data).toEqual({ error: BILLING_MESSAGES.notCanceled });
    });

    it('invoice and none cannot be canceled; none cannot be reactivated', async () => {
      const g = await t.call('POST', '/api/cancel-plan', { cookie: umbrella });
      expect(g.status).toBe(409);
      expect(g.data).toEqual({ error: BILLING_MESSAGES.invoiceCancel });
      const n = await t.call('POST', '/api/cancel-plan', { cookie: freshco });
      expect(n.status).toBe(409);
      expect(n.data).toEqual({ error: BILLING_MESSAGES.nothingToCancel });
      expect((await t.call('POST', '/api/reactivate-plan', { cookie: freshco })).status).toBe(409);
    });

    it('Initrode: reactivating starts a new billing period from now', async () => {
      const r = await t.call('POST', '/api/reactivate-plan', { cookie: initrode });
      expect(r.status, r.text).toBe(200);
      const b = await billing(t, initrode);
      expect(b.subscription.status).toBe('active');
      // The stored period end lies before the test clock.
      expect(b.subscription.renewDate).toBe(
        seconds(t.clock.now().getTime() + BILLING_PERIOD_DAYS * DAY),
      );
      expect(b.subscription.amountDue).toBe(4_800);
      expect(await sessionError(t, initrode)).toBeNull();
      // Back to canceled for the tests after this one.
      expect((await t.call('POST', '/api/cancel-plan', { cookie: initrode })).status).toBe(200);
    });

    it('reactivating without a card on file: 409', async () => {
      const org = await findOrgBySlug(t.db, orgs.initrode.slug);
      await t.db.delete(paymentMethods).where(eq(paymentMethods.orgId, org?.id as number));
      const r = await t.call('POST', '/api/reactivate-plan', { cookie: initrode });
      expect(r.status).toBe(409);
      expect(r.data).toEqual({ error: BILLING_MESSAGES.reactivateNeedsCard });
    });
  });

  describe('deleting is for canceled and none only', () => {
    it('Example (active) and Umbrella (invoice): 409, nothing deleted', async () => {
      const a = await t.call('DELETE', '/api/orgs', { cookie: example });
      expect(a.status).toBe(409);
      expect(a.data).toEqual({ error: BILLING_MESSAGES.deleteActive });
      const g = await t.call('DELETE', '/api/orgs', { cookie: umbrella });
      expect(g.status).toBe(409);
      expect(g.data).toEqual({ error: BILLING_MESSAGES.deleteInvoice });
      expect(await findOrgBySlug(t.db, orgs.example.slug)).not.toBeNull();
      expect((await t.call('GET', '/api/session', { cookie: example })).status).toBe(200);
    });
  });
});

describe('Freshco: the trial welcome', () => {
  let t: TestApp;
  let org: TestOrg;
  let freshco: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await makeOrg(t, { name: 'Freshco', plan: 'none' });
    freshco = org.cookie;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('the incomplete card starts nothing; a good card starts the 7-day trial and ends the warning', async () => {
    const incomplete = await newCard(t, freshco, TEST_CARDS.incomplete);
    expect((await updatePayment(t, freshco, incomplete)).data).toEqual({ status: 'incomplete' });
    expect((await plan(t, freshco)).status).toBe('none');
    expect((await billing(t, freshco)).card).toBeNull();
    expect((await sessionError(t, freshco))?.type).toBe('update-payment');

    const id = await newCard(t, freshco);
    const r = await updatePayment(t, freshco, id);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ status: 'trialing' });

    const trialEnd = seconds(t.clock.now().getTime() + TRIAL_DAYS * DAY);
    expect(await plan(t, freshco)).toEqual({
      status: 'trialing',
      statusMessage: `Your trial ends on ${formatLongDate(new Date(trialEnd * 1000))}.`,
      relevantDate: trialEnd,
    });
    expect(formatLongDate(new Date(trialEnd * 1000))).toBe('January 22nd, 2030');
    expect(await billing(t, freshco)).toEqual({
      subscription: {
        status: 'trialing',
        invoice: false,
        renewDate: trialEnd,
        amountDue: PLAN_PRICE_CENTS,
      },
      card: { network: 'visa', lastFour: '4242' },
    });
    expect(await sessionError(t, freshco)).toBeNull();

    // The administrator became the first member (docs/product/billing.md, "Trial welcome"), once.
    const list = await t.call('GET', '/api/orgs/members', { cookie: freshco });
    const owners = (list.data as { members: { email: string }[] }).members.filter(
      (m) => m.email === org.admin.email,
    );
    expect(owners).toHaveLength(1);
  });

  it('canceled during the trial: reactivating resumes the trial', async () => {
    expect((await t.call('POST', '/api/cancel-plan', { cookie: freshco })).status).toBe(200);
    expect((await sessionError(t, freshco))?.type).toBe('update-billing');
    expect((await t.call('POST', '/api/reactivate-plan', { cookie: freshco })).status).toBe(200);
    expect((await plan(t, freshco)).status).toBe('trialing');
  });

  it('once the trial has ended the plan is active, renewing a period after the trial end', async () => {
    const trialEnd = (await plan(t, freshco)).relevantDate as number;
    t.clock.advance((TRIAL_DAYS + 1) * DAY);
    freshco = await org.session();
    const p = await plan(t, freshco);
    expect(p.status).toBe('active');
    expect(p.relevantDate).toBe(trialEnd + BILLING_PERIOD_DAYS * 24 * 60 * 60);
    // Canceled after the trial: reactivating makes it active (not trialing).
    expect((await t.call('POST', '/api/cancel-plan', { cookie: freshco })).status).toBe(200);
    expect((await t.call('POST', '/api/reactivate-plan', { cookie: freshco })).status).toBe(200);
    expect((await plan(t, freshco)).status).toBe('active');
  });
});

/** Row counts per organization id of every table (directly by org_id, or through its parent). */
async function rowsByOrg(t: TestApp): Promise<Map<string, Map<number, number>>> {
  const q = <R>(text: string) => t.handle.runner.transaction((x) => x.query<R>(text));
  const tables = (
    await q<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((r) => r.table_name);
  const withOrgId = new Set(
    (
      await q<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = 'public' AND column_name = 'org_id'`,
      )
    ).map((r) => r.table_name),
  );
  /** Tables that reach their organization through a parent row. */
  const indirect: Record<string, string> = {
    organizations: 'SELECT id AS org_id FROM organizations',
    sessions: 'SELECT u.org_id FROM sessions s JOIN users u ON u.id = s.user_id',
    password_reset_tokens:
      'SELECT u.org_id FROM password_reset_tokens p JOIN users u ON u.id = p.user_id',
    sso_directory_group_members:
      'SELECT g.org_id FROM sso_directory_group_members m JOIN sso_directory_groups g ON g.id = m.group_id',
    scim_group_members:
      'SELECT g.org_id FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id',
    device_reports: 'SELECT d.org_id FROM device_reports r JOIN devices d ON d.id = r.device_id',
  };
  /** Not organization data: keyed by e-mail or global. */
  // stripe_events: the ids of Stripe's events already handled (docs/decisions/040-stripe.md).
  const global = new Set([
    'login_throttle',
    'outbox',
    'seed_steps',
    'schema_migrations',
    'stripe_events',
    // The development OpenID Provider's own keys (one set for the server).
    'dev_idp_keys',
  ]);
  const out = new Map<string, Map<number, number>>();
  for (const table of tables) {
    if (global.has(table)) continue;
    const source = withOrgId.has(table) ? `SELECT org_id FROM ${table}` : indirect[table];
    // A new table must say how it belongs to an organization (or be listed as global).
    expect(source, `table ${table}: how does it belong to an organization?`).toBeDefined();
    const rows = await q<{ org_id: number; n: string | number }>(
      `SELECT org_id, count(*) AS n FROM (${source}) x GROUP BY org_id`,
    );
    out.set(table, new Map(rows.map((r) => [Number(r.org_id), Number(r.n)])));
  }
  return out;
}

describe('deleting the organization', () => {
  let t: TestApp;
  let orgs: Awaited<ReturnType<typeof makeBillingOrgs>>;

  beforeAll(async () => {
    t = await createTestApp();
    orgs = await makeBillingOrgs(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('Initrode: every row of it goes in one call, other organizations keep theirs, its sessions end', async () => {
    const initrodeA = await t.signIn(orgs.initrode.admin.email, TEST_PASSWORD);
    const initrodeB = await orgs.initrode.session();
    const example = orgs.example.cookie;
    // Some more rows of Initrode: a card setup and an unused payment method.
    await newCard(t, initrodeA);
    // …and its administrator's own preferences (docs/decisions/060).
    const prefs = await t.call('PATCH', '/api/me/preferences', {
      cookie: initrodeA,
      json: { theme: 'dark' },
    });
    expect(prefs.status, prefs.text).toBe(200);
    const initrodeId = orgs.initrode.id;

    const before = await rowsByOrg(t);
    const initrodeTables = [...before].filter(([, byOrg]) => (byOrg.get(initrodeId) ?? 0) > 0);
    // It has data in many tables (users, sessions, members, devices, subscriptions, cards …).
    expect(initrodeTables.map(([table]) => table)).toEqual(
      expect.arrayContaining([
        'organizations',
        'users',
        'sessions',
        'members',
        'devices',
        'subscriptions',
        'payment_methods',
        'card_setups',
        'admin_preferences',
      ]),
    );

    const r = await t.call('DELETE', '/api/orgs', { cookie: initrodeA });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({});
    expect(r.res.headers.get('set-cookie')).toMatch(/portal_session=;.*Max-Age=0/i);

    const after = await rowsByOrg(t);
    for (const [table, byOrg] of after) {
      expect(byOrg.get(initrodeId) ?? 0, `${table} rows of Initrode`).toBe(0);
      for (const [orgId, n] of before.get(table) ?? new Map<number, number>()) {
        if (orgId !== initrodeId) expect(byOrg.get(orgId), `${table} rows of org ${orgId}`).toBe(n);
      }
    }

    for (const cookie of [initrodeA, initrodeB]) {
      expect((await t.call('GET', '/api/session', { cookie })).status).toBe(401);
      expect((await t.call('GET', '/api/customer-billing-info', { cookie })).status).toBe(401);
    }
    const initrodeLogin = { email: orgs.initrode.admin.email, password: TEST_PASSWORD };
    expect((await t.call('POST', '/api/login', { json: initrodeLogin })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/orgs/lookup', { json: { slug: orgs.initrode.slug } })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/session', { cookie: example })).status).toBe(200);
  });

  it('Freshco (no plan) may be deleted too', async () => {
    const r = await t.call('DELETE', '/api/orgs', { cookie: orgs.freshco.cookie });
    expect(r.status, r.text).toBe(200);
    expect(await findOrgBySlug(t.db, orgs.freshco.slug)).toBeNull();
  });
});

describe('devCreateOrg: a throw-away organization for end-to-end tests', () => {
  let t: TestApp;
  const body = {
    name: 'Throwaway Inc',
    slug: 'throwaway-1',
    adminName: 'Tess Throwaway',
    adminEmail: 'Tess@Throwaway.test',
    password: 'Throwaway-Pass-1!',
  };

  let existing: TestOrg;

  beforeAll(async () => {
    t = await createTestApp();
    existing = await makeOrg(t, { name: 'Example' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('creates an active organization with a card, members, devices and alerts', async () => {
    const r = await t.call('POST', '/api/dev/orgs', { json: body });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ orgId: expect.any(Number), slug: 'throwaway-1' });

    const cookie = await t.signIn('tess@throwaway.test', body.password);
    const session = await t.call('GET', '/api/session', { cookie });
    expect(session.data).toMatchObject({
      user: { name: 'Tess Throwaway', email: 'tess@throwaway.test' },
      organization: { name: 'Throwaway Inc', slug: 'throwaway-1' },
      portalPreferences: { orgId: r.data.orgId },
      error: null,
    });
    expect(await billing(t, cookie)).toMatchObject({
      subscription: { status: 'active', invoice: false, amountDue: PLAN_PRICE_CENTS },
      card: { network: 'visa', lastFour: '4242' },
    });
    const memberList = await t.call('GET', '/api/orgs/members', { cookie });
    expect(memberList.data.members).toHaveLength(DEV_ORG_COUNTS.members);
    const deviceList = await t.call('GET', '/api/orgs?page=1&pageSize=50', { cookie });
    expect(deviceList.data.devices).toHaveLength(DEV_ORG_COUNTS.devices);
    const alertList = await t.call('GET', '/api/alerts?page=1&pageSize=50', { cookie });
    expect(alertList.data.alerts).toHaveLength(DEV_ORG_COUNTS.alerts);

    // The end-to-end path: cancel, then delete; every row is gone.
    expect((await t.call('DELETE', '/api/orgs', { cookie })).status).toBe(409);
    expect((await t.call('POST', '/api/cancel-plan', { cookie })).status).toBe(200);
    expect((await t.call('DELETE', '/api/orgs', { cookie })).status).toBe(200);
    for (const [table, byOrg] of await rowsByOrg(t)) {
      expect(byOrg.get(r.data.orgId) ?? 0, table).toBe(0);
    }
  });

  it('409 for a taken slug or e-mail (nothing left behind), 400 for a weak password', async () => {
    const taken = await t.call('POST', '/api/dev/orgs', { json: { ...body, slug: existing.slug } });
    expect(taken.status).toBe(409);
    const email = await t.call('POST', '/api/dev/orgs', {
      json: { ...body, slug: 'throwaway-2', adminEmail: existing.admin.email },
    });
    expect(email.status).toBe(409);
    expect(await findOrgBySlug(t.db, 'throwaway-2')).toBeNull();
    const weak = await t.call('POST', '/api/dev/orgs', {
      json: { ...body, slug: 'throwaway-3', password: 'short' },
    });
    expect(weak.status).toBe(400);
    const badSlug = await t.call('POST', '/api/dev/orgs', {
      json: { ...body, slug: 'Not A Slug' },
    });
    expect(badSlug.status).toBe(400);
  });

  it('production has neither the card processor nor the organization helper (404)', async () => {
    const prod = createApp({ db: t.db, production: true, logger: captureLogger() });
    for (const path of ['/api/dev/orgs', '/api/dev/card-processor/confirm-setup']) {
      const res = await prod.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({}),
      });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('no card number is stored or logged', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('after setups with every test card, no column of any table holds a full number', async () => {
    const example = (await makeOrg(t, { name: 'Example' })).cookie;
    const freshco = (await makeOrg(t, { name: 'Freshco', plan: 'none' })).cookie;
    for (const number of NUMBERS) {
      await confirm(t, await updateKey(t, example), { number, cvc: '987' });
    }
    await updatePayment(t, freshco, await newCard(t, freshco, TEST_CARDS.incomplete));
    await updatePayment(t, freshco, await newCard(t, freshco, TEST_CARDS.success));
    expect((await plan(t, freshco)).status).toBe('trialing');

    const q = <R>(text: string) => t.handle.runner.transaction((x) => x.query<R>(text));
    const tables = await q<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name: table } of tables) {
      const rows = await q<{ row: string }>(`SELECT t::text AS row FROM ${table} t`);
      const text = rows.map((r) => r.row).join('\n');
      for (const number of NUMBERS)
        expect(text.includes(number), `${table}: ${number}`).toBe(false);
      for (const secret of secrets)
        expect(text.includes(secret), `${table}: a client secret`).toBe(false);
    }
    const columns = await q<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    expect(columns.filter((c) => /cvc|cvv|card_number|pan/i.test(c.column_name))).toEqual([]);
    const stored = await t.db.select().from(paymentMethods);
    expect(stored.length).toBeGreaterThan(0);
    const subs = await t.db.select().from(subscriptions);
    expect(subs.length).toBeGreaterThan(0);

    const log = t.logger.lines.join('\n');
    for (const number of NUMBERS) expect(log).not.toContain(number);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
