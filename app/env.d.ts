/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_NEW_PORTAL_URL?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_RELEASE?: string;
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
}
