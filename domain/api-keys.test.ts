import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_TOKEN_EXPIRATION,
  isTokenExpired,
  TOKEN_EXPIRATION_LABELS,
  TOKEN_EXPIRATION_MONTHS,
  TOKEN_EXPIRATIONS,
} from './api-keys';

const NOW = new Date('2026-11-20T14:05:00Z');

describe('API key expiry', () => {
  it('6 months, 1 year (the default), never: texts and lifetimes', () => {
    expect(TOKEN_EXPIRATIONS.map((e) => TOKEN_EXPIRATION_LABELS[e])).toEqual([
      '6 months',
      '1 year',
      'Never',
    ]);
    expect(TOKEN_EXPIRATIONS.map((e) => TOKEN_EXPIRATION_MONTHS[e])).toEqual([6, 12, null]);
    expect(DEFAULT_TOKEN_EXPIRATION).toBe('ONE_YEAR');
  });

  it('property: a key has expired from its expiry moment on; a key without one never does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 10), max: 10 ** 10 }), (offset) => {
        const expiresAt = new Date(NOW.getTime() + offset).toISOString();
        expect(isTokenExpired(expiresAt, NOW)).toBe(offset <= 0);
      }),
    );
    expect(isTokenExpired(null, NOW)).toBe(false);
    expect(isTokenExpired('not a date', NOW)).toBe(false);
  });
});
