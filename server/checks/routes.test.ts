/**
 * Registry check: every endpoint implemented so far has a route, and every endpoint of the
 * contract registry is either implemented or explicitly listed as not served yet (LATER).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ONLY_ENDPOINTS, endpoints, type EndpointName } from '@contract/api';
import type { Endpoint } from '@contract/endpoint';
import { deviceEndpoints } from '@contract/device-api';
import { PUBLIC_API_OPERATIONS, PUBLIC_API_PREFIX } from '@contract/public-api';
import { createApp } from '../app';
import { captureLogger, createTestApp } from '../test-support';

/** Implemented by this server. */
const IMPLEMENTED = [
  'getSession',
  'login',
  'logout',
  'resetPassword',
  'updatePassword',
  'lookupOrg',
  'listDevices',
  'getDeviceDetail',
  'getAlertDetail',
  'unenrollDevices',
  'listAlerts',
  'updateAlerts',
  'readMembers',
  'listMembers',
  'createMembers',
  'createSsoMembers',
  'emailMembers',
  'emailAllMembers',
  'listMemberDirectory',
  'resendMemberInvitation',
  'deactivateMember',
  'reactivateMember',
  'saveSsoConfig',
  'getSsoConfig',
  'getSsoProvider',
  'listSsoGroups',
  'getSsoGroupMembers',
  'deleteSso',
  'addAdmin',
  'resendAdminInvite',
  'listAdmins',
  'getScimConfig',
  'updateScimConfig',
  'getMdmConfig',
  'updateMdmConfig',
  'listThreatHunterUsers',
  'addThreatHunterUser',
  'health',
  'devOutbox',
  'devExpireSession',
  'getBillingInfo',
  'getPlanInfo',
  'cancelPlan',
  'reactivatePlan',
  'updateDefaultPayment',
  'getBillingUpdateKey',
  'deleteOrg',
  'devConfirmCardSetup',
  'devCreateOrg',
  'devOpenAlert',
  'getApiToken',
  'generateApiToken',
  'revokeApiToken',
  'getWebhook',
  'saveWebhook',
  'deleteWebhook',
  'listWebhookDeliveries',
  'resendWebhookDelivery',
  'sendWebhookTestEvent',
  'getWebhookSecret',
  'getConditionalAccessConfig',
  'saveConditionalAccessConfig',
  'removeConditionalAccess',
  'getConditionalAccessPolicy',
  'updateConditionalAccessPolicy',
  'getEmailPreferences',
  'updateEmailPreferences',
  'getEmailTemplate',
  'saveEmailTemplate',
  'getNotificationPreferences',
  'updateNotificationPreferences',
  'listUndeliveredEmails',
  'resendUndeliveredEmail',
  'listAuditEvents',
  'exportAuditEventsCsv',
  'exportDevicesCsv',
  'exportAlertsCsv',
  'exportAuditEventsJsonLines',
  'getAuditFilterOptions',
  'getAuditSettings',
  'updateAuditSettings',
  'getPreferences',
  'updatePreferences',
] as const satisfies readonly EndpointName[];

/** In the contract, not implemented yet. Remove a name when its route lands. */
const LATER = ['createOrg'] as const satisfies readonly EndpointName[];

/**
 * Routes outside the contract: single sign-on's browser navigations (server/oidc/routes.ts) and
 * the live console's event stream (server/events/routes.ts, described in contract/events.ts), in
 * every mode. The development OpenID Provider is not an app route at all (a Node-level mount in
 * main.ts, development only: production-start.test.ts checks it is absent).
 */
const EXTRA_ROUTES = ['GET /api/oauth/login', 'GET /api/oauth/callback', 'GET /api/events'];
/**
 * The device API (contract/device-api.ts, server/device-api/): the mobile app's calls, in their
 * own registry (the portal never makes them), in every mode.
 */
const DEVICE_ROUTES = Object.values(deviceEndpoints).map((e) => `${e.method} /api${e.path}`);
/**
 * The public REST API (contract/public-api.ts, server/public-api/): its operations, its OpenAPI
 * document and its reference page, in every mode.
 */
