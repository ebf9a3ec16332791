/**
 * createApp(deps): the portal's HTTP API under /api (plus the built portal, when there is one).
 * Route modules mirror contract/: routes/session.ts ↔ contract/session.ts, and so on.
 */
import { setAnswerHeaders } from './http/response-headers';
import { requestHasNoBody } from './http/request-body';
import { DEFAULT_READ_EVENT_OPTIONS } from './public-api/read-events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ErrorBody } from '@contract/endpoint';
import { CSV_MAX_BYTES, createMembers, createSsoMembers, readMembers } from '@contract/members';
import { getBillingUpdateKey } from '@contract/billing';
import { getWebhookSecret } from '@contract/webhook';
import type { AppDeps, Services } from './deps';
import type { AppEnv } from './env';
import { API_PREFIX, createRoute } from './http/route';
import { scopedDatabase } from './db/request-scope';
import { CONFLICT_RETRY_AFTER_SECONDS, isDatabaseConflict } from './db/conflicts';
import { auditCalls, requestDetails } from './audit/record';
import { auditRoutes } from './audit/routes';
import { defineAuditJobs } from './audit/retention';
import { BackgroundTasks, describeError } from './system/background';
import { HashingBusyError, PasswordVerifier } from './auth/passwords';
import { DEFAULT_SESSION_IDLE_MS } from './auth/sessions';
import { readSessionToken } from './auth/session-cookie';
import { findSession } from './auth/sessions';
import { DevMailbox } from './mail/dev-mailbox';
import { defineMailJobs } from './mail/jobs';
import { defineThreatAlertJobs } from './alerts/alert-emails';
import { JobQueue } from './queue/queue';
import { defineWebhookJobs } from './webhooks/jobs';
import { defineSystemJobs } from './system/jobs';
import { definePolicyJobs } from './policies/jobs';
import { webhookDeliveryRoutes } from './webhooks/routes';
import { sessionRoutes } from './auth/routes';
import { orgsRoutes } from './orgs/routes';
import { devicesRoutes } from './devices/routes';
import { alertsRoutes } from './alerts/routes';
import { csvTooLargeMessage, membersRoutes } from './members/routes';
import { ssoRoutes } from './sso/routes';
import { adminsRoutes } from './settings/admins-routes';
import { scimRoutes } from './settings/scim-routes';
import { mdmRoutes } from './settings/mdm-routes';
import { threatHunterRoutes } from './settings/threat-hunter-routes';
import { apiTokenRoutes } from './integrations/api-token-routes';
import { webhookRoutes } from './integrations/webhook-routes';
import { conditionalAccessRoutes } from './integrations/conditional-access-routes';
import { notificationsRoutes } from './notifications/routes';
import { preferencesRoutes } from './preferences/routes';
import { undeliveredEmailRoutes } from './mail/undelivered-routes';
import { resolveIntegrationOptions } from './integrations/options';
import { billingRoutes, devBillingRoutes } from './billing/routes';
import { stripeBillingRoutes } from './billing/stripe/routes';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './billing/stripe/webhook-routes';
import { StripeGateway } from './billing/stripe/gateway';
import { devSystemRoutes, healthRoutes } from './system/routes';
import { contentSecurityPolicy, isHttpsRequest, securityHeaders } from './http/security-headers';
import { csrfProblem, type CsrfPolicy } from './http/csrf';
import { RelyingParty } from './oidc/relying-party';
import { oidcRoutes } from './oidc/routes';
import { scimService } from './scim/routes';
import { DEFAULT_SCIM_RATE_LIMIT } from './scim/rate-limit';
import {
  DEVICE_API_BODY_LIMIT_BY_PATH,
  DEVICE_API_PREFIX,
  deviceApiRoutes,
  deviceBodyTooLarge,
} from './device-api/routes';
import { NoticeHub } from './events/hub';
import { eventsRoutes } from './events/routes';
import { DEFAULT_LIVE_STREAM_OPTIONS } from './events/stream-options';
import { DEFAULT_API_RATE_LIMIT } from './public-api/rate-limit';
import { PUBLIC_API_PREFIX } from '@contract/public-api';
import { publicApi } from './public-api/routes';
import { apiDocsPage } from './public-api/docs-page';
import { openApiDocument } from './public-api/openapi';
import { ProblemError, problemResponse } from './public-api/problem';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for the multipart boundaries and part headers around a CSV of CSV_MAX_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** 10,000 members and 10,000 re-allowed duplicates of realistic length fit easily. */
const CREATE_MEMBERS_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export function resolveServices(deps: AppDeps): Services {
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? console;
  // Inside an audited call, `db` is that call's transaction (db/request-scope.ts).
  const db = scopedDatabase(deps.db);
  return {
    db,
    mailer: deps.mailer ?? new DevMailbox(db, now),
    queue: deps.queue ?? new JobQueue(db, { logger, retrySchedule: deps.retrySchedule }),
    now,
    production: deps.production ?? false,
    publicUrl: deps.publicUrl,
    passwords: deps.passwords ?? new PasswordVerifier(deps.scrypt, deps.hashing),
    // app.request() in tests calls http://localhost/…; main.ts passes the real ones.
    ownOrigins: deps.ownOrigins ?? ['http://localhost'],
    sessionIdleMs: deps.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    trustProxy: deps.trustProxy ?? false,
    tasks: deps.tasks ?? new BackgroundTasks(logger),
    logger,
    integrations: resolveIntegrationOptions(deps.integrations),
    stripe: deps.stripe
      ? new StripeGateway(deps.stripe, db, now, logger, {
          deadlineMs: deps.stripe.deadlineMs,
          cacheMs: deps.stripe.cacheMs,
        })
      : null,
    oidc: deps.oidc ?? new RelyingParty({ production: deps.production ?? false }),
    scimRateLimit: { ...DEFAULT_SCIM_RATE_LIMIT, ...deps.scimRateLimit },
    apiRateLimit: deps.apiRateLimit ?? DEFAULT_API_RATE_LIMIT,
    apiPageCache: deps.apiPageCache ?? true,
    apiReadEvents: { ...DEFAULT_READ_EVENT_OPTIONS, ...deps.apiReadEvents },
  };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const s = resolveServices(deps);
  defineMailJobs(s.queue, {
    db: s.db,
    mailer: s.mailer,
    fromDomain: deps.mailFromDomain ?? 'localhost',
    logger: s.logger,
    consoleUrl: s.publicUrl
      ? s.publicUrl.replace(/\/+$/, '')
      : s.production
        ? null
        : (s.ownOrigins[0] ?? null),
  });
  defineThreatAlertJobs(s.queue, { db: s.db, logger: s.logger });
  defineWebhookJobs(s.queue, {
    db: s.db,
    logger: s.logger,
    delivery: {
      production: s.production,
      timeoutMs: s.integrations.webhookDeliveryTimeoutMs,
      resolveHost: s.integrations.resolveHost,
    },
  });
  defineSystemJobs(s.queue, {
    db: s.db,
    now: s.now,
    logger: s.logger,
    sessionIdleMs: s.sessionIdleMs,
  });
  defineAuditJobs(s.queue, { db: s.db, now: s.now, logger: s.logger });
  definePolicyJobs(s.queue, { db: s.db, now: s.now, logger: s.logger });
  if (deps.warmUpPasswords) {
    s.tasks.run('password hashing warm-up', () => s.passwords.warmUp());
  }
  const app = new Hono<AppEnv>();

  const csp = contentSecurityPolicy(deps.contentSecurity);
  const isHttps = (c: Context<AppEnv>) =>
    isHttpsRequest({
      url: c.req.url,
      forwardedProto: c.req.header('x-forwarded-proto'),
      publicUrl: s.publicUrl,
      trustProxy: s.trustProxy,
    });

  app.use('*', requestDetails(s.trustProxy));
  app.use('*', async (c, next) => {
    c.set('services', s);
    c.set('logger', s.logger);
    await next();
    // Every answer (API, static files, index.html, 404, 500) gets the security headers; a route
    // that sets its own policy (the single sign-on pages, server/oidc/pages.ts) keeps it.
    setAnswerHeaders(c, securityHeaders({ csp, https: isHttps(c) }), { keepExisting: true });
  });

  // API answers are never cached by browsers or proxies: every one, also the 413 of the body
  // limits below and the 403 of the CSRF check (set after the handler, so a route may choose).
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    await next();
    setAnswerHeaders(c, { 'Cache-Control': 'no-store' }, { keepExisting: true });
  });

  const defaultLimit = bodyLimit({
    maxSize: deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onError: (c) => c.json({ error: 'Request body too large' } satisfies ErrorBody, 413),
  });
  // Calls whose bodies may be larger: the CSV upload (the file plus the multipart framing) and
  // the create calls (up to CSV_MAX_ROWS members and as many re-allowed duplicates); and the
  // device API's calls, capped far below the default (contract/device-api.ts).
  const largeLimits = new Map([
    ...[...DEVICE_API_BODY_LIMIT_BY_PATH].map(
      ([p, maxSize]) =>
        [p, bodyLimit({ maxSize, onError: (c) => c.json(deviceBodyTooLarge(), 413) })] as const,
    ),
    [
      `${API_PREFIX}${readMembers.path}`,
      bodyLimit({
        maxSize: CSV_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        onError: (c) => c.json({ error: csvTooLargeMessage() } satisfies ErrorBody, 413),
      }),
    ],
    ...[createMembers.path, createSsoMembers.path].map(
      (p) =>
        [
          `${API_PREFIX}${p}`,
          bodyLimit({
            maxSize: CREATE_MEMBERS_BODY_LIMIT_BYTES,
            onError: (c) => c.json({ error: 'Request body too large' } satisfies ErrorBody, 413),
          }),
        ] as const,
    ),
  ]);
  // The public API answers problem+json, also for a body that is too large (server/public-api/).
  const publicApiLimit = bodyLimit({
    maxSize: deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onError: () =>
      problemResponse(
        new ProblemError('payload_too_large', 'The request body is larger than 1 MB.'),
      ),
  });
  const isPublicApi = (p: string) =>
    p === PUBLIC_API_PREFIX || p.startsWith(`${PUBLIC_API_PREFIX}/`);
  app.use(`${API_PREFIX}/*`, (c, next) => {
    if (!isPublicApi(c.req.path)) return (largeLimits.get(c.req.path) ?? defaultLimit)(c, next);
    // A public API read without Content-Length or Transfer-Encoding has no body (HTTP/1.1
    // framing): nothing to limit, and asking for its body would build a whole web Request on
    // every call (decision 058). Anything else is measured.
    if (requestHasNoBody(c)) return next();
    return publicApiLimit(c, next);
  });
  // JSON answers above 1 KB (a 100-row device page is ~40 KB) travel gzip-compressed. Not the
  // device API's: its answers are a few bytes, and a zlib stream per report cost a tenth of a
  // report's CPU (docs/decisions/051-device-api.md, 'Throughput').
  const compressor = compress();
  app.use(`${API_PREFIX}/*`, (c, next) =>
    c.req.path.startsWith(DEVICE_API_PREFIX) ? next() : compressor(c, next),
  );
  // CSRF (csrf.ts; on top of the SameSite=Lax cookie): calls that change data need our header
  // and, when the browser names one, our origin. The GET calls that write are listed here.
  const csrfPolicy: Omit<CsrfPolicy, 'https'> = {
    publicUrl: s.publicUrl,
    trustProxy: s.trustProxy,
    writingGets: new Set([getWebhookSecret, getBillingUpdateKey].map((e) => API_PREFIX + e.path)),
    // The development OpenID Provider's forms post to its own Node-level mount, outside this app.
    formPaths: new Set<string>(),
    signedPaths: new Set(s.stripe ? [STRIPE_WEBHOOK_PATH] : []),
    // The mobile app's calls: an enrolment code or the device credential, never the cookie.
    credentialPrefixes: [DEVICE_API_PREFIX],
  };
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    // The public API: its bearer key alone authenticates, a cookie nothing, so a cross-site
    // request carries no authority there (docs/decisions/054-public-api.md).
    if (isPublicApi(c.req.path)) return next();
    const problem = csrfProblem(
      { method: c.req.method, url: c.req.url, header: (name) => c.req.header(name) },
      { ...csrfPolicy, https: isHttps(c) },
    );
    if (problem) return c.json({ error: problem } satisfies ErrorBody, 403);
    await next();
  });

  // A call that changed data may have enqueued work (an e-mail, a webhook event) with its
  // transaction: the workers look at once instead of at their next poll.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') s.queue.wake();
  });

  const isReady = deps.isReady ?? (() => true);
  const route = createRoute(async (c) => {
    // Before migrations have run there is no sessions table to look in.
    if (!isReady()) return null;
    const token = readSessionToken(c, s.production);
    return token ? findSession(s.db, token, s.now(), s.sessionIdleMs) : null;
  }, auditCalls(s.db));

  healthRoutes(app, route, isReady);
  sessionRoutes(app, route, s);
  orgsRoutes(app, route, s);
  devicesRoutes(app, route, s);
  alertsRoutes(app, route, s);
  membersRoutes(app, route, s);
  ssoRoutes(app, route, s);
  adminsRoutes(app, route, s);
  scimRoutes(app, route, s);
  mdmRoutes(app, route, s);
  threatHunterRoutes(app, route, s);
  apiTokenRoutes(app, route, s);
  webhookRoutes(app, route, s);
  webhookDeliveryRoutes(app, route, s);
  conditionalAccessRoutes(app, route, s);
  notificationsRoutes(app, route, s);
  preferencesRoutes(app, route, s);
  undeliveredEmailRoutes(app, route, s);
  auditRoutes(app, route, s);
  // The live console's event stream (docs/decisions/052-live-console.md).
  eventsRoutes(app, s, deps.notices ?? new NoticeHub(null, s.logger), isReady, {
    ...DEFAULT_LIVE_STREAM_OPTIONS,
    ...deps.liveStream,
  });
  // One card processor per start: Stripe with STRIPE_SECRET_KEY, else the built-in test
  // processor (docs/decisions/040-stripe.md).
  if (s.stripe) {
    stripeBillingRoutes(app, route, s, s.stripe);
    stripeWebhookRoutes(app, s, s.stripe);
  } else {
    billingRoutes(app, route, s);
  }
  // The SCIM 2.0 service for identity providers' servers: outside /api, so outside the CSRF rule
  // and the session cookie; its bearer token alone authenticates (docs/decisions/050-scim.md).
  scimService(app, s);
  // The device API for the mobile app (docs/decisions/051-device-api.md): under /api, but exempt
  // from the CSRF rule above and deaf to the session cookie; the enrolment code or the device
  // credential alone authenticates.
  deviceApiRoutes(app, s);
  // The public REST API that API keys open, its OpenAPI document and its reference page
  // (server/public-api/, docs/decisions/054-public-api.md).
  const openApi = JSON.stringify(openApiDocument());
  app.get(`${PUBLIC_API_PREFIX}/openapi.json`, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(openApi, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  publicApi(app, s);
  apiDocsPage(app);
  // Single sign-on (browser navigations, outside the contract): the same in every mode.
  oidcRoutes(app, s);
  if (!s.production) {
    devSystemRoutes(app, route, s);
    devBillingRoutes(app, route, s);
  }

  app.all(`${API_PREFIX}/*`, (c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404));
  app.all(API_PREFIX, (c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404));

  const staticDir = deps.staticDir;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) mountStatic(app, staticDir);

  app.notFound((c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404));
  app.onError((error, c) => {
    if (error instanceof HashingBusyError) {
      // Too many password checks at once (hashing is bounded: passwords.ts): try again shortly.
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(
        { error: 'The server is busy. Try again in a few seconds.' } satisfies ErrorBody,
        503,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || 'Bad request' } satisfies ErrorBody, error.status);
    }
    if (isDatabaseConflict(error)) {
      // Lost a deadlock or a serialization conflict: rolled back, and would pass if sent again
      // (../db/conflicts.ts). Logged, as something to look into, but not as the call's failure.
      s.logger.warn(
        `[http] ${c.req.method} ${new URL(c.req.url).pathname}: database conflict, answered 503:`,
        describeError(error),
      );
      c.header('Retry-After', String(CONFLICT_RETRY_AFTER_SECONDS));
      return c.json(
        { error: 'The server is busy. Try again in a few seconds.' } satisfies ErrorBody,
        503,
      );
    }
    s.logger.error(
      `[http] ${c.req.method} ${new URL(c.req.url).pathname} failed:`,
      describeError(error),
    );
    return c.json({ error: 'Internal server error' } satisfies ErrorBody, 500);
  });

  return app;
}

/** The built portal: hashed assets cached forever, every other GET falls back to index.html. */
function mountStatic(app: Hono<AppEnv>, root: string): void {
  const files = serveStatic({ root });
  // gzip/deflate for the portal's text files (JS, CSS, HTML, SVG, maps): the first load is budgeted
  // in gzip bytes (README, "Performance"). The API routes are registered earlier and are not
  // wrapped.
  app.use('*', compress());
  // serveStatic builds its Response before onFound runs, so the caching header is set beforehand
  // (a miss falls through to a handler that sets its own).
  app.use('/assets/*', async (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return files(c, next);
  });
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    c.header('Cache-Control', 'no-cache');
    return files(c, next);
  });
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    // Read per request: a rebuilt dist/ is picked up without a restart.
    return c.html(await readFile(path.join(root, 'index.html'), 'utf8'));
  });
}
