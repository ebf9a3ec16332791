import * as z from 'zod/mini';
import { DEFAULT_TOKEN_EXPIRATION, TOKEN_EXPIRATIONS } from '@domain/api-keys';
import { defineEndpoint, messageFields } from './endpoint';
import { isoDateTime } from './fields';

/** Expiry choices of the API key (domain/api-keys.ts). */
export const TokenExpiration = z.enum(TOKEN_EXPIRATIONS);
export type TokenExpiration = z.infer<typeof TokenExpiration>;

/**
 * The API key (docs/product/integrations.md, 'API key'). `token` is null when no key exists;
 * `expiresAt` (ISO date-time) is null for a key that never expires. A key past `expiresAt` is still
 * answered and shows as Expired.
 */
export const ApiConfig = z.looseObject({
  ...messageFields,
  token: z.nullable(z.string()),
  expiresAt: z.nullable(isoDateTime()),
});
export type ApiConfig = z.infer<typeof ApiConfig>;

export const getApiToken = defineEndpoint({
  method: 'GET',
  path: '/api/token',
  response: ApiConfig,
});

export const GenerateApiTokenBody = z.object({
  tokenExpiration: z._default(TokenExpiration, DEFAULT_TOKEN_EXPIRATION),
});
export type GenerateApiTokenBody = z.input<typeof GenerateApiTokenBody>;

/** Generates a key, invalidating the previous one. */
export const generateApiToken = defineEndpoint({
  method: 'POST',
  path: '/api/token',
  body: GenerateApiTokenBody,
  response: ApiConfig,
});

/** Revokes the key; answers the now empty config (token and expiresAt null). */
export const revokeApiToken = defineEndpoint({
  method: 'DELETE',
  path: '/api/token',
  response: ApiConfig,
});
