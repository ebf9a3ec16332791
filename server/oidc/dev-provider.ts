/**
 * The development OpenID Provider: oidc-provider (the certified Node.js OpenID Provider) at
 * `/api/dev/idp`, issuer `{origin}/api/dev/idp`. Never in production: main.ts creates it only in
 * development, and it is imported only from there (and from tests).
 *
 * It is a real provider, so the relying party (relying-party.ts) talks to it exactly as to Okta
 * or Entra ID: discovery, the authorization endpoint, the token endpoint, its JWKS, userinfo.
 *
 * - Clients: every organization whose saved SSO settings name this issuer is a client, with the
 *   saved client id and secret, and the server's own origins' `/api/oauth/callback` as redirect
 *   URIs (dev-provider-data.ts, `findDevClient`). The seeded Globex is one.
 * - People: the sign-in page lists the client organization's administrators and its demo
 *   directory; choosing one signs that person in (no password: development only). "Cancel"
 *   answers `access_denied`. It asks every time (no remembered session), so any person can be
 *   tried one after the other.
 * - Keys: one EC P-256 signing key (ES256 ID tokens) and the cookie keys, made once and kept in
 *   the database (dev_idp_keys). EC rather than RSA: RSA key generation and JWK export was once
 *   seen to hang Node 20 for minutes on this machine.
 * - Its pages have their own strict policy (no script, the style by nonce); every answer gets the
 *   portal's security headers; requests for a host that is not one of the server's own are
 *   refused (a DNS-rebinding page could otherwise drive a password-free provider).
 * - Codes, sessions and grants live in memory: a restart only ends sign-ins in flight.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, {
  interactionPolicy,
  type Adapter,
  type AdapterPayload,
  type Configuration,
} from 'oidc-provider';
import type { Database } from '../db';
import type { Logger } from '../deps';
import { PERMISSIONS_POLICY, ssoPageContentSecurityPolicy } from '../http/security-headers';
import {
  devIdpKey,
  devPeopleOf,
  pointDevClientsAt,
  findDevClient,
  findDevPerson,
  type DevPerson,
} from './dev-provider-data';
import { escapeHtml, htmlPage, newNonce } from './pages';
import { DEV_IDP_PATH, OIDC_CALLBACK_PATH } from './redirect-url';

export { DEV_IDP_PATH };
const INTERACTION_PATH = `${DEV_IDP_PATH}/interaction`;
const FORM_MAX_BYTES = 4096;

/** A request's context in oidc-provider's Koa application (its middlewares' first argument). */
type KoaContext = Parameters<Parameters<Provider['use']>[0]>[0];

export interface DevProviderOptions {
  db: Database;
  /** `{origin}/api/dev/idp`, e.g. http://localhost:8080/api/dev/idp. */
  issuer: string;
  /**
   * The origins the server is reached at (PUBLIC_URL, loopback names with its port, the dev
   * portal's): its clients' redirect URIs are on them, and only their hosts are served.
   */
  origins: () => readonly string[];
  logger: Logger;
  now?: () => Date;
}

