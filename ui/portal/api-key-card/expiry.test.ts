import { describe, expect, it } from 'vitest';

import { apiKeyExpiry, API_KEY_EXPIRATION_OPTIONS, DEFAULT_API_KEY_EXPIRATION } from './expiry';

// Noon UTC, so the calendar day is the same in every time zone from UTC-11 to UTC+11.
const NOW = new Date('2025-03-05T12:00:00Z');

describe('apiKeyExpiry', () => {
  it("says 'Never expires' for a key without expiry", () => {
    expect(apiKeyExpiry(null, NOW)).toEqual({ kind: 'never', text: 'Never expires' });
  });

  it("says 'Expires on {date}' for a future date, formatted like 'March 5th, 2026'", () => {
    expect(apiKeyExpiry('2026-03-05T12:00:00Z', NOW)).toMatchObject({
      kind: 'expires',
      text: 'Expires on March 5th, 2026',
    });
    expect(apiKeyExpiry('2025-09-22T12:00:00Z', NOW)?.text).toBe('Expires on September 22nd, 2025');
  });

  it("says 'Expired on {date}' for a past date", () => {
    expect(apiKeyExpiry('2025-01-01T12:00:00Z', NOW)).toMatchObject({
      kind: 'expired',
      text: 'Expired on January 1st, 2025',
    });
  });

  it('counts the exact expiry instant as expired', () => {
    expect(apiKeyExpiry(NOW.toISOString(), NOW)?.kind).toBe('expired');
    expect(apiKeyExpiry(new Date(NOW.getTime() + 1).toISOString(), NOW)?.kind).toBe('expires');
  });

  it('shows nothing for an unparsable date', () => {
    expect(apiKeyExpiry('not a date', NOW)).toBeNull();
  });
});

describe('API_KEY_EXPIRATION_OPTIONS', () => {
  it("offers '6 months', '1 year', 'Never' with 1 year as default", () => {
    expect(API_KEY_EXPIRATION_OPTIONS.map((o) => o.label)).toEqual(['6 months', '1 year', 'Never']);
    expect(DEFAULT_API_KEY_EXPIRATION).toBe('ONE_YEAR');
  });
});
