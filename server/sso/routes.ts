/**
 * contract/sso.ts: the organization's SSO provider configuration and the provider's directory
 * (groups and their members), served from the simulated directory (server/seed/seed-sso.ts).
 */
import type { Hono } from 'hono';
import {
  deleteSso,
  getSsoGroupMembers,
  getSsoProvider,
  listSsoGroups,
  saveSsoConfig,
} from '@contract/sso';
import { normalizeSlug } from '@domain/accounts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import {
  deleteSsoConfig,
  directoryMembersOfGroups,
  findSsoOnlyAdmins,
  listDirectoryGroups,
  saveSsoConfig as storeSsoConfig,
} from './data';
import { requireSso } from './require-sso';

export function ssoRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // The client secret is stored and never answered or logged (no log line includes a body).
  route(app, saveSsoConfig, async ({ body, session }) => {
    if (normalizeSlug(body.slug) !== session.org.slug) {
      throw new HttpError(403, {
        error: 'The SSO settings can only be saved for your own organization.',
      });
    }
    await storeSsoConfig(
      s.db,
      session.org.id,
      {
        provider: body.provider,
        clientId: body.clientId,
        clientSecret: body.clientSecret,
        tenant: body.tenant,
      },
      s.now(),
    );
    return {};
  });

  route(app, getSsoProvider, ({ session }) => ({ provider: session.org.ssoProvider }));

  route(app, listSsoGroups, async ({ query, session }) => {
    requireSso(session.org);
    const page = await listDirectoryGroups(s.db, session.org.id, query);
    if (!page) {
      throw new HttpError(400, {
        error: 'The group list changed or the page cursor is not valid; load the list again.',
      });
    }
    return page;
  });

  route(app, getSsoGroupMembers, async ({ body, session }) => {
    requireSso(session.org);
    const members = await directoryMembersOfGroups(s.db, session.org.id, body.groups);
    return { members, memberCount: members.length };
  });

  // Refused while an administrator could then no longer sign in (no password of their own).
  route(app, deleteSso, async ({ session }) => {
    const ssoOnly = await findSsoOnlyAdmins(s.db, session.org.id);
    if (ssoOnly.length > 0) {
      throw new HttpError(409, {
        error: `Disconnecting SSO would lock out administrators who sign in only through SSO (${ssoOnly.join(', ')}). Give them a password first.`,
      });
    }
    await deleteSsoConfig(s.db, session.org.id);
    return {};
  });
}
