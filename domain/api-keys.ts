/**
 * API keys (docs/product/integrations.md, 'API key'): the expiry choices of a new key and when a
 * key counts as expired. The spec does not show the wire values; we use its "retention" enumeration
 * (contract/README.md).
 */

/** Expiry choices: 6 months, 1 year (the default), never. */
export const TOKEN_EXPIRATIONS = ['SIX_MONTHS', 'ONE_YEAR', 'NEVER'] as const;
export type TokenExpiration = (typeof TOKEN_EXPIRATIONS)[number];
export const DEFAULT_TOKEN_EXPIRATION: TokenExpiration = 'ONE_YEAR';

/** The 'Expires' dropdown's texts. */
export const TOKEN_EXPIRATION_LABELS: Readonly<Record<TokenExpiration, string>> = {
  SIX_MONTHS: '6 months',
  ONE_YEAR: '1 year',
  NEVER: 'Never',
};

/** How many calendar months a key of each choice lives; null: it never expires. */
export const TOKEN_EXPIRATION_MONTHS: Readonly<Record<TokenExpiration, number | null>> = {
  SIX_MONTHS: 6,
  ONE_YEAR: 12,
  NEVER: null,
};

/**
 * Whether a key expiring at `expiresAt` (ISO date-time; null: never) has expired at `now`: from
 * the expiry moment on, the card shows 'Expired on {date}'. An unparsable date is not expired.
 */
export function isTokenExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}
