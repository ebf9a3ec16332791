/**
 * Integrations (docs/product/integrations.md): API key, webhook (with a real receiver on
 * 127.0.0.1), conditional access and its removal job — on organizations the tests make
 * (test-support/factories.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  DEFAULT_CONDITIONAL_ACCESS_POLICY as DEFAULT_POLICY,
} from '@domain/conditional-access';
import type {
  SaveConditionalAccessConfigBody,
  UpdatePolicyBody,
} from '@contract/conditional-access';
import { apiKeys, conditionalAccess, jobs, members, organizations } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { findOrgByApiKey } from './api-keys-data';
import { blockedMemberIds, requestRemoval } from './conditional-access-data';
import { createApp } from '../app';
import { JobQueue } from '../queue/queue';
import { CONDITIONAL_ACCESS_REMOVAL_JOB } from '../system/jobs';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { addUtcMonths, apiKeyDisplay, apiKeyExpiry } from './api-key';
import {
  checkWebhookUrl,
  isLoopbackHost,
  isPublicAddress,
  WEBHOOK_URL_MESSAGES,
} from './webhook-url';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_TEST_MESSAGE } from '@contract/webhook-events';
import {
  isWebhookSecret,
  newWebhookSecret,
  signatureHeaders,
  WEBHOOK_HEADERS,
} from './webhook-signature';
import { connectionFailure } from './webhook-delivery';
import { checkConditionalAccessConfig, CONDITIONAL_ACCESS_MESSAGES } from './conditional-access';
import { API_TOKEN_MESSAGES } from './api-token-routes';
import { REMOVAL_REQUESTED } from './conditional-access-routes';
import { WEBHOOK_MESSAGES } from './webhook-routes';
import { captureLogger, createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const WEBHOOK_TIMEOUT_MS = 300;
const REMOVAL_DELAY_MS = 250;

let t: TestApp;
let exampleAdmin: string;
let initrodeAdmin: string;
let umbrellaAdmin: string;
let exampleId: number;
let umbrellaId: number;
let exampleKey: { display: string; expiresAt: Date };
/** Every secret handed out during the run: none may show up in the log. */
const secrets: string[] = [];

/** Umbrella's conditional access: Okta, set up and active, with two members blocked. */
const UMBRELLA_CONDITIONAL_ACCESS: SaveConditionalAccessConfigBody = {
  provider: 'okta',
  tenant: 'umbrella.okta.com',
  clientId: '0oa8testumbrellaca',
  clientSecret:
    '{"kty":"RSA","kid":"umbrella-test","alg":"RS256","n":"u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0_IzW7yWR7QkrmBL7jTKEn5u-qKhbwKfBstIs-bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW_VDL5AaWTg0nLVkjRo9z-40RQzuVaE8AkAFmxZzow3x-VJYKdjykkJ0iT9wCS0DRTXu269V264Vf_3jvredZiKRkgwlL9xNAwxXFg0x_XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC-9aGVd-Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmw","e":"AQAB","d":"test-only-not-a-real-private-exponent"}',
  userExtension: 'mobileSecurityBlocked',
  groupId: '00g8testblockedgrp',
  active: true,
};
const UMBRELLA_POLICY: UpdatePolicyBody = {
  alertSeverity: 'HIGH_AND_CRITICAL',
  outdatedOSPeriod: 'SEVEN_DAYS',
  deviceIntegrityPeriod: 'TWO_WEEKS',
  screenLockEnabled: true,
};
const UMBRELLA_BLOCKED_MEMBERS = [0, 1];

/**
 * Example: API access with a key that expired a month before the test clock, and members;
 * Initrode: no API access; Umbrella: SSO only, with conditional access set up.
 */
