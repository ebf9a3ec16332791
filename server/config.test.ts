import { describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from './config';

/** Production needs an SMTP server (SMTP_URL) to start. */
const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
describe('readServerConfig', () => {
  it('development listens on loopback only by default; production on every interface', () => {
    expect(readServerConfig({}).host).toBe('127.0.0.1');
    expect(readServerConfig({ ...PRODUCTION, PUBLIC_URL: 'https://p.example' }).host).toBe(
      '0.0.0.0',
    );
    expect(readServerConfig({}).warnings).toEqual([]);
  });

  it('warns when development mode listens beyond loopback', () => {
    const config = readServerConfig({ HOST: '0.0.0.0' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatch(/^WARNING: development mode listens on 0\.0\.0\.0/);
    for (const host of ['localhost', '127.0.0.1', '::1', '127.0.0.2']) {
      expect(readServerConfig({ HOST: host }).warnings).toEqual([]);
    }
  });

  it('API_RATE_LIMIT: 600 requests a minute by default, a positive whole number or a [config] refusal', () => {
    expect(readServerConfig({}).apiRateLimit).toBe(600);
    expect(readServerConfig({ API_RATE_LIMIT: '100000' }).apiRateLimit).toBe(100_000);
    for (const bad of ['0', '-5', '1.5', 'lots', '1e3', ' 12 x']) {
      expect(() => readServerConfig({ API_RATE_LIMIT: bad }), bad).toThrow(ConfigError);
      expect(() => readServerConfig({ API_RATE_LIMIT: bad }), bad).toThrow(/API_RATE_LIMIT/);
    }
  });

  it('seeds demo data only in development; SEED_DEMO=1 is refused in production', () => {
    expect(readServerConfig({}).seedDemo).toBe(true);
    expect(readServerConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readServerConfig({ ...PRODUCTION, PUBLIC_URL: 'https://p.example' }).seedDemo).toBe(
      false,
    );
    expect(() => readServerConfig({ ...PRODUCTION, SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO=1 is refused with NODE_ENV=production/,
    );
    expect(() => readServerConfig({ SEED_DEMO: 'yes' })).toThrow(ConfigError);
  });

  it('reads the idle timeout in minutes (default 30) and refuses nonsense', () => {
    expect(readServerConfig({}).sessionIdleMs).toBe(30 * 60_000);
    expect(readServerConfig({ SESSION_IDLE_MINUTES: '5' }).sessionIdleMs).toBe(5 * 60_000);
    expect(() => readServerConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => readServerConfig({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
  });

  it('warns about a production start without PUBLIC_URL and refuses a malformed one', () => {
    expect(readServerConfig(PRODUCTION).warnings.join()).toMatch(/PUBLIC_URL is not set/);
    expect(() => readServerConfig({ PUBLIC_URL: 'portal.example' })).toThrow(/PUBLIC_URL/);
    expect(() => readServerConfig({ PUBLIC_URL: 'ftp://portal.example' })).toThrow(/PUBLIC_URL/);
  });

  it('takes the dev portal origins as a list', () => {
    expect(
      readServerConfig({ DEV_PORTAL_ORIGIN: 'http://localhost:5173/, http://127.0.0.1:5173' })
        .devPortalOrigins,
    ).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('e-mail: SMTP_URL and MAIL_FROM, required in production with one line naming the variable', () => {
    expect(readServerConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'Admin Portal <no-reply@localhost>',
      fromDomain: 'localhost',
    });
    expect(
      readServerConfig({
        SMTP_URL: 'smtps://u:p@mail.example:465',
        MAIL_FROM: 'Portal <no-reply@portal.example>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Portal <no-reply@portal.example>',
      fromDomain: 'portal.example',
    });
    expect(() => readServerConfig({ NODE_ENV: 'production' })).toThrow(/^SMTP_URL is not set/);
    // A malformed URL is refused without repeating it (it may hold a password).
    let message = '';
    try {
      readServerConfig({ SMTP_URL: 'http://u:hunter2@mail.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).not.toContain('hunter2');
    expect(() => readServerConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => readServerConfig({ MAIL_FROM: 'A <a@b.example>\r\nBcc: x@y' })).toThrow(
      /MAIL_FROM/,
    );
  });

  it('DELIVERY_RETRY_SCHEDULE: the default, a list, or a clear refusal', () => {
    expect(readServerConfig({}).retrySchedule).toEqual([60, 300, 1800, 7200, 43200]);
    expect(readServerConfig({ DELIVERY_RETRY_SCHEDULE: '1,1,1' }).retrySchedule).toEqual([1, 1, 1]);
    expect(() => readServerConfig({ DELIVERY_RETRY_SCHEDULE: 'soon' })).toThrow(
      /DELIVERY_RETRY_SCHEDULE/,
    );
  });
});

describe('Stripe settings (docs/decisions/040-stripe.md)', () => {
  const full = {
    STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMn',
    STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEfGhIjKlMn0123',
    STRIPE_PRICE_ID: 'price_1AbCdEf',
    VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEfGhIjKlMn',
  };

  it('without keys the built-in test processor runs', () => {
    expect(readServerConfig({}).stripe).toBeNull();
  });

  it('reads the full set', () => {
    expect(readServerConfig(full).stripe).toEqual({
      secretKey: full.STRIPE_SECRET_KEY,
      webhookSecret: full.STRIPE_WEBHOOK_SECRET,
      priceId: full.STRIPE_PRICE_ID,
    });
  });

  it('a publishable key without the secret key, or the reverse, stops the start with one line', () => {
    expect(() =>
      readServerConfig({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEfGhIjKlMn' }),
    ).toThrow(/^VITE_STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not/);
    const { VITE_STRIPE_PUBLISHABLE_KEY: _pk, ...serverOnly } = full;
    expect(() => readServerConfig(serverOnly)).toThrow(
      /^STRIPE_SECRET_KEY is set but VITE_STRIPE_PUBLISHABLE_KEY is not/,
    );
    expect(() => readServerConfig({ STRIPE_PRICE_ID: 'price_1AbCdEf' })).toThrow(
      /STRIPE_PRICE_ID is set but STRIPE_SECRET_KEY is not/,
    );
  });

  it('names a missing or malformed setting without repeating any value', () => {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
      expect(() => readServerConfig({ ...full, [name]: '' })).toThrow(
        new RegExp(`^${name} is required`),
      );
    }
    // The webhook secret pasted into the key's variable: refused, and the line does not show it.
    let message = '';
    try {
      readServerConfig({ ...full, STRIPE_SECRET_KEY: full.STRIPE_WEBHOOK_SECRET });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^STRIPE_SECRET_KEY does not look like/);
    expect(message).not.toContain(full.STRIPE_WEBHOOK_SECRET);
    expect(() =>
      readServerConfig({ ...full, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEfGhIjKlMn' }),
    ).toThrow(/different modes/);
  });

  it('STRIPE_API_BASE points the SDK elsewhere, never in production', () => {
    expect(
      readServerConfig({ ...full, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api,
    ).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(() =>
      readServerConfig({
        ...full,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://p.example',
        SMTP_URL: 'smtp://mail.p.example:587',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toThrow(/STRIPE_API_BASE is refused/);
  });
});
