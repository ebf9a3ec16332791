/**
 * contract/scim.ts: the organization's SCIM provisioning settings. Enabling creates a bearer
 * token (32 random bytes, base64url) that the identity provider sends as `Authorization`; the
 * SCIM base URL is built from PUBLIC_URL (or, outside production, the request's origin) and the
 * organization's slug. Disabling revokes the token. Answered only to the organization's own
 * administrators (the session's organization); never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getScimConfig, updateScimConfig, type ScimConfig } from '@contract/scim';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { organizations, type Organization } from '../db/schema';
import { eq } from 'drizzle-orm';
import { publicBaseUrl } from '../http/public-url';
import { enableCredential, findCredential, revokeCredential } from './credentials-data';

/** The header value the identity provider sends: `Bearer <43 base64url characters>`. */
export function newScimAuthHeader(): string {
  return `Bearer ${randomBytes(32).toString('base64url')}`;
}

function scimUrl(c: Context, s: Services, org: Organization): string {
  const base = publicBaseUrl(c, s);
  if (!base) {
    s.logger.error('[scim] PUBLIC_URL is not set: refusing to build the SCIM URL');
    throw new HttpError(503, {
      error: 'The SCIM URL cannot be built: the server has no PUBLIC_URL configured.',
    });
  }
  return `${base}/scim/v2/${encodeURIComponent(org.slug)}`;
}

const disabled = (sendInvitations: boolean): ScimConfig => ({
  enabled: false,
  scimUrl: null,
  authHeader: null,
  sendInvitations,
});

async function sendInvitationsOf(s: Services, orgId: number): Promise<boolean> {
  const [row] = await s.db
    .select({ on: organizations.scimSendInvitations })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.on ?? true;
}

export function scimRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  async function current(c: Context, org: Organization): Promise<ScimConfig> {
    const header = await findCredential(s.db, org.id, 'scim');
    const sendInvitations = await sendInvitationsOf(s, org.id);
    if (header === null) return disabled(sendInvitations);
    return { enabled: true, scimUrl: scimUrl(c, s, org), authHeader: header, sendInvitations };
  }

  route(app, getScimConfig, async ({ session, c }) => current(c, session.org));

  route(app, updateScimConfig, async ({ body, session, c }) => {
    if (body.sendInvitations !== undefined) {
      await s.db
        .update(organizations)
        .set({ scimSendInvitations: body.sendInvitations })
        .where(eq(organizations.id, session.org.id));
    }
    if (body.enable === undefined) return current(c, session.org);
    if (!body.enable) {
      await revokeCredential(s.db, session.org.id, 'scim');
      return disabled(await sendInvitationsOf(s, session.org.id));
    }
    const url = scimUrl(c, s, session.org);
    const header = await enableCredential(s.db, {
      orgId: session.org.id,
      kind: 'scim',
      secret: newScimAuthHeader(),
      now: s.now(),
    });
    return {
      enabled: true,
      scimUrl: url,
      authHeader: header,
      sendInvitations: await sendInvitationsOf(s, session.org.id),
    };
  });
}
