/**
 * Secrets never reach the server's log (docs/decisions/021-cross-cutting-checks.md). Flows create
 * every kind of secret — passwords at sign-in and reset, reset and invitation tokens, the SCIM
 * header, the MDM token, the API key, the webhook secret (and a signed delivery), conditional
 * access and SSO client secrets (and a single sign-on's state, nonce, code and session, through a
 * real OpenID Provider), card client secrets and card numbers, enrolment and access codes —
 * first on the happy path, then with every secret-holding table failing (so Drizzle's errors, whose
 * messages carry the statement's parameters, reach the log) and with a failing mailer. The captured
 * log (and the console, where the background tasks of the test harness write) must hold none of
 * them. With Stripe configured (docs/decisions/040-stripe.md): the secret key, the webhook secret
 * and every SetupIntent client secret, through Stripe refusing the key, Stripe down and events
 * with bad signatures.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@contract/billing';
import Stripe from 'stripe';
import { createTestApp } from '../test-support';
import { FakeStripe } from '../test-support/fake-stripe';
import { makeOrg, TEST_PASSWORD, type TestOrg } from '../test-support/factories';
import { passThroughProvider, startTestProvider, type TestProvider } from '../test-support/oidc';

/**
 * An organization with every access, a second administrator (who asks for a reset link) and a
 * blocked one (whose single sign-on is refused).
 */
const makeExample = (t: TestApp) =>
  makeOrg(t, {
    name: 'Example',
    apiAccess: true,
    threatHunterAccess: true,
    admins: [{}, { name: 'Blake Blocked', blocked: true }],
  });

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Everything that must never be logged: exact values, plus the shapes of generated ones. */
const secrets = new Set<string>();
const SECRET_SHAPES: RegExp[] = [
  /Bearer [A-Za-z0-9_-]{20,}/,
  /mdsk_[A-Za-z0-9_-]{20,}/,
  /whsec_[A-Za-z0-9_-]{20,}/,
  /seti_[0-9a-f]{24}_secret_[0-9a-f]{48}/,
  /\/update-password\/[A-Za-z0-9_-]{20,}/,
  /v1=[0-9a-f]{64}/,
  /dvc_[A-Za-z0-9_-]{20,}/,
];
const keep = (value: unknown) => {
  if (typeof value === 'string' && value.length >= 4) secrets.add(value);
};