beforeAll(async () => {
  t = await createTestApp({
    integrations: {
      webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
      conditionalAccessRemovalDelayMs: REMOVAL_DELAY_MS,
    },
  });
  const now = t.clock.now();
  const example = await makeOrg(t, {
    name: 'Example',
    members: 5,
    apiKey: {
      createdAt: addUtcMonths(now, -13),
      expiresAt: addUtcMonths(now, -1),
    },
  });
  const initrode = await makeOrg(t, { name: 'Initrode' });
  const umbrella = await makeOrg(t, {
    name: 'Umbrella',
    sso: 'okta',
    admin: { password: null },
    members: 4,
    conditionalAccess: {
      ...UMBRELLA_CONDITIONAL_ACCESS,
      ...UMBRELLA_POLICY,
      blockedMembers: UMBRELLA_BLOCKED_MEMBERS,
    },
  });
  exampleAdmin = example.cookie;
  initrodeAdmin = initrode.cookie;
  umbrellaAdmin = umbrella.cookie;
  exampleId = example.id;
  umbrellaId = umbrella.id;
  exampleKey = { display: apiKeyDisplay(example.apiKey!), expiresAt: addUtcMonths(now, -1) };
  secrets.push(example.apiKey!);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/api/token'],
    ['POST', '/api/api/token'],
    ['DELETE', '/api/api/token'],
    ['GET', '/api/orgs/webhook'],
    ['POST', '/api/orgs/webhook'],
    ['DELETE', '/api/orgs/webhook'],
    ['GET', '/api/orgs/webhook-secret'],
    ['GET', '/api/orgs/conditional-access/config'],
    ['POST', '/api/orgs/conditional-access/config'],
    ['DELETE', '/api/orgs/conditional-access'],
    ['GET', '/api/orgs/conditional-access/policy'],
    ['PUT', '/api/orgs/conditional-access/policy'],
  ])('%s %s answers 401', async (method, path) => {
    const json = method === 'GET' || method === 'DELETE' ? undefined : {};
    const r = await t.call(method, path, { json });
    expect(r.status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// API key

describe('API key (pure)', () => {
  it('expiry: calendar months in UTC, clamped to the month’s end; never → null', () => {
    const now = new Date('2030-08-31T10:00:00Z');
    expect(apiKeyExpiry('SIX_MONTHS', now)?.toISOString()).toBe('2031-02-28T10:00:00.000Z');
    expect(apiKeyExpiry('ONE_YEAR', now)?.toISOString()).toBe('2031-08-31T10:00:00.000Z');
    expect(apiKeyExpiry('NEVER', now)).toBeNull();
    expect(addUtcMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });

  it('display form: prefix and last four characters', () => {
    expect(apiKeyDisplay(`mdsk_${'a'.repeat(39)}WxYz`)).toBe('mdsk_…WxYz');
  });
});

describe('API key', () => {
  const get = (cookie = exampleAdmin) => t.call('GET', '/api/api/token', { cookie });
  const generate = (json: unknown = {}, cookie = exampleAdmin) =>
    t.call('POST', '/api/api/token', { cookie, json });
  const revoke = (cookie = exampleAdmin) => t.call('DELETE', '/api/api/token', { cookie });

  it('answers the stored key’s display form; an expired key is still answered', async () => {
    const r = await get();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({
      token: exampleKey.display,
      expiresAt: exampleKey.expiresAt.toISOString(),
    });
    // The key expired a month before the test clock.
    expect(Date.parse(r.data.expiresAt)).toBeLessThan(t.clock.now().getTime());
  });

  it('generates a key (default one year), answers it once and stores only its hash', async () => {
    const r = await generate();
    expect(r.status, r.text).toBe(200);
    const key: string = r.data.token;
    secrets.push(key);
    expect(key).toMatch(/^mdsk_[A-Za-z0-9_-]{43}$/);
    expect(r.data.expiresAt).toBe(addUtcMonths(t.clock.now(), 12).toISOString());

    const again = await get();
    expect(again.data).toEqual({ token: `mdsk_…${key.slice(-4)}`, expiresAt: r.data.expiresAt });

    const rows = await t.db.select().from(apiKeys).where(eq(apiKeys.orgId, exampleId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(rows)).not.toContain(key.slice(5));

    expect((await findOrgByApiKey(t.db, key, t.clock.now()))?.id).toBe(exampleId);
  });

  it('six months and never', async () => {
    const six = await generate({ tokenExpiration: 'SIX_MONTHS' });
    expect(six.data.expiresAt).toBe(addUtcMonths(t.clock.now(), 6).toISOString());
    secrets.push(six.data.token);
    const never = await generate({ tokenExpiration: 'NEVER' });
    expect(never.data.expiresAt).toBeNull();
    secrets.push(never.data.token);
    expect((await get()).data.expiresAt).toBeNull();
  });

  it('refuses an unknown expiry choice (400)', async () => {
    const r = await generate({ tokenExpiration: 'FOREVER' });
    expect(r.status).toBe(400);
    expect(r.data.issues[0].path).toBe('tokenExpiration');
  });

  it('re-generating invalidates the old key at once', async () => {
    const first = (await generate()).data.token as string;
    const second = (await generate()).data.token as string;
    secrets.push(first, second);
    expect(await findOrgByApiKey(t.db, first, t.clock.now())).toBeNull();
    expect((await findOrgByApiKey(t.db, second, t.clock.now()))?.id).toBe(exampleId);
  });

  it('revoking answers an empty config and invalidates the key', async () => {
    const key = (await generate()).data.token as string;
    secrets.push(key);
    const r = await revoke();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ token: null, expiresAt: null });
    expect((await get()).data).toEqual({ token: null, expiresAt: null });
    expect(await findOrgByApiKey(t.db, key, t.clock.now())).toBeNull();
    // Revoking without a key is fine too.
    expect((await revoke()).status).toBe(200);
  });

  it('an expired key is refused but still shown', async () => {
    const key = (await generate({ tokenExpiration: 'SIX_MONTHS' })).data.token as string;
    secrets.push(key);
    const expiresAt = addUtcMonths(t.clock.now(), 6);
    expect(await findOrgByApiKey(t.db, key, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(await findOrgByApiKey(t.db, key, expiresAt)).toBeNull();
    expect((await get()).data.expiresAt).toBe(expiresAt.toISOString());
  });

  it('refuses malformed keys and keys of an organization whose API access ended', async () => {
    expect(await findOrgByApiKey(t.db, 'mdsk_short', t.clock.now())).toBeNull();
    expect(await findOrgByApiKey(t.db, '', t.clock.now())).toBeNull();
    const key = (await generate({ tokenExpiration: 'NEVER' })).data.token as string;
    secrets.push(key);
    await t.db
      .update(organizations)
      .set({ apiAccess: false })
      .where(eq(organizations.id, exampleId));
    try {
      expect(await findOrgByApiKey(t.db, key, t.clock.now())).toBeNull();
    } finally {
      await t.db
        .update(organizations)
        .set({ apiAccess: true })
        .where(eq(organizations.id, exampleId));
    }
    expect((await findOrgByApiKey(t.db, key, t.clock.now()))?.id).toBe(exampleId);
  });

  it('answers 403 to an organization without API access, and touches nothing', async () => {
    const before = await t.db.select().from(apiKeys);
    for (const r of [
      await get(initrodeAdmin),
      await generate({}, initrodeAdmin),
      await revoke(initrodeAdmin),
    ]) {
      expect(r.status).toBe(403);
      expect(r.data).toEqual({ error: API_TOKEN_MESSAGES.noAccess });
    }
    expect(await t.db.select().from(apiKeys)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Webhook

describe('webhook URL rules (pure)', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['2002:0a00:0001::1', false],
    ['2001:db8::1', false],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:80b::200e', true],
    ['not-an-ip', false],
  ])('isPublicAddress(%s) → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it('loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.1.2.3', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['10.0.0.1', 'example.com', 'localhost.example.com', '::2'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('development: https anywhere, http only to loopback', () => {
    const dev = (url: string) => checkWebhookUrl(url, { production: false });
    expect(dev('https://hooks.example.com/x').ok).toBe(true);
    expect(dev('https://10.0.0.1/x').ok).toBe(true);
    expect(dev('http://localhost:3000/hook').ok).toBe(true);
    expect(dev('http://127.0.0.1:3000/hook').ok).toBe(true);
    expect(dev('http://[::1]:3000/hook').ok).toBe(true);
    expect(dev('http://hooks.example.com/x')).toEqual({
      ok: false,
      error: WEBHOOK_URL_MESSAGES.https,
    });
    expect(dev('http://10.0.0.1/x')).toEqual({ ok: false, error: WEBHOOK_URL_MESSAGES.https });
    expect(dev('ftp://example.com/x')).toEqual({ ok: false, error: WEBHOOK_URL_MESSAGES.https });
    expect(dev('https://user:pw@example.com/x')).toEqual({
      ok: false,
      error: WEBHOOK_URL_MESSAGES.credentials,
    });
    expect(dev('not a url')).toEqual({ ok: false, error: WEBHOOK_URL_MESSAGES.invalid });
  });

  it('production: https only, never to a private, loopback or link-local IP literal', () => {
    const prod = (url: string) => checkWebhookUrl(url, { production: true });
    expect(prod('https://hooks.example.com/x').ok).toBe(true);
    expect(prod('https://8.8.8.8/x').ok).toBe(true);
    expect(prod('http://127.0.0.1:3000/x')).toEqual({
      ok: false,
      error: WEBHOOK_URL_MESSAGES.https,
    });
    expect(prod('http://hooks.example.com/x')).toEqual({
      ok: false,
      error: WEBHOOK_URL_MESSAGES.https,
    });
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      // WHATWG URL parsing normalises these to 127.0.0.1.
      'https://2130706433/x',
      'https://0x7f.1/x',
    ]) {
      expect(prod(url), url).toEqual({ ok: false, error: WEBHOOK_URL_MESSAGES.privateAddress });
    }
  });

  it('connection failures read clearly', () => {
    expect(connectionFailure({ code: 'ECONNREFUSED' })).toBe(
      'Could not reach the webhook URL: connection refused.',
    );
    expect(connectionFailure({ code: 'ENOTFOUND' })).toBe(
      'Could not reach the webhook URL: the host name could not be resolved.',
    );
    expect(connectionFailure({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })).toBe(
      'Could not reach the webhook URL: its TLS certificate is not valid.',
    );
    expect(connectionFailure(new Error('x'))).toBe(
      'Could not reach the webhook URL: the connection failed.',
    );
  });
});

describe('webhook signature (Standard Webhooks, checked by the standardwebhooks package)', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const body = '{"type":"webhook.test"}';
  const at = new Date(1893574800 * 1000);

  it('signs id.timestamp.body with v1,<base64 HMAC-SHA256> that a receiver verifies in one call', () => {
    const headers = signatureHeaders(secret, 'msg_1', at, body);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe('1893574800');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    try {
      expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'webhook.test' });
      // A changed body, id or secret does not verify.
      expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
      expect(() =>
        new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' }),
      ).toThrow();
      expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('secrets are whsec_ + standard base64 of 32 random bytes', () => {
    const fresh = newWebhookSecret();
    expect(isWebhookSecret(fresh)).toBe(true);
    expect(Buffer.from(fresh.slice(6), 'base64')).toHaveLength(32);
    expect(isWebhookSecret('whsec_test-secret')).toBe(false);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(16).toString('base64')}`)).toBe(false);
  });
});

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Respond = (res: http.ServerResponse) => void;

/** A webhook receiver on 127.0.0.1 (random port) that records what it gets. */
async function startReceiver() {
  const received: Received[] = [];
  let respond: Respond = (res) => {
    res.writeHead(204);
    res.end();
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    respondWith(next: Respond) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('webhook', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const get = (cookie = exampleAdmin) => t.call('GET', '/api/orgs/webhook', { cookie });
  const secretOf = (cookie = exampleAdmin) => t.call('GET', '/api/orgs/webhook-secret', { cookie });
  const save = (url: string, cookie = exampleAdmin) =>
    t.call('POST', '/api/orgs/webhook', { cookie, json: { url } });
  const remove = (cookie = exampleAdmin) => t.call('DELETE', '/api/orgs/webhook', { cookie });

  it('starts inactive; saving needs a secret first (409)', async () => {
    expect((await get()).data).toEqual({ url: null, secret: null });
    const r = await save(`${receiver.base}/hook`);
    expect(r.status).toBe(409);
    expect(r.data).toEqual({ error: WEBHOOK_MESSAGES.noSecret });
    expect(receiver.received).toHaveLength(0);
  });

  it('creates the secret once and answers the same one again', async () => {
    const first = await secretOf();
    expect(first.status, first.text).toBe(200);
    expect(first.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secrets.push(first.data.secret);
    expect((await secretOf()).data.secret).toBe(first.data.secret);
    expect((await get()).data).toEqual({ url: null, secret: first.data.secret });
  });

  it('verifies the URL with a signed test delivery, then saves it', async () => {
    const { secret } = (await get()).data;
    const url = `${receiver.base}/hooks/mobile?token=abc`;
    const r = await save(url);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ url, secret, success: WEBHOOK_MESSAGES.saved });
    expect((await get()).data).toEqual({ url, secret });

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    expect(delivery.method).toBe('POST');
    expect(delivery.path).toBe('/hooks/mobile?token=abc');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers[WEBHOOK_HEADERS.id]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(JSON.parse(delivery.body)).toEqual({
      type: 'webhook.test',
      timestamp: t.clock.now().toISOString(),
      data: { message: WEBHOOK_TEST_MESSAGE },
    });
    // The receiver's check, in one call of the specification's own package.
    expect(
      new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toEqual(JSON.parse(delivery.body));
  });

  it('refuses an unreachable URL and keeps the saved one', async () => {
    const before = (await get()).data;
    const closed = await startReceiver();
    await closed.close();
    const r = await save(`${closed.base}/hook`);
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ error: 'Could not reach the webhook URL: connection refused.' });
    expect((await get()).data).toEqual(before);
  });

  it('refuses a URL that answers non-2xx (redirects are not followed)', async () => {
    receiver.respondWith((res) => {
      res.writeHead(404);
      res.end('no');
    });
    const notFound = await save(`${receiver.base}/missing`);
    expect(notFound.status).toBe(400);
    expect(notFound.data).toEqual({ error: 'The webhook URL answered 404; it must answer 2xx.' });

    receiver.respondWith((res) => {
      res.writeHead(302, { Location: `${receiver.base}/elsewhere` });
      res.end();
    });
    const count = receiver.received.length;
    const redirect = await save(`${receiver.base}/moved`);
    expect(redirect.status).toBe(400);
    expect(redirect.data.error).toBe(
      'The webhook URL answered 302 (a redirect, which is not followed); it must answer 2xx.',
    );
    expect(receiver.received.slice(count).map((d) => d.path)).toEqual(['/moved']);
  });

  it('refuses a URL that does not answer in time', async () => {
    const pending: http.ServerResponse[] = [];
    receiver.respondWith((res) => pending.push(res));
    const started = Date.now();
    const r = await save(`${receiver.base}/slow`);
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ error: 'The webhook URL did not answer within 0.3 seconds.' });
    expect(Date.now() - started).toBeLessThan(3000);
    for (const res of pending) res.destroy();
    receiver.respondWith((res) => {
      res.writeHead(200);
      res.end();
    });
  });

  it('refuses http to a non-loopback host and malformed URLs (400)', async () => {
    const http1 = await save('http://hooks.example.com/x');
    expect(http1.status).toBe(400);
    expect(http1.data).toEqual({ error: WEBHOOK_URL_MESSAGES.https });
    const ftp = await save('ftp://example.com/x');
    expect(ftp.status).toBe(400);
    expect(ftp.data.issues[0].path).toBe('url');
  });

  it('is scoped to the organization', async () => {
    const exampleBefore = (await get()).data;
    expect((await get(initrodeAdmin)).data).toEqual({ url: null, secret: null });
    const initrodeSecret = (await secretOf(initrodeAdmin)).data.secret as string;
    secrets.push(initrodeSecret);
    expect(initrodeSecret).not.toBe(exampleBefore.secret);
    expect((await remove(initrodeAdmin)).status).toBe(200);
    expect((await get()).data).toEqual(exampleBefore);
  });

  it('deactivating clears URL and secret; turning on again draws a new secret', async () => {
    const before = (await get()).data;
    const r = await remove();
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ url: null, secret: null });
    expect((await get()).data).toEqual({ url: null, secret: null });
    const next = (await secretOf()).data.secret as string;
    secrets.push(next);
    expect(next).not.toBe(before.secret);
  });
});

describe('webhook in production', () => {
  let prod: TestApp;
  let cookie: string;
  const addresses: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34', '10.0.0.5'],
    'internal.example.com': ['192.168.10.10'],
    'v6.example.com': ['fd00::1'],
  };
  beforeAll(async () => {
    prod = await createTestApp({
      production: true,
      integrations: {
        webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
        resolveHost: async (host) => {
          const found = addresses[host];
          if (!found)
            throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
          return found;
        },
      },
    });
    ({ cookie } = await makeOrg(prod, { name: 'Example' }));
    const secret = await prod.call('GET', '/api/orgs/webhook-secret', { cookie });
    expect(secret.status, secret.text).toBe(200);
    secrets.push(secret.data.secret);
  }, 60_000);
  afterAll(async () => {
    await prod.close();
  });

  const save = (url: string) => prod.call('POST', '/api/orgs/webhook', { cookie, json: { url } });

  it('refuses http, also to loopback', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://example.com/',
    ]) {
      const r = await save(url);
      expect(r.status, url).toBe(400);
      expect(r.data).toEqual({ error: WEBHOOK_URL_MESSAGES.https });
    }
  });

  it('refuses private targets: literals and every resolved address', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://hooks.example.com/hook',
      'https://internal.example.com/hook',
      'https://v6.example.com/hook',
    ]) {
      const r = await save(url);
      expect(r.status, url).toBe(400);
      expect(r.data, url).toEqual({ error: WEBHOOK_URL_MESSAGES.privateAddress });
    }
  });

  it('an unknown host name reads clearly', async () => {
    const r = await save('https://nowhere.example.com/hook');
    expect(r.status).toBe(400);
    expect(r.data).toEqual({
      error: 'Could not reach the webhook URL: the host name could not be resolved.',
    });
    expect((await prod.call('GET', '/api/orgs/webhook', { cookie })).data.url).toBeNull();
  });

  it('never logs the secret', () => {
    const log = prod.logger.lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

// ---------------------------------------------------------------------------------------------
// Conditional access

const AZURE = {
  tenant: 'acme.onmicrosoft.com',
  clientId: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  clientSecret: 'Qx8~acme.conditional-access-secret-value',
  userExtension: 'extension_mobileSecurityBlocked',
  groupId: '2b7e9c1d-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
  provider: 'azure',
  active: true,
} as const;

const OKTA_KEY = '{"kty":"RSA","kid":"k1","n":"0vx7agoebGcQSuu","e":"AQAB","d":"X4cTteJY_gn4F"}';

describe('conditional access rules (pure)', () => {
  const check = (patch: Partial<Record<keyof typeof AZURE, unknown>>) =>
    checkConditionalAccessConfig({ ...AZURE, ...patch } as never);

  it('needs a provider to be active; partly filled configurations pass', () => {
    expect(check({ provider: null })).toEqual({
      ok: false,
      error: CONDITIONAL_ACCESS_MESSAGES.providerRequired,
    });
    const partial = checkConditionalAccessConfig({
      ...DEFAULT_CONDITIONAL_ACCESS_CONFIG,
      provider: 'okta',
      tenant: 'not a domain',
      active: true,
    });
    expect(partial.ok).toBe(true);
    expect(check({ provider: null, active: false }).ok).toBe(true);
  });

  it('trims and turns empty texts into null', () => {
    const r = check({ tenant: '  acme.onmicrosoft.com ', groupId: '   ', active: false });
    expect(r).toEqual({
      ok: true,
      config: { ...AZURE, tenant: 'acme.onmicrosoft.com', groupId: null, active: false },
    });
  });

  it('Azure tenant: a GUID or a domain name', () => {
    expect(check({ tenant: 'f1e2d3c4-b5a6-4789-9abc-def012345678' }).ok).toBe(true);
    expect(check({ tenant: 'contoso.com' }).ok).toBe(true);
    for (const tenant of ['contoso', 'https://contoso.com', 'not a tenant', '-bad-.com']) {
      expect(check({ tenant }), tenant).toEqual({
        ok: false,
        error: CONDITIONAL_ACCESS_MESSAGES.azureTenant,
      });
    }
  });

  it('Okta: a domain and a private key JWK', () => {
    const okta = { provider: 'okta', tenant: 'acme.okta.com', clientSecret: OKTA_KEY };
    expect(check(okta).ok).toBe(true);
    expect(check({ ...okta, tenant: 'https://acme.okta.com' })).toEqual({
      ok: false,
      error: CONDITIONAL_ACCESS_MESSAGES.oktaTenant,
    });
    for (const clientSecret of ['not json', '[1,2]', '"text"', 'null']) {
      expect(check({ ...okta, clientSecret }), clientSecret).toEqual({
        ok: false,
        error: CONDITIONAL_ACCESS_MESSAGES.oktaKeyJson,
      });
    }
    expect(check({ ...okta, clientSecret: '{"kty":"RSA","n":"x","e":"AQAB"}' })).toEqual({
      ok: false,
      error: CONDITIONAL_ACCESS_MESSAGES.oktaKeyPrivate,
    });
  });
});

describe('conditional access', () => {
  const getConfig = (cookie = exampleAdmin) =>
    t.call('GET', '/api/orgs/conditional-access/config', { cookie });
  const saveConfig = (json: unknown, cookie = exampleAdmin) =>
    t.call('POST', '/api/orgs/conditional-access/config', { cookie, json });
  const getPolicy = (cookie = exampleAdmin) =>
    t.call('GET', '/api/orgs/conditional-access/policy', { cookie });
  const putPolicy = (json: unknown, cookie = exampleAdmin) =>
    t.call('PUT', '/api/orgs/conditional-access/policy', { cookie, json });
  const remove = (cookie = exampleAdmin) =>
    t.call('DELETE', '/api/orgs/conditional-access', { cookie });

  const blockExampleMembers = async (count: number) => {
    const rows = await t.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.orgId, exampleId))
      .orderBy(members.id)
      .limit(count);
    for (const row of rows) {
      await t.db.update(members).set({ caBlocked: true }).where(eq(members.id, row.id));
    }
    return rows.map((r) => r.id);
  };

  it('Example starts unconfigured with the default policy', async () => {
    const config = await getConfig();
    expect(config.status, config.text).toBe(200);
    expect(config.data).toEqual(DEFAULT_CONDITIONAL_ACCESS_CONFIG);
    expect((await getPolicy()).data).toEqual(DEFAULT_POLICY);
  });

  it('Umbrella has the stored Okta configuration, policy and blocked members', async () => {
    const config = await getConfig(umbrellaAdmin);
    expect(config.data).toEqual(UMBRELLA_CONDITIONAL_ACCESS);
    secrets.push(UMBRELLA_CONDITIONAL_ACCESS.clientSecret!);
    expect((await getPolicy(umbrellaAdmin)).data).toEqual(UMBRELLA_POLICY);
    expect(await blockedMemberIds(t.db, umbrellaId)).toHaveLength(UMBRELLA_BLOCKED_MEMBERS.length);
  });

  it('turning on with only a provider saves a partial configuration', async () => {
    const body = { ...DEFAULT_CONDITIONAL_ACCESS_CONFIG, provider: 'azure', active: true };
    const r = await saveConfig(body);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual(body);
    expect((await getConfig()).data).toEqual(body);
  });

  it('answers 400 with a clear text for invalid configurations', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...AZURE, provider: null }, CONDITIONAL_ACCESS_MESSAGES.providerRequired],
      [{ ...AZURE, tenant: 'nope' }, CONDITIONAL_ACCESS_MESSAGES.azureTenant],
      [
        { ...AZURE, provider: 'okta', tenant: 'https://acme.okta.com', clientSecret: OKTA_KEY },
        CONDITIONAL_ACCESS_MESSAGES.oktaTenant,
      ],
      [
        { ...AZURE, provider: 'okta', tenant: 'acme.okta.com', clientSecret: 'PEM?' },
        CONDITIONAL_ACCESS_MESSAGES.oktaKeyJson,
      ],
    ];
    const before = (await getConfig()).data;
    for (const [body, error] of cases) {
      const r = await saveConfig(body);
      expect(r.status, error).toBe(400);
      expect(r.data).toEqual({ error });
    }
    expect((await getConfig()).data).toEqual(before);
  });

  it('validates the body shape (400 with issues)', async () => {
    const r = await saveConfig({ ...AZURE, provider: 'google' });
    expect(r.status).toBe(400);
    expect(r.data.issues.map((i: { path: string }) => i.path)).toEqual(['provider']);
    const missing = await saveConfig({ tenant: 'x' });
    expect(missing.status).toBe(400);
  });

  it('saves a complete Azure configuration and answers the client secret back', async () => {
    const r = await saveConfig({ ...AZURE, tenant: ` ${AZURE.tenant} ` });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual(AZURE);
    expect((await getConfig()).data).toEqual(AZURE);
    secrets.push(AZURE.clientSecret);
  });

  it('updates the policy', async () => {
    const policy = {
      alertSeverity: 'CRITICAL_ONLY',
      outdatedOSPeriod: 'THREE_DAYS',
      deviceIntegrityPeriod: 'SEVEN_DAYS',
      screenLockEnabled: true,
    };
    const r = await putPolicy(policy);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual(policy);
    expect((await getPolicy()).data).toEqual(policy);
    const bad = await putPolicy({ ...policy, outdatedOSPeriod: 'ONE_MONTH' });
    expect(bad.status).toBe(400);
    expect(bad.data.issues[0].path).toBe('outdatedOSPeriod');
  });

  it('deactivating unblocks the organization’s blocked members', async () => {
    const blocked = await blockExampleMembers(2);
    expect(await blockedMemberIds(t.db, exampleId)).toEqual(blocked);
    const r = await saveConfig({ ...AZURE, active: false });
    expect(r.status, r.text).toBe(200);
    expect(await blockedMemberIds(t.db, exampleId)).toEqual([]);
    // Umbrella's blocked members are not touched.
    expect(await blockedMemberIds(t.db, umbrellaId)).toHaveLength(UMBRELLA_BLOCKED_MEMBERS.length);
  });

  it('is scoped to the organization', async () => {
    const exampleConfig = (await getConfig()).data;
    const examplePolicy = (await getPolicy()).data;
    expect((await getConfig(initrodeAdmin)).data).toEqual(DEFAULT_CONDITIONAL_ACCESS_CONFIG);
    expect((await getPolicy(initrodeAdmin)).data).toEqual(DEFAULT_POLICY);
    const okta = {
      ...AZURE,
      provider: 'okta',
      tenant: 'initrode.okta.com',
      clientSecret: OKTA_KEY,
    };
    expect((await saveConfig(okta, initrodeAdmin)).status).toBe(200);
    secrets.push(OKTA_KEY);
    expect((await getConfig(initrodeAdmin)).data).toEqual(okta);
    expect((await getConfig()).data).toEqual(exampleConfig);

    // Initrode's removal touches neither Example's settings nor anyone else's blocked members.
    await blockExampleMembers(1);
    expect((await remove(initrodeAdmin)).status).toBe(200);
    // The removal job runs REMOVAL_DELAY_MS after the request.
    await t.queue.drain({ includeScheduled: true });
    expect((await getConfig(initrodeAdmin)).data).toEqual(DEFAULT_CONDITIONAL_ACCESS_CONFIG);
    expect((await getConfig()).data).toEqual(exampleConfig);
    expect((await getPolicy()).data).toEqual(examplePolicy);
    expect(await blockedMemberIds(t.db, exampleId)).toHaveLength(1);
    expect(await blockedMemberIds(t.db, umbrellaId)).toHaveLength(UMBRELLA_BLOCKED_MEMBERS.length);
    await t.db.update(members).set({ caBlocked: false }).where(eq(members.orgId, exampleId));
  });

  it('removal: a request, then a job unblocks the members and resets everything', async () => {
    const r = await remove(umbrellaAdmin);
    expect(r.status, r.text).toBe(200);
    expect(r.data).toEqual({ success: REMOVAL_REQUESTED });

    // Still pending: settings unchanged, changes refused, a repeated request is harmless.
    expect((await getConfig(umbrellaAdmin)).data).toEqual(UMBRELLA_CONDITIONAL_ACCESS);
    const save = await saveConfig(UMBRELLA_CONDITIONAL_ACCESS, umbrellaAdmin);
    expect(save.status).toBe(409);
    expect(save.data).toEqual({ error: CONDITIONAL_ACCESS_MESSAGES.removalPending });
    const policy = await putPolicy(DEFAULT_POLICY, umbrellaAdmin);
    expect(policy.status).toBe(409);
    expect((await remove(umbrellaAdmin)).status).toBe(200);
    expect(await blockedMemberIds(t.db, umbrellaId)).toHaveLength(UMBRELLA_BLOCKED_MEMBERS.length);
    // One job, queued with the request (the repeated request added none), due after the delay.
    const queued = await t.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, CONDITIONAL_ACCESS_REMOVAL_JOB), eq(jobs.orgId, umbrellaId)));
    expect(queued).toEqual([{ status: 'queued' }]);
    await t.queue.drain();
    expect(await blockedMemberIds(t.db, umbrellaId)).toHaveLength(UMBRELLA_BLOCKED_MEMBERS.length);

    await t.queue.drain({ includeScheduled: true });
    expect((await getConfig(umbrellaAdmin)).data).toEqual(DEFAULT_CONDITIONAL_ACCESS_CONFIG);
    expect((await getPolicy(umbrellaAdmin)).data).toEqual(DEFAULT_POLICY);
    expect(await blockedMemberIds(t.db, umbrellaId)).toEqual([]);
    const [row] = await t.db
      .select({ removalRequestedAt: conditionalAccess.removalRequestedAt })
      .from(conditionalAccess)
      .where(eq(conditionalAccess.orgId, umbrellaId));
    expect(row?.removalRequestedAt).toBeNull();
    expect(t.logger.lines.join('\n')).toContain(
      `[conditional-access] removed for organization ${umbrellaId}; ${UMBRELLA_BLOCKED_MEMBERS.length} member(s) unblocked`,
    );

    // Set up again afterwards.
    expect((await saveConfig(UMBRELLA_CONDITIONAL_ACCESS, umbrellaAdmin)).status).toBe(200);
  });

  it('the removal job survives a restart: a new process on the same database runs it', async () => {
    const [blocked] = await blockExampleMembers(1);
    expect((await remove()).status).toBe(200);
    expect((await saveConfig(AZURE)).status).toBe(409);
    // This process stops before the job is due; another starts on the same database.
    const logger = captureLogger();
    const restarted = new JobQueue(t.db, { logger, retrySchedule: [] });
    createApp({
      db: t.db,
      queue: restarted,
      scrypt: TEST_SCRYPT_PARAMS,
      logger,
      now: t.clock.now,
      integrations: { conditionalAccessRemovalDelayMs: REMOVAL_DELAY_MS },
    });
    await restarted.drain({ includeScheduled: true });
    expect(logger.lines.join('\n')).toContain(
      `[conditional-access] removed for organization ${exampleId}; 1 member(s) unblocked`,
    );
    expect((await getConfig()).data).toEqual(DEFAULT_CONDITIONAL_ACCESS_CONFIG);
    expect((await getPolicy()).data).toEqual(DEFAULT_POLICY);
    const [member] = await t.db
      .select({ caBlocked: members.caBlocked })
      .from(members)
      .where(and(eq(members.orgId, exampleId), eq(members.id, blocked!)));
    expect(member?.caBlocked).toBe(false);
    // Nothing left for the first process.
    await t.queue.drain({ includeScheduled: true });
    expect((await saveConfig(AZURE)).status).toBe(200);
  });

  it('the request and its job are one transaction: a request that rolls back leaves no job', async () => {
    const before = await t.db.select({ id: jobs.id }).from(jobs);
    await expect(
      requestRemoval(t.db, exampleId, t.clock.now(), async (tx) => {
        await t.queue.enqueue(tx, { kind: CONDITIONAL_ACCESS_REMOVAL_JOB, orgId: exampleId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toEqual(before);
    // No request either: changes are allowed.
    expect((await saveConfig(AZURE)).status).toBe(200);
  });
});

describe('logging', () => {
  it('never logs a secret', async () => {
    await t.settle();
    expect(secrets.length).toBeGreaterThan(10);
    const log = t.logger.lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
