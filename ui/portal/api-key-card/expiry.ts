import { format } from 'date-fns';

import {
  DEFAULT_TOKEN_EXPIRATION,
  isTokenExpired,
  TOKEN_EXPIRATION_LABELS,
  TOKEN_EXPIRATIONS,
  type TokenExpiration,
} from '@domain/api-keys';
import { labelled } from '@domain/labels';

/** Expiry choices for the next key (wire values of the API's `tokenExpiration`). */
export type ApiKeyExpiration = TokenExpiration;

export const API_KEY_EXPIRATION_OPTIONS = labelled(TOKEN_EXPIRATIONS, TOKEN_EXPIRATION_LABELS);

/** 1 year is the default. */
export const DEFAULT_API_KEY_EXPIRATION: ApiKeyExpiration = DEFAULT_TOKEN_EXPIRATION;

/** 'March 5th, 2025'. */
export const EXPIRY_DATE_FORMAT = 'MMMM do, yyyy';

export type ApiKeyExpiry =
  { kind: 'never'; text: string } | { kind: 'expires' | 'expired'; date: Date; text: string };

/**
 * What the card says about a key's expiry at `now`: 'Never expires' (null `expiresAt`),
 * 'Expires on {date}', or 'Expired on {date}' once `expiresAt` is reached. An unparsable date
 * gives null (nothing shown rather than 'Invalid Date').
 */
export function apiKeyExpiry(expiresAt: string | null, now: Date): ApiKeyExpiry | null {
  if (expiresAt === null) return { kind: 'never', text: 'Never expires' };
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  const formatted = format(date, EXPIRY_DATE_FORMAT);
  return isTokenExpired(expiresAt, now)
    ? { kind: 'expired', date, text: `Expired on ${formatted}` }
    : { kind: 'expires', date, text: `Expires on ${formatted}` };
}
