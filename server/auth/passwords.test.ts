import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  PasswordVerifier,
  TEST_SCRYPT_PARAMS,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('production defaults are scrypt N=2^17, r=8, p=1', () => {
    expect(DEFAULT_SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    expect(new PasswordVerifier().params).toBe(DEFAULT_SCRYPT_PARAMS);
  });

  it('stores scrypt$N$r$p$salt$hash with a random 16-byte salt', async () => {
    const a = await hashPassword('Any-Passw0rd-1!', TEST_SCRYPT_PARAMS);
    const b = await hashPassword('Any-Passw0rd-1!', TEST_SCRYPT_PARAMS);
    expect(a).toMatch(/^scrypt\$16\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Any-Passw0rd-1!', a)).toBe(true);
    expect(await verifyPassword('portal-demo-1!', a)).toBe(false);
  });

  it('rejects malformed or absurd stored hashes without throwing', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999$8$1$AAAA$AAAA')).toBe(false);
  });

  it('verifies against a dummy hash when there is none, and says no', async () => {
    const verifier = new PasswordVerifier(TEST_SCRYPT_PARAMS);
    expect(await verifier.verify('anything', null)).toBe(false);
    expect(await verifier.verify('anything', undefined)).toBe(false);
  });

  it('a real-cost hash verifies (and takes real time)', async () => {
    const started = performance.now();
    const stored = await hashPassword('Any-Passw0rd-1!');
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Any-Passw0rd-1!', stored)).toBe(true);
    expect(performance.now() - started).toBeGreaterThan(20);
  }, 30_000);
});
