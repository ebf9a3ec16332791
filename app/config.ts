/**
 * Everything the portal reads from the build environment, in one place. Vite inlines
 * `import.meta.env.VITE_*` at build time; defaults make `npm start` work with no configuration.
 */
const env = import.meta.env;

export const config = {
  /** Base of every API call; the reference server serves it on the same origin. */
  apiUrl: (env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api',
  /** Where 'Go To Portal' leads (dashboard notice). */
  newPortalUrl: (env.VITE_NEW_PORTAL_URL as string | undefined) || 'https://portal.example.com',
  sentryDsn: env.VITE_SENTRY_DSN as string | undefined,
  release: (env.VITE_RELEASE as string | undefined) || `admin-portal@${__APP_VERSION__}`,
  /** An HTTP endpoint that receives analytics events as JSON beacons; none by default. */
  analyticsUrl: env.VITE_ANALYTICS_URL as string | undefined,
  /** Stripe's publishable key; without it the card form runs on the built-in test processor. */
  stripePublishableKey: (env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined) || undefined,
  isProduction: env.PROD,
} as const;

/**
 * The product's portal name: the first half of every page title
 * (docs/product/README.md, 'Page frame').
 */
export const PORTAL_NAME = 'Device Security Portal';

/** External links of the frame and the screens (docs/product/README.md, 'Page frame'). */
export const links = {
  social: 'https://www.linkedin.com/company/example-mobile-security',
  terms: 'https://www.example.com/legal/terms',
  privacy: 'https://www.example.com/legal/privacy',
  faq: 'https://www.example.com/support/faq',
  supportEmail: 'support@example.com',
  salesEmail: 'sales@example.com',
  docs: {
    mdm: 'https://docs.example.com/admin/mdm',
    webhooks: 'https://docs.example.com/admin/webhooks',
    api: 'https://docs.example.com/admin/api',
    conditionalAccess: 'https://docs.example.com/admin/conditional-access',
    scim: 'https://docs.example.com/admin/scim',
    okta: 'https://docs.example.com/admin/sso/okta',
    azure: 'https://docs.example.com/admin/sso/azure',
  },
} as const;
