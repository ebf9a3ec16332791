/**
 * contract/api-token.ts: the organization's API key, only for organizations with API access
 * (403 otherwise). The key is answered once, when generated; afterwards GET answers its display
 * form ('mdsk_…AbCd') and expiry. Only the key's sha256 is stored (data/api-keys.ts).
 */
import type { Hono } from 'hono';
import { generateApiToken, getApiToken, revokeApiToken } from '@contract/api-token';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import type { SessionRecord } from '../auth/sessions';
import { findApiKey, replaceApiKey, revokeApiKey } from './api-keys-data';
import { apiKeyExpiry, newApiKey } from './api-key';

export const API_TOKEN_MESSAGES = {
  noAccess: 'API access is not enabled for this organization. Contact support to enable it.',
} as const;

function requireApiAccess(session: SessionRecord): void {
  if (!session.org.apiAccess) throw new HttpError(403, { error: API_TOKEN_MESSAGES.noAccess });
}

export function apiTokenRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getApiToken, async ({ session }) => {
    requireApiAccess(session);
    const key = await findApiKey(s.db, session.org.id);
    // An expired key is still answered: the card shows 'Expired on {date}'.
    return { token: key?.display ?? null, expiresAt: key?.expiresAt?.toISOString() ?? null };
  });

  route(app, generateApiToken, async ({ body, session }) => {
    requireApiAccess(session);
    const now = s.now();
    const key = newApiKey();
    const expiresAt = apiKeyExpiry(body.tokenExpiration, now);
    // Replaces the earlier key: from here on only the new one is accepted.
    await replaceApiKey(s.db, { orgId: session.org.id, key, expiresAt, now });
    // The only time the key itself is answered.
    return { token: key, expiresAt: expiresAt?.toISOString() ?? null };
  });

  route(app, revokeApiToken, async ({ session }) => {
    requireApiAccess(session);
    await revokeApiKey(s.db, session.org.id);
    return { token: null, expiresAt: null };
  });
}
