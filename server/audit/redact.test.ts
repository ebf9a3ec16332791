import { describe, expect, it } from 'vitest';
import { REDACTED } from '@domain/audit';
import { isSecretKey, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('replaces every secret member at any depth, leaves the rest and the input untouched', () => {
    const input = {
      enabled: true,
      authHeader: 'Bearer abc',
      nested: { clientSecret: 's3cret', tenant: 'example', list: [{ token: 't' }, { url: 'u' }] },
      card: { number: '4242424242424242', cvc: '123', expMonth: 12 },
    };
    expect(redactSecrets(input)).toEqual({
      enabled: true,
      authHeader: REDACTED,
      nested: {
        clientSecret: REDACTED,
        tenant: 'example',
        list: [{ token: REDACTED }, { url: 'u' }],
      },
      card: { number: REDACTED, cvc: REDACTED, expMonth: 12 },
    });
    expect(input.authHeader).toBe('Bearer abc');
  });

  it('keeps null (no secret set), redacts any other value, even a non-string', () => {
    expect(redactSecrets({ secret: null, token: 123, password: { a: 1 } })).toEqual({
      secret: null,
      token: REDACTED,
      password: REDACTED,
    });
  });

  it('names secrets without regard to case, _ or -', () => {
    for (const key of [
      'client_secret',
      'CLIENT-SECRET',
      'authHeader',
      'auth_header',
      'requestToken',
    ]) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['tokenExpiration', 'secretSaved', 'url', 'enabled', 'clientSecretSaved']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it('survives nesting deeper than a recursive walk could follow', () => {
    let deep: Record<string, unknown> = { secret: 'x' };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    const out = redactSecrets(deep);
    let node = out as Record<string, unknown>;
    while (node.next) node = node.next as Record<string, unknown>;
    expect(node.secret).toBe(REDACTED);
  });
});