export interface DevProvider {
  issuer: string;
  /** Node's request handler for everything under /api/dev/idp (http/node-mount.ts). */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/** The issuer of the development provider of a server reached at `origin`. */
export function devIssuerFor(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${DEV_IDP_PATH}`;
}

/**
 * The server's development provider: its issuer on PUBLIC_URL when set, else on the server's own
 * loopback origin (`http://localhost:PORT`); saved settings naming a development provider on
 * another port of this computer are pointed at it first (the demo seed's Globex).
 */
export async function startDevProvider(args: {
  db: Database;
  serverOrigin: string;
  publicUrl: string | undefined;
  origins: () => readonly string[];
  logger: Logger;
}): Promise<DevProvider> {
  const issuer = devIssuerFor(args.publicUrl ?? args.serverOrigin);
  const moved = await pointDevClientsAt(args.db, issuer);
  if (moved > 0) {
    args.logger.info(`[dev-idp] ${moved} organization(s) now sign in through ${issuer}`);
  }
  return createDevProvider({ db: args.db, issuer, origins: args.origins, logger: args.logger });
}

export async function createDevProvider(options: DevProviderOptions): Promise<DevProvider> {
  const { db, issuer, logger } = options;
  const now = options.now ?? (() => new Date());
  const signingKey = JSON.parse(
    await devIdpKey(
      db,
      'signing-key',
      async () => {
        const { privateKey } = await generateKeyPair('ES256', { extractable: true });
        const jwk = await exportJWK(privateKey);
        return JSON.stringify({
          ...jwk,
          alg: 'ES256',
          use: 'sig',
          kid: randomBytes(8).toString('hex'),
        });
      },
      now(),
    ),
  ) as Record<string, string>;
  const cookieKeys = JSON.parse(
    await devIdpKey(
      db,
      'cookie-keys',
      async () => JSON.stringify([randomBytes(32).toString('base64url')]),
      now(),
    ),
  ) as string[];

  const redirectUris = () =>
    options.origins().map((o) => `${o.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`);
  const store = new MemoryStore();

  const policy = interactionPolicy.base();
  // Ask who signs in every time: the point of this provider is trying people one after the other.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'dev_choose_person',
        'the development provider asks every time',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: (name: string): Adapter =>
      name === 'Client' ? clientAdapter(db, issuer, redirectUris) : store.adapter(name),
    async findAccount(_ctx, id) {
      const person = await findDevPerson(db, id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: person.email, email_verified: true, name: person.name };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The e-mail in the ID token itself (the tests' second provider keeps the default and answers
    // it from userinfo: the relying party handles both).
    conformIdTokenClaims: false,
    scopes: ['openid'],
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // A fresh grant of the requested OpenID scopes with each sign-in: the organization's own
    // application, so no consent screen.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.account?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      const offered = new Set(['openid', 'email', 'profile']);
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].filter((s) => offered.has(s)).join(' '));
      await grant.save();
      return grant;
    },
    jwks: { keys: [signingKey] },
    cookies: {
      keys: cookieKeys,
      long: { signed: true, sameSite: 'lax', httpOnly: true },
      short: { signed: true, sameSite: 'lax', httpOnly: true },
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
    },
    async renderError(ctx, out) {
      const nonce = newNonce();
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', ssoPageContentSecurityPolicy(nonce));
      const description = typeof out.error_description === 'string' ? out.error_description : '';
      ctx.body = htmlPage(
        'Sign-in error',
        `<h1>Sign-in error</h1>
<p class="lead">The development identity provider could not complete this request.</p>
<p><strong>${escapeHtml(String(out.error))}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p class="lead"><a href="/look-up">Back to organization lookup</a></p>`,
        nonce,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    logger.error(`[dev-idp] ${error.name}: ${error.message}`);
  });

  const allowedHosts = () =>
    new Set([new URL(issuer).host, ...options.origins().map((o) => new URL(o).host)]);

  // Before oidc-provider's own routes: the host check, the headers, and the interaction pages.
  provider.use(async (ctx, next) => {
    if (!allowedHosts().has(ctx.host)) {
      ctx.status = 421;
      ctx.type = 'text';
      ctx.body = 'This development provider answers only for the server’s own addresses.';
      return;
    }
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) ctx.set(name, value);
    if (!ctx.response.get('Content-Security-Policy')) {
      ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
    if (ctx.response.is('html')) ctx.set('Cache-Control', 'no-store');
  });
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/(login|cancel))?$/.exec(ctx.path);
    if (!match) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method === 'GET' && !match[2]) return signInPage(ctx, match[1]!);
    if (ctx.method === 'POST' && match[3] === 'login') return chooseLogin(ctx);
    if (ctx.method === 'POST' && match[3] === 'cancel') {
      return provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    ctx.status = 405;
  });

  async function signInPage(ctx: KoaContext, uid: string) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const clientId = String(details.params.client_id ?? '');
    const client = await findDevClient(db, clientId, issuer);
    const people = client ? await devPeopleOf(db, client.orgId) : [];
    const nonce = newNonce();
    ctx.set(
      'Content-Security-Policy',
      ssoPageContentSecurityPolicy(
        nonce,
        redirectUris()
          .map((u) => new URL(u).origin)
          // CSP's host-source has no syntax for an IPv6 literal ([::1]): Chromium reports it
          // as invalid and ignores it, so it is left out.
          .filter((origin) => !new URL(origin).hostname.startsWith('[')),
      ),
    );
    ctx.type = 'html';
    ctx.body = htmlPage(
      'Sign in — development identity provider',
      signInBody(uid, client?.orgName ?? 'this application', people),
      nonce,
    );
  }

  async function chooseLogin(ctx: KoaContext) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const form = await readForm(ctx.req);
    const accountId = form.get('account') ?? '';
    const client = await findDevClient(db, String(details.params.client_id ?? ''), issuer);
    const person = await findDevPerson(db, accountId);
    if (!client || !person || person.orgId !== client.orgId) {
      ctx.status = 400;
      return signInPage(ctx, details.uid);
    }
    return provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  const handle = provider.callback();
  return { issuer, handle: (req, res) => void handle(req, res) };
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

