/**
 * The other side of single sign-on in tests (not a test file):
 *
 * - `startTestProvider`: a real OpenID Provider (oidc-provider, the certified one) on its own port
 *   at `http://127.0.0.1:PORT`, independent of the server under test: its clients are given here,
 *   its sign-in page asks for an e-mail (any e-mail is an account whose `sub` and `email` it is),
 *   "Cancel" answers `access_denied`. It keeps oidc-provider's defaults where it can (the e-mail
 *   comes from userinfo, not the ID token; ES384 keys of its own), so the relying party is tested
 *   against a provider configured unlike the development one.
 * - `passThroughProvider`: what a browser does between the relying party's redirect and the
 *   provider's redirect back, with a cookie jar of the provider's own.
 * - `startTokenForge`: a minimal provider whose discovery document and key set are valid but whose
 *   token endpoint answers ID tokens minted with `jose` exactly as a test asks (wrong signature,
 *   wrong audience, expired, `alg: none`, …): the relying party's checks, each forced on its own.
 *
 * The e2e test starts `startTestProvider` as a process of its own (tests/e2e/support/second-idp.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** Claims of accounts that differ from `{ sub: id, email: id, email_verified: true }`. */
export type TestAccounts = Record<string, Record<string, unknown>>;

export interface TestProvider {
  issuer: string;
  provider: Provider;
  close: () => Promise<void>;
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startTestProvider(options: {
  clients: TestClient[];
  accounts?: TestAccounts;
  port?: number;
}): Promise<TestProvider> {
  // The port must be known before the provider exists (its issuer names it): listen first.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = options.accounts ?? {};
  // ES384 (not the development provider's ES256), generated here: EC, since RSA key generation
  // was once seen to hang Node 20 on this machine.
  const { privateKey } = await generateKeyPair('ES384', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: 'ES384',
    use: 'sig',
    kid: 'second-1',
  };
  const configuration: Configuration = {
    jwks: { keys: [signingKey as never] },
    enabledJWA: { idTokenSigningAlgValues: ['ES384'] },
    clientDefaults: { id_token_signed_response_alg: 'ES384' },
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    async findAccount(_ctx, id) {
      const claims = accounts[id] ?? { email: id, email_verified: true };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.account?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/(login|cancel))?$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Second provider</title></head>
<body><main><h1>Second OpenID Provider</h1>
<form method="post" action="/interaction/${escape(details.uid)}/login">
<label for="login">Email</label> <input id="login" name="login" type="email" required>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${escape(details.uid)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
      return;
    }
    if (match[3] === 'cancel') {
      return provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied' },
        {
          mergeWithLastSubmission: false,
        },
      );
    }
    const form = await readForm(ctx.req);
    return provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: form.get('login') ?? '' } },
      { mergeWithLastSubmission: false },
    );
  });
  handler = provider.callback();
  return { issuer, provider, close: () => closeServer(server) };
}

/**
 * A browser between the relying party and the provider: follows the provider's redirects from
 * `authorizationUrl`, signs `login` in on its page (or cancels when `login` is null), and returns
 * the URL the provider finally sends the browser to (the relying party's callback).
 */
export async function passThroughProvider(
  authorizationUrl: string,
  login: string | null,
): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== origin) return next;
    let res: Response;
    const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
    if (interaction) {
      res = await fetch(`${next.href}/${login === null ? 'cancel' : 'login'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(login === null ? {} : { login }).toString(),
      });
    } else {
      res = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } });
    }
    remember(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${next.pathname}`);
    next = new URL(location, next);
  }
  throw new Error('the provider redirected too often');
}

/** What the forge's token endpoint answers, decided by the test for each code. */
export interface ForgedAnswer {
  /** Claims merged over valid ones (`undefined` removes a claim). */
  claims?: Record<string, unknown>;
  /** 'valid' (the forge's key), 'other-key' (a key not in its JWKS), 'none', 'hs256' (the client secret). */
  signing?: 'valid' | 'other-key' | 'none' | 'hs256';
  /** A token endpoint error instead of tokens. */
  error?: { status: number; body: Record<string, unknown> };
  /** What its userinfo endpoint answers. */
  userinfo?: Record<string, unknown>;
}

export interface TokenForge {
  issuer: string;
  /** The answer of the next token request, for the authorization request `authorizationUrl`. */
  answerNext(authorizationUrl: string, answer: ForgedAnswer): void;
  /** The advertised ID token algorithms (default ES256). */
  setAlgorithms(algs: string[]): void;
  /** Token requests received. */
  tokenRequests: number;
  close: () => Promise<void>;
}

export async function startTokenForge(options: {
  clientId: string;
  clientSecret: string;
  /** The e-mail claim of a valid token. */
  email: string;
}): Promise<TokenForge> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const other = await generateKeyPair('ES256', { extractable: true });
  const publicJwk: JWK = {
    ...(await exportJWK(publicKey)),
    kid: 'forge-1',
    alg: 'ES256',
    use: 'sig',
  };
  let algorithms = ['ES256'];
  let pending: { nonce: string; sub: string; answer: ForgedAnswer } | null = null;
  let issuer = '';
  const forge: TokenForge = {
    issuer: '',
    tokenRequests: 0,
    answerNext(authorizationUrl, answer) {
      const nonce = new URL(authorizationUrl).searchParams.get('nonce') ?? '';
      pending = { nonce, sub: 'forge-subject', answer };
    },
    setAlgorithms(algs) {
      algorithms = algs;
    },
    close: async () => closeServer(server),
  };

  async function mint(p: { nonce: string; sub: string; answer: ForgedAnswer }): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: issuer,
      aud: options.clientId,
      sub: p.sub,
      iat: now,
      exp: now + 300,
      nonce: p.nonce,
      email: options.email,
      email_verified: true,
      ...p.answer.claims,
    };
    for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
    const signing = p.answer.signing ?? 'valid';
    if (signing === 'none') {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
    }
    if (signing === 'hs256') {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(options.clientSecret));
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'forge-1' })
      .sign(signing === 'other-key' ? other.privateKey : privateKey);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/me`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: algorithms,
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [publicJwk] });
      if (url.pathname === '/token' && req.method === 'POST') {
        await readForm(req);
        forge.tokenRequests++;
        const p = pending;
        pending = null;
        if (!p) return json(400, { error: 'invalid_grant' });
        if (p.answer.error) return json(p.answer.error.status, p.answer.error.body);
        return json(200, {
          access_token: `at-${randomBytes(8).toString('hex')}`,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await mint(p),
        });
      }
      if (url.pathname === '/me') {
        return json(200, { sub: 'forge-subject', ...(p0()?.answer.userinfo ?? {}) });
      }
      json(404, { error: 'not found' });
    })().catch(() => res.writeHead(500).end());
  });
  let lastAnswer: { answer: ForgedAnswer } | null = null;
  const p0 = () => lastAnswer;
  const answerNext = forge.answerNext;
  forge.answerNext = (u, a) => {
    lastAnswer = { answer: a };
    answerNext(u, a);
  };
  const port = await listen(server, 0);
  issuer = `http://127.0.0.1:${port}`;
  forge.issuer = issuer;
  return forge;
}
