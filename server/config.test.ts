import { describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from './config';

describe('readServerConfig', () => {
  it('development listens on loopback only by default; production on every interface', () => {
    expect(readServerConfig({}).host).toBe('127.0.0.1');
    expect(readServerConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://p.example' }).host).toBe(
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

  it('seeds demo data only in development; SEED_DEMO=1 is refused in production', () => {
    expect(readServerConfig({}).seedDemo).toBe(true);
    expect(readServerConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(
      readServerConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://p.example' }).seedDemo,
    ).toBe(false);
    expect(() => readServerConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(
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
    expect(readServerConfig({ NODE_ENV: 'production' }).warnings.join()).toMatch(
      /PUBLIC_URL is not set/,
    );
    expect(() => readServerConfig({ PUBLIC_URL: 'portal.example' })).toThrow(/PUBLIC_URL/);
    expect(() => readServerConfig({ PUBLIC_URL: 'ftp://portal.example' })).toThrow(/PUBLIC_URL/);
  });

  it('takes the dev portal origins as a list', () => {
    expect(
      readServerConfig({ DEV_PORTAL_ORIGIN: 'http://localhost:5173/, http://127.0.0.1:5173' })
        .devPortalOrigins,
    ).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });
});