function signInBody(uid: string, orgName: string, people: DevPerson[]): string {
  const action = `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
  const button = (
    p: DevPerson,
  ) => `<li><button class="person" type="submit" name="account" value="${escapeHtml(p.accountId)}">
  <span class="name">${escapeHtml(p.name)}</span>
  <span class="email">${escapeHtml(p.email)}</span>${p.administrator ? '\n  <span class="role">Administrator</span>' : ''}
</button></li>`;
  const admins = people.filter((p) => p.administrator);
  const directory = people.filter((p) => !p.administrator);
  const list = (heading: string, id: string, group: DevPerson[]) =>
    group.length === 0
      ? ''
      : `<h2 id="${id}">${heading}</h2>
<ul aria-labelledby="${id}">
${group.map(button).join('\n')}
</ul>`;
  return `<h1>Sign in</h1>
<p class="lead">Development identity provider for <strong>${escapeHtml(orgName)}</strong>. Choose who signs in; there is no password (development only).</p>
<form method="post" action="${action}/login">
${list('Administrators', 'admins-heading', admins)}
${list('Directory', 'directory-heading', directory)}
${people.length === 0 ? '<p class="note">Nobody to sign in: this application belongs to no organization.</p>' : ''}
</form>
<form method="post" action="${action}/cancel" class="actions">
  <button class="secondary" type="submit">Cancel</button>
</form>`;
}

/** An `application/x-www-form-urlencoded` body of at most 4 KiB. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_MAX_BYTES) return new URLSearchParams();
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Clients from the organizations' saved SSO settings; nothing is ever registered through it. */
function clientAdapter(db: Database, issuer: string, redirectUris: () => string[]): Adapter {
  const none = async () => undefined;
  return {
    async find(id: string) {
      const client = await findDevClient(db, id, issuer);
      if (!client) return undefined;
      return {
        client_id: id,
        client_secret: client.clientSecret,
        redirect_uris: redirectUris(),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      } as AdapterPayload;
    },
    upsert: none,
    findByUid: none,
    findByUserCode: none,
    consume: none,
    destroy: none,
    revokeByGrantId: none,
  };
}

/** oidc-provider's other models (sessions, interactions, codes, tokens, grants), in memory. */
class MemoryStore {
  private readonly items = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  private readonly uids = new Map<string, string>();

  private live(key: string): AdapterPayload | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    if (item.expiresAt <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item.payload;
  }

  private prune(): void {
    if (this.items.size < 5000) return;
    const now = Date.now();
    for (const [key, item] of this.items) if (item.expiresAt <= now) this.items.delete(key);
  }

  adapter(model: string): Adapter {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => {
        this.prune();
        this.items.set(key(id), {
          payload: { ...payload },
          expiresAt: Date.now() + expiresIn * 1000,
        });
        if (payload.uid) this.uids.set(payload.uid, id);
      },
      find: async (id) => this.live(key(id)),
      findByUid: async (uid) => {
        const id = this.uids.get(uid);
        return id === undefined ? undefined : this.live(key(id));
      },
      findByUserCode: async () => undefined,
      consume: async (id) => {
        const payload = this.live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        const payload = this.live(key(id));
        if (payload?.uid) this.uids.delete(payload.uid);
        this.items.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [k, item] of this.items)
          if (item.payload.grantId === grantId) this.items.delete(k);
      },
    };
  }
}
