/**
 * The Stripe settings from the environment (pure; docs/decisions/040-stripe.md). Without
 * STRIPE_SECRET_KEY the server keeps the built-in test processor (decision 009); with it every
 * Stripe setting must be there. A missing or mistyped one stops the start with one line that
 * names the variable and never repeats its value (a secret must not reach a log).
 */

export interface StripeSettings {
  /** `sk_…` or a restricted `rk_…` key. */
  secretKey: string;
  /** `whsec_…`: verifies the events at POST /api/stripe/webhook. */
  webhookSecret: string;
  /** `price_…`: the one plan the trial subscribes to. */
  priceId: string;
  /** Where the SDK sends its calls (tests: a local server speaking Stripe's API). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export class StripeSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSettingsError';
  }
}

const SHAPES: Record<string, { pattern: RegExp; looksLike: string }> = {
  STRIPE_SECRET_KEY: { pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, looksLike: 'sk_live_…' },
  STRIPE_WEBHOOK_SECRET: { pattern: /^whsec_[A-Za-z0-9+/=]{8,}$/, looksLike: 'whsec_…' },
  STRIPE_PRICE_ID: { pattern: /^price_[A-Za-z0-9]{4,}$/, looksLike: 'price_…' },
};

function read(env: Record<string, string | undefined>, name: string): string {
  const value = env[name]?.trim() ?? '';
  const shape = SHAPES[name]!;
  if (!value) throw new StripeSettingsError(`${name} is required with STRIPE_SECRET_KEY.`);
  // The value is not quoted: it may be the secret itself, pasted into the wrong variable.
  if (!shape.pattern.test(value)) {
    throw new StripeSettingsError(
      `${name} does not look like a Stripe value (${shape.looksLike}).`,
    );
  }
  return value;
}

/**
 * STRIPE_API_BASE (e.g. `http://127.0.0.1:12111`, a local stand-in such as stripe-mock) moves the
 * SDK's calls elsewhere; refused in production, where only api.stripe.com is Stripe.
 */
function readApiBase(
  env: Record<string, string | undefined>,
  production: boolean,
): StripeSettings['api'] {
  const base = env.STRIPE_API_BASE?.trim();
  if (!base) return undefined;
  if (production) {
    throw new StripeSettingsError('STRIPE_API_BASE is refused with NODE_ENV=production.');
  }
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new StripeSettingsError('STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StripeSettingsError('STRIPE_API_BASE must be an http(s) URL.');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

/**
 * The Stripe settings, or null for the built-in test processor. The portal's card form is chosen
 * at build time by VITE_STRIPE_PUBLISHABLE_KEY, so the server's environment must name it too and
 * the two sides must agree: a Stripe card form against the test processor, or the reverse, cannot
 * save a card.
 */
export function readStripeSettings(
  env: Record<string, string | undefined>,
  production: boolean,
): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const publishable = env.VITE_STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
  if (!secretKey) {
    if (publishable) {
      throw new StripeSettingsError(
        'VITE_STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not: the Stripe card form ' +
          'needs the server side of Stripe (server/README.md, "Stripe").',
      );
    }
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) {
      if (env[name]?.trim()) {
        throw new StripeSettingsError(`${name} is set but STRIPE_SECRET_KEY is not.`);
      }
    }
    return null;
  }
  if (!publishable) {
    throw new StripeSettingsError(
      'STRIPE_SECRET_KEY is set but VITE_STRIPE_PUBLISHABLE_KEY is not: the portal would show ' +
        'the test card form, which Stripe cannot confirm. Set both (for the build and the server).',
    );
  }
  if (!/^pk_(test|live)_/.test(publishable)) {
    throw new StripeSettingsError(
      'VITE_STRIPE_PUBLISHABLE_KEY does not look like a Stripe publishable key (pk_…).',
    );
  }
  const settings: StripeSettings = {
    secretKey: read(env, 'STRIPE_SECRET_KEY'),
    webhookSecret: read(env, 'STRIPE_WEBHOOK_SECRET'),
    priceId: read(env, 'STRIPE_PRICE_ID'),
  };
  const live = (key: string) => /_live_/.test(key);
  if (live(publishable) !== live(settings.secretKey)) {
    throw new StripeSettingsError(
      'VITE_STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY are of different modes (test and live).',
    );
  }
  const api = readApiBase(env, production);
  return api ? { ...settings, api } : settings;
}