const consoleLines: string[] = [];
beforeEach(() => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A webhook receiver on 127.0.0.1 that answers 204 and records the signatures it got. */
let receiver: http.Server;
let receiverUrl = '';
const signatures: string[] = [];
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    signatures.push(String(req.headers['x-webhook-signature'] ?? ''));
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
/** The OpenID Provider Acme's SSO settings name (the save checks its discovery document). */
let idp: TestProvider;
const ssoSecretOf = (expectOk: boolean) => `sso-client-secret-${expectOk ? 'ok' : 'failing'}-0c3d`;
beforeAll(async () => {
  idp = await startTestProvider({
    clients: [true, false].map((ok) => ({
      clientId: `sso-client-${ok}`,
      clientSecret: ssoSecretOf(ok),
      redirectUris: ['http://localhost/api/oauth/callback'],
    })),
  });
});
afterAll(async () => {
  await idp.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function expectNoSecretIn(log: string, where: string) {
  expect(secrets.size).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(log.includes(secret), `${where} holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
  }
  for (const shape of SECRET_SHAPES) expect(log, where).not.toMatch(shape);
}

async function outboxTexts(t: TestApp): Promise<string[]> {
  await t.settle();
  const r = await t.call('GET', '/api/dev/outbox');
  return (r.data.messages as Array<{ text: string }>).map((m) => m.text);
}

/** Every secret-making flow; `expectOk` is false when the database or the mailer is failing. */
async function runFlows(t: TestApp, org: TestOrg, expectOk: boolean) {
  const { cookie } = org;
  const call = async (method: string, path: string, json?: unknown) => {
    const r = await t.call(method, path, { cookie, json });
    if (expectOk) expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
    return r;
  };
  const wrong = 'Wrong-Secret-Pass-1!';
  keep(wrong);
  keep(TEST_PASSWORD);
  await t.call('POST', '/api/login', { json: { email: org.admin.email, password: wrong } });
  await t.call('POST', '/api/login', { json: { email: 'nobody@example.test', password: wrong } });

  keep((await call('POST', '/api/orgs/scim', { enable: true })).data?.authHeader);
  keep((await call('POST', '/api/orgs/mdm', { enable: true })).data?.token);
  keep((await call('POST', '/api/api/token', { tokenExpiration: 'SIX_MONTHS' })).data?.token);
  keep((await call('GET', '/api/orgs/webhook-secret')).data?.secret);
  await call('POST', '/api/orgs/webhook', { url: receiverUrl });
  for (const s of signatures) keep(s);

  const caSecret = `ca-client-secret-${expectOk ? 'ok' : 'failing'}-5f1e9a`;
  const jwkD = `jwk-private-d-${expectOk ? 'ok' : 'failing'}-77ab`;
  keep(caSecret);
  keep(jwkD);
  await call('POST', '/api/orgs/conditional-access/config', {
    tenant: 'example.onmicrosoft.com',
    clientId: 'ca-client-id',
    clientSecret: caSecret,
    userExtension: 'extension_x',
    groupId: 'group-1',
    provider: 'azure',
    active: true,
  });
  await call('POST', '/api/orgs/conditional-access/config', {
    tenant: 'example.okta.com',
    clientId: 'okta-client',
    clientSecret: JSON.stringify({ kty: 'RSA', n: 'abc', e: 'AQAB', d: jwkD }),
    userExtension: 'x',
    groupId: 'g',
    provider: 'okta',
    active: false,
  });
  const ssoSecret = ssoSecretOf(expectOk);
  keep(ssoSecret);
  await call('POST', '/api/orgs/sso', {
    slug: org.slug,
    provider: 'okta',
    clientId: `sso-client-${expectOk}`,
    clientSecret: ssoSecret,
    tenant: idp.issuer,
  });
  if (expectOk) {
    // Single sign-ons through the provider: one that succeeds, one refused (a blocked
    // administrator, which is logged): their state, nonce, PKCE challenge, code and session.
    for (const email of [org.admin.email, org.admins[2]!.email]) {
      const started = await t.call('GET', `/api/oauth/login?slug=${org.slug}`);
      const location = started.res.headers.get('location') ?? '';
      const params = new URL(location).searchParams;
      for (const name of ['state', 'nonce', 'code_challenge']) keep(params.get(name));
      const browser = /portal_oidc=[^;]+/.exec(started.res.headers.get('set-cookie') ?? '')?.[0];
      keep(browser);
      const back = await passThroughProvider(location, email);
      keep(back.searchParams.get('code'));
      const done = await t.call('GET', `${back.pathname}${back.search}`, { cookie: browser });
      expect(done.res.headers.get('location')).toMatch(
        /^\/(sso-login|error\?type=sso-unauthorized)$/,
      );
      keep(/portal_session=([^;]+)/.exec(done.res.headers.get('set-cookie') ?? '')?.[1]);
    }
  }

  const key = await call('GET', '/api/customer-billing-update-key');
  const clientSecret = key.data?.clientSecret as string | undefined;
  keep(clientSecret);
  keep(TEST_CARDS.success);
  keep('4000000000000002');
  for (const number of [TEST_CARDS.success, '4000000000000002']) {
    const confirmed = await t.call('POST', '/api/dev/card-processor/confirm-setup', {
      json: {
        clientSecret: clientSecret ?? 'seti_unknown',
        card: { number, expMonth: 11, expYear: 2091, cvc: '9731' },
        billingName: 'Billing Name Secretly',
      },
    });
    if (confirmed.data?.paymentMethod) {
      await call('POST', '/api/update-default-payment', {
        paymentMethod: confirmed.data.paymentMethod.id,
      });
    }
  }
  keep('9731');

  const invitee = `invitee.${expectOk ? 'ok' : 'failing'}@example.test`;
  await call('POST', '/api/orgs/add-admin', { name: 'Ivy Invitee', email: invitee });
  await call('POST', '/api/threat-hunter/user', { name: 'Hunter Secret', email: `h.${invitee}` });
  const hunters = await t.call('GET', '/api/threat-hunter/users', { cookie });
  for (const h of hunters.data?.threatHunterUsers ?? []) keep(h.accessCode);
  await call('POST', '/api/orgs/create-members?email=true', {
    members: [{ name: 'Enrolled Person', email: `enrolled.${invitee}` }],
  });
  await call('POST', '/api/orgs/email-all-members');

  // A password reset: the token (e-mailed) and the new password.
  await t.call('POST', '/api/reset-password', { json: { email: org.admins[1]!.email } });
  const token = /\/update-password\/([A-Za-z0-9_-]+)/.exec(
    (await outboxTexts(t)).find((m) => m.includes('reset the password')) ?? '',
  )?.[1];
  const newPassword = `New-Secret-Pass-${expectOk ? 1 : 2}!`;
  keep(newPassword);
  keep(token);
  await t.call('POST', '/api/update-password', {
    json: { requestToken: token ?? 'x'.repeat(43), password: newPassword },
  });
  await t.call('POST', '/api/update-password', {
    json: { requestToken: token ?? 'x'.repeat(43), password: newPassword },
  });
  await t.call('POST', '/api/dev/orgs', {
    json: {
      name: 'Secretive',
      slug: `secretive-${expectOk ? 'a' : 'b'}`,
      adminName: 'Sec Retive',
      adminEmail: `sec.${invitee}`,
      password: 'Dev-Org-Secret-1!',
    },
  });
  keep('Dev-Org-Secret-1!');

  // Every secret that went out by e-mail (enrolment codes, invitation and reset links).
  for (const text of await outboxTexts(t)) {
    for (const [link] of text.matchAll(/\/update-password\/[A-Za-z0-9_-]+/g)) keep(link);
    for (const [code] of text.matchAll(/\b[A-Z2-9]{4}-[A-Z2-9]{4}\b/g)) keep(code);
  }

  // The device API (docs/decisions/051-device-api.md): the enrolled person's phone enrols with
  // their code; its credential travels in the answer and then in every Authorization header.
  const mails = (await t.call('GET', '/api/dev/outbox')).data.messages as Array<{
    to: string;
    text: string;
  }>;
  const enrolCode = /\b[A-Z2-9]{4}-[A-Z2-9]{4}\b/.exec(
    mails.find((m) => m.to === `enrolled.${invitee}`)?.text ?? '',
  )?.[0];
  const device = await t.app.request('/api/device/v1/enroll', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: enrolCode ?? 'ZZZZ-ZZZZ',
      device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
    }),
  });
  const credential = device.ok ? ((await device.json()) as { credential: string }).credential : '';
  if (expectOk) expect(credential).toMatch(/^dvc_/);
  keep(credential);
  const auth = { authorization: `Bearer ${credential || 'dvc_missing'}` };
  await t.app.request('/api/device/v1/scans', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      reportId: crypto.randomUUID(),
      scannedAt: new Date().toISOString(),
      osVersion: '14',
      screenLock: true,
      findings: [{ threatId: 't.1', name: 'Trojan', severity: 'critical', category: 'malware' }],
    }),
  });
  await t.app.request('/api/device/v1/heartbeat', { method: 'POST', headers: auth });
  await t.settle();
}

describe('secrets in the server log', () => {
  // Every e-mail of the organization (email-all-members) is now a job rendered with its HTML part:
  // more work than the default timeout allows on a loaded machine.
  it('the happy path logs none of them (and really made them)', async () => {
    const t = await createTestApp();
    try {
      const org = await makeExample(t);
      await runFlows(t, org, true);
      expect(signatures.length).toBeGreaterThan(0);
      expect([...secrets].some((s) => s.startsWith('Bearer '))).toBe(true);
      expect([...secrets].some((s) => s.startsWith('mdsk_'))).toBe(true);
      expect([...secrets].some((s) => s.startsWith('whsec_'))).toBe(true);
      expect([...secrets].some((s) => s.startsWith('seti_'))).toBe(true);
      expect([...secrets].some((s) => s.startsWith('/update-password/'))).toBe(true);
      expect(t.logger.lines.join('\n')).toContain('[sso] sign-in for organization');
      expectNoSecretIn(t.logger.lines.join('\n'), 'the log');
      expectNoSecretIn(consoleLines.join('\n'), 'the console');
    } finally {
      await t.close();
    }
  }, 120_000);

  it('failing tables: Drizzle’s errors (with the statement’s parameters) are logged without them', async () => {
    const t = await createTestApp();
    try {
      const org = await makeExample(t);
      await t.db.execute(sql`
        CREATE FUNCTION fail_always() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'storage failure'; END $$`);
      for (const table of [
        'org_credentials',
        'api_keys',
        'webhooks',
        'conditional_access',
        'sso_configs',
        'card_setups',
        'payment_methods',
        'threat_hunter_users',
        'members',
        'users',
        'password_reset_tokens',
        'organizations',
      ]) {
        await t.db.execute(
          sql.raw(
            `CREATE TRIGGER fail_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_always()`,
          ),
        );
      }
      // Secrets the server would generate and store: what the failing statements carry.
      await runFlows(t, org, false);
      // A signed-in browser's calls and a sign-in with the right password (the session insert
      // still works; users cannot be updated) reach the log as 500s.
      await t.call('POST', '/api/login', {
        json: { email: org.admin.email, password: TEST_PASSWORD },
      });
      const log = t.logger.lines.join('\n');
      expect(log).toMatch(/failed:/);
      expect(log).toMatch(/params: \[redacted\]/);
      expect(log).not.toMatch(/\nparams: (?!\[redacted\])/);
      expectNoSecretIn(log, 'the log');
      expectNoSecretIn(consoleLines.join('\n'), 'the console');
    } finally {
      await t.close();
    }
  });

  it('a failing mailer: the failures are logged without addresses’ secrets', async () => {
    const t = await createTestApp({
      mailer: { send: () => Promise.reject(new Error('SMTP 554 message rejected')) },
    });
    try {
      const org = await makeExample(t);
      await runFlows(t, org, false);
      const log = [...t.logger.lines, ...consoleLines].join('\n');
      expect(log).toMatch(/SMTP 554|could not be sent/);
      expectNoSecretIn(log, 'the log');
    } finally {
      await t.close();
    }
  });
});

describe('with Stripe configured', () => {
  it('the secret key, the webhook secret and client secrets stay out of every log line', async () => {
    const settings = {
      secretKey: 'sk_test_51SecretsCheckKeyNeverLogged',
      webhookSecret: 'whsec_SecretsCheckSecretNeverLogged',
      priceId: 'price_1Secrets',
    };
    const fake = new FakeStripe(settings.secretKey, settings.priceId);
    const t = await createTestApp({
      stripe: { ...settings, api: await fake.start(), deadlineMs: 1_000 },
    });
    try {
      keep(settings.secretKey);
      keep(settings.webhookSecret);
      // Freshco: no plan yet (its first card starts the trial).
      const freshco = await makeOrg(t, { name: 'Freshco', plan: 'none' });
      const cookie = await t.signIn(freshco.admin.email, TEST_PASSWORD);
      const key = await t.call('GET', '/api/customer-billing-update-key', { cookie });
      keep(key.data.clientSecret);
      const pm = fake.confirmSetup(key.data.clientSecret, {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
      });
      await t.call('POST', '/api/update-default-payment', { cookie, json: { paymentMethod: pm } });
      // Events: one good, one signed with another secret, one tampered.
      const payload = JSON.stringify({
        id: 'evt_secretscheck1',
        object: 'event',
        created: Math.floor(t.clock.now().getTime() / 1000),
        type: 'setup_intent.succeeded',
        data: { object: { id: 'seti_1', object: 'setup_intent', customer: null } },
      });
      const signer = new Stripe('sk_test_signing_only');
      const timestamp = Math.floor(t.clock.now().getTime() / 1000);
      for (const secret of [settings.webhookSecret, 'whsec_AnotherSecretEntirely']) {
        const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
        for (const body of [payload, payload.replace('secretscheck1', 'secretscheck2')]) {
          await t.app.request('/api/stripe/webhook', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            body,
          });
        }
      }
      // Stripe refusing the key, then Stripe down: the failures are logged, without secrets.
      fake.failWith = 500;
      t.clock.advance(120_000);
      expect((await t.call('GET', '/api/customer-billing-info', { cookie })).status).toBe(503);
      fake.failWith = null;
      // An organization of the built-in processor (in the shared database): its first card setup
      // makes a customer.
      const example = await makeOrg(t, { name: 'Example' });
      const refused = new FakeStripe('sk_test_51SomeOtherAccountKey', settings.priceId);
      const other = await createTestApp({
        db: t.db,
        stripe: { ...settings, api: await refused.start(), deadlineMs: 1_000 },
      });
      try {
        const r = await other.call('GET', '/api/customer-billing-update-key', {
          cookie: await other.signIn(example.admin.email, TEST_PASSWORD),
        });
        expect(r.status).toBe(502);
        expect(other.logger.lines.join('\n')).toMatch(/\[stripe\] customer create failed/);
        expectNoSecretIn(other.logger.lines.join('\n'), 'the log');
      } finally {
        await other.close();
        await refused.close();
      }
      expect(t.logger.lines.join('\n')).toMatch(/webhook refused: bad signature/);
      expectNoSecretIn(t.logger.lines.join('\n'), 'the log');
      expectNoSecretIn(consoleLines.join('\n'), 'the console');
    } finally {
      await t.close();
      await fake.close();
    }
  }, 120_000);
});
