/**
 * The development OpenID Provider (dev-provider.ts) behind a real server, as main.ts runs it: the
 * made Umbrella (its SSO settings as the demo seed writes Globex's: a client of the development
 * provider on the default port) signs in through it over real OpenID Connect with the same relying
 * party as any provider; its sign-in page, its refusals, and its keys kept in the database.
 */
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { serveApp } from '../http/http-server';
import { notReady } from '../http/node-mount';
import { devIdpKeys } from '../db/schema';
import { createDevProvider, startDevProvider, type DevProvider } from './dev-provider';
import { DEV_IDP_PATH } from './redirect-url';
import { findProviderSettings } from './data';

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let origin = '';
let dev: DevProvider | null = null;
const origins: string[] = [];
/** Another organization (its administrator cannot be chosen for Umbrella). */
let example: TestOrg;
/** SSO only: Sam Sso has no password; 5 people in its directory. */
let umbrella: TestOrg;

beforeAll(async () => {
  t = await createTestApp({ ownOrigins: origins });
  example = await makeOrg(t, { name: 'Example' });
  umbrella = await makeOrg(t, {
    name: 'Umbrella',
    admin: { name: 'Sam Sso', email: 'sso.admin@umbrella.test', password: null },
    sso: {
      provider: 'okta',
      clientId: 'umbrella-portal',
      clientSecret: 'umbrella-development-secret',
      // Before the server knows its port: startDevProvider points it at the server's own.
      tenant: `http://localhost:8080${DEV_IDP_PATH}`,
    },
    directory: { users: 5 },
  });
  server = serveApp(t.app, {
    port: 0,
    hostname: '127.0.0.1',
    mounts: [
      { prefix: DEV_IDP_PATH, handle: (req, res) => (dev ? dev.handle(req, res) : notReady(res)) },
    ],
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  origins.push(origin, `http://localhost:${port}`);
  dev = await startDevProvider({
    db: t.db,
    serverOrigin: origin,
    publicUrl: undefined,
    origins: () => origins,
    logger: t.logger,
  });
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

/** A browser: one cookie jar, redirects followed by hand (so each hop can be looked at). */
function browser() {
  const jar = new Map<string, string>();
  async function go(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line))
        jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    return res;
  }
  /** Follows redirects from `url` until a page answers (200) or the browser leaves for the portal. */
  async function follow(url: string, init?: RequestInit) {
    let res = await go(url, init);
    let at = new URL(url, origin);
    for (let hop = 0; hop < 12 && res.status >= 300 && res.status < 400; hop++) {
      at = new URL(res.headers.get('location')!, at);
      if (!at.pathname.startsWith('/api/')) return { res, at };
      res = await go(at.href);
    }
    return { res, at };
  }
  return { go, follow, jar };
}

/** From the lookup to the development provider's sign-in page. */
async function toSignInPage(b: ReturnType<typeof browser>) {
  const { res, at } = await b.follow(`/api/oauth/login?slug=${umbrella.slug}`);
  expect(res.status, at.href).toBe(200);
  expect(at.pathname).toMatch(new RegExp(`^${DEV_IDP_PATH}/interaction/`));
  return { html: await res.text(), res, at };
}

function accountOf(html: string, email: string): string {
  const match = new RegExp(
    `value="([a-z]+-\\d+)">\\s*<span class="name">[^<]*</span>\\s*<span class="email">${email.replace(/[.]/g, '\\.')}<`,
  ).exec(html);
  if (!match) throw new Error(`${email} is not on the sign-in page`);
  return match[1]!;
}

const post = (b: ReturnType<typeof browser>, action: string, form: Record<string, string>) =>
  b.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the development OpenID Provider', () => {
  it('points the made Umbrella at itself and answers a real discovery document (ES256)', async () => {
    const settings = await findProviderSettings(t.db, umbrella.id);
    expect(settings?.tenant).toBe(`${origin}${DEV_IDP_PATH}`);
    const discovery = await (
      await fetch(`${origin}${DEV_IDP_PATH}/.well-known/openid-configuration`)
    ).json();
    expect(discovery.issuer).toBe(`${origin}${DEV_IDP_PATH}`);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['ES256']);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('signs Sam Sso of Umbrella in with one click, over real OpenID Connect → /sso-login', async () => {
    const b = browser();
    const started = performance.now();
    const { html, res, at } = await toSignInPage(b);
    // The page: the portal's look, no script, its style by nonce, forms to itself and the callback.
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${origin}`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toMatch(/<script|\son[a-z]+=|\sstyle=/i);
    expect(html).toContain('Development identity provider for <strong>Umbrella</strong>');
    expect(html).toContain('Sam Sso');
    const done = await post(b, `${at.pathname}/login`, {
      account: accountOf(html, umbrella.admin.email),
    });
    expect(done.at.pathname).toBe('/sso-login');
    console.log(
      `[sso] round trip through the development provider: ${(performance.now() - started).toFixed(0)} ms`,
    );
    const session = await b.go('/api/session', { headers: { 'x-requested-with': 'portal' } });
    expect(session.status).toBe(200);
    expect((await session.json()).user.email).toBe(umbrella.admin.email);
  });

  it('someone of the directory who is no administrator: oauth-unauthorized, no session', async () => {
    const b = browser();
    const { html, at } = await toSignInPage(b);
    const person = /value="(person-\d+)"/.exec(html)?.[1];
    expect(person).toBeDefined();
    const done = await post(b, `${at.pathname}/login`, { account: person! });
    expect(`${done.at.pathname}${done.at.search}`).toBe('/error?type=oauth-unauthorized');
    expect(b.jar.has('portal_session')).toBe(false);
  });

  it('Cancel answers access_denied: oauth-access-denied', async () => {
    const b = browser();
    const { at } = await toSignInPage(b);
    const done = await post(b, `${at.pathname}/cancel`, {});
    expect(`${done.at.pathname}${done.at.search}`).toBe('/error?type=oauth-access-denied');
  });

  it('an account of another organization cannot be chosen for Umbrella (400, the page again)', async () => {
    const b = browser();
    const { at } = await toSignInPage(b);
    const r = await b.go(`${at.pathname}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `account=admin-${example.admin.id}`,
    });
    expect(r.status).toBe(400);
  });

  it('answers only for the server’s own host names (421 otherwise)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${origin}${DEV_IDP_PATH}/.well-known/openid-configuration`,
        { headers: { host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('keeps its signing key in the database: a restarted provider signs with the same key', async () => {
    const jwks = async () => (await (await fetch(`${origin}${DEV_IDP_PATH}/jwks`)).json()).keys;
    const before = await jwks();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(before[0].d).toBeUndefined();
    dev = await createDevProvider({
      db: t.db,
      issuer: `${origin}${DEV_IDP_PATH}`,
      origins: () => origins,
      logger: t.logger,
    });
    expect(await jwks()).toEqual(before);
    const rows = await t.db.select().from(devIdpKeys).where(eq(devIdpKeys.name, 'signing-key'));
    expect(rows).toHaveLength(1);
  });
});