const PUBLIC_API_ROUTES = [
  `GET ${PUBLIC_API_PREFIX}/openapi.json`,
  // The reference page and its files (server/public-api/docs-page.ts).
  'GET /api/docs',
  'GET /api/docs/start.js',
  'GET /api/docs/overrides.css',
  'GET /api/docs/:file',
  ...PUBLIC_API_OPERATIONS.map(
    (o) => `${o.method} ${PUBLIC_API_PREFIX}${o.path.replace(/\{(\w+)\}/g, ':$1')}`,
  ),
];
/** Outside the contract, with Stripe configured (also in production): Stripe's signed events. */
const STRIPE_ROUTES = ['POST /api/stripe/webhook'];
const STRIPE = {
  secretKey: 'sk_test_51RoutesCheckKey',
  webhookSecret: 'whsec_RoutesCheckSecret',
  priceId: 'price_1Routes',
};

type RoutedApp = { routes: ReadonlyArray<{ method: string; path: string }> };
const key = (e: Endpoint) => `${e.method} /api${e.path}`;
const registered = (app: RoutedApp) =>
  new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('route registry', () => {
  it('registers every implemented endpoint (development mode)', () => {
    const routes = registered(t.app);
    for (const name of IMPLEMENTED) expect(routes.has(key(endpoints[name])), name).toBe(true);
  });

  it('accounts for every endpoint of the contract: implemented or listed for later', () => {
    const known = new Set<string>([...IMPLEMENTED, ...LATER]);
    const unaccounted = Object.keys(endpoints).filter((name) => !known.has(name));
    expect(unaccounted, 'new contract endpoints: implement them or add them to LATER').toEqual([]);
    for (const name of LATER) {
      expect(
        IMPLEMENTED as readonly string[],
        `${name} is both implemented and later`,
      ).not.toContain(name);
    }
  });

  it('lists as later only endpoints that really have no route yet', () => {
    const routes = registered(t.app);
    const landed = LATER.filter((name) => routes.has(key(endpoints[name])));
    expect(landed, 'implemented now: move them from LATER to IMPLEMENTED').toEqual([]);
  });

  it('registers no /api route outside the contract except single sign-on’s navigations', () => {
    const contractKeys = new Set(Object.values(endpoints).map(key));
    const strays = [...registered(t.app)].filter(
      (route) =>
        route.includes(' /api') &&
        !contractKeys.has(route) &&
        !EXTRA_ROUTES.includes(route) &&
        !DEVICE_ROUTES.includes(route) &&
        !PUBLIC_API_ROUTES.includes(route),
    );
    expect(strays).toEqual([]);
  });

  it('registers every call of the device API and the public API, in development and in production', () => {
    for (const app of [t.app, createApp({ db: t.db, production: true, logger: captureLogger() })]) {
      const routes = registered(app);
      for (const route of DEVICE_ROUTES) expect(routes.has(route), route).toBe(true);
      for (const route of PUBLIC_API_ROUTES) expect(routes.has(route), route).toBe(true);
    }
  });

  it('production mode registers no development-only endpoint', () => {
    const prod = createApp({ db: t.db, production: true, logger: captureLogger() });
    const routes = registered(prod);
    for (const name of DEV_ONLY_ENDPOINTS)
      expect(routes.has(key(endpoints[name])), name).toBe(false);
    // Single sign-on is the product's, the same in every mode.
    for (const route of EXTRA_ROUTES) expect(routes.has(route), route).toBe(true);
    for (const name of IMPLEMENTED) {
      if ((DEV_ONLY_ENDPOINTS as readonly string[]).includes(name)) continue;
      expect(routes.has(key(endpoints[name])), name).toBe(true);
    }
  });

  it('with Stripe configured: every endpoint, and the Stripe event endpoint only then', () => {
    for (const production of [false, true]) {
      const app = createApp({ db: t.db, production, logger: captureLogger(), stripe: STRIPE });
      const routes = registered(app);
      for (const route of STRIPE_ROUTES) expect(routes.has(route), route).toBe(true);
      for (const name of IMPLEMENTED) {
        if (production && (DEV_ONLY_ENDPOINTS as readonly string[]).includes(name)) continue;
        expect(routes.has(key(endpoints[name])), name).toBe(true);
      }
      const contractKeys = new Set(Object.values(endpoints).map(key));
      const strays = [...routes].filter(
        (route) =>
          route.includes(' /api') &&
          !contractKeys.has(route) &&
          !EXTRA_ROUTES.includes(route) &&
          !DEVICE_ROUTES.includes(route) &&
          !PUBLIC_API_ROUTES.includes(route) &&
          !STRIPE_ROUTES.includes(route),
      );
      expect(strays).toEqual([]);
    }
    for (const route of STRIPE_ROUTES) expect(registered(t.app).has(route), route).toBe(false);
  });
});
