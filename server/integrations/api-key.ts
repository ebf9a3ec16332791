/**
 * API keys (pure): 'mdsk_' + 32 random bytes base64url. The server keeps only the key's sha256
 * and a display form ('mdsk_…AbCd'); the key itself is answered once, when generated.
 */
import { randomBytes } from 'node:crypto';
import { TOKEN_EXPIRATION_MONTHS, type TokenExpiration } from '@domain/api-keys';

export const API_KEY_PREFIX = 'mdsk_';
/** 'mdsk_' and 43 base64url characters (32 bytes). */
const API_KEY_PATTERN = /^mdsk_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whether a presented string can be a key at all (checked before any hashing or lookup). */
export function isApiKeyFormat(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

/** What GET /api/token answers: the prefix and the last 4 characters ('mdsk_…AbCd'). */
export function apiKeyDisplay(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

/** `date` plus whole calendar months in UTC, clamped to the month's last day (Aug 31 + 6 → Feb 28/29). */
export function addUtcMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** When a key generated at `now` with this choice expires; null for NEVER. */
export function apiKeyExpiry(choice: TokenExpiration, now: Date): Date | null {
  const months = TOKEN_EXPIRATION_MONTHS[choice];
  return months === null ? null : addUtcMonths(now, months);
}
