/**
 * contract/sso.ts: the organization's SSO provider configuration and the provider's directory
 * (groups and their members), served from the simulated directory (server/seed/seed-sso.ts).
 */
import type { Hono } from 'hono';
import {
  deleteSso,
  getSsoConfig,
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
  findSsoConfig,
  findSsoOnlyAdmins,
  listDirectoryGroups,
  saveSsoConfig as storeSsoConfig,
  SSO_GROUP_PAGE_SIZE,
} from './data';
import {
  listScimDirectoryGroups,
  scimDirectoryMembersOfGroups,
  usesScimDirectory,
} from '../scim/directory';
import { requireSso } from './require-sso';
import { findProviderSettings } from '../oidc/data';
import { ssoRedirectUrl } from '../oidc/redirect-url';

export const SSO_SETTINGS_MESSAGES = {
  secretRequired: 'Enter the client secret of the application.',
} as const;

export function ssoRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // The client secret is stored and never answered or logged (no log line includes a body).
  // Before anything is saved, the issuer the Tenant names must answer an OpenID Provider's
  // discovery document (server/oidc/relying-party.ts, checkSettings): a typo or an unreachable
  // provider is a clear 400 on the setup screen, not a failed sign-in later. That check waits on
  // another server, so it runs in the route's `prepare` step, before the call's transaction opens
  // (docs/decisions/018-audit-log.md, 'Same transaction'); the handler only stores.
  route(app, saveSsoConfig, {
    prepare: async ({ body, session }) => {
      if (normalizeSlug(body.slug) !== session.org.slug) {
        throw new HttpError(403, {
          error: 'The SSO settings can only be saved for your own organization.',
        });
      }
      let clientSecret = body.clientSecret;
      if (clientSecret === undefined) {
        // Left empty on the screen: keep the saved one, if it belongs to this same application.
        const saved = await findProviderSettings(s.db, session.org.id);
        if (saved && saved.provider === body.provider && saved.clientId === body.clientId) {
          clientSecret = saved.clientSecret;
        } else {
          throw new HttpError(400, {
            error: SSO_SETTINGS_MESSAGES.secretRequired,
            issues: [{ path: 'clientSecret', message: SSO_SETTINGS_MESSAGES.secretRequired }],
          });
        }
      }
      const settings = {
        provider: body.provider,
        clientId: body.clientId,
        clientSecret,
        tenant: body.tenant,
      };
      const checked = await s.oidc.checkSettings(settings);
      if (!checked.ok) {
        throw new HttpError(400, {
          error: checked.error,
          issues: [{ path: 'tenant', message: checked.error }],
        });
      }
      return settings;
    },
    handle: async ({ session, prepared: settings }) => {
      await storeSsoConfig(s.db, session.org.id, settings, s.now());
      return {};
    },
  });

  route(app, getSsoConfig, async ({ session, c }) => {
    const saved = await findSsoConfig(s.db, session.org.id);
    return {
      provider: saved?.provider ?? null,
      clientId: saved?.clientId ?? null,
      tenant: saved?.tenant ?? null,
      clientSecretSaved: saved !== null,
      redirectUrl: ssoRedirectUrl(c, s),
    };
  });

  route(app, getSsoProvider, ({ session }) => ({ provider: session.org.ssoProvider }));

  route(app, listSsoGroups, async ({ query, session }) => {
    requireSso(session.org);
    // With SCIM on, the groups are the ones the identity provider pushed (docs/decisions/050).
    const page = (await usesScimDirectory(s.db, session.org.id))
      ? await listScimDirectoryGroups(s.db, session.org.id, {
          ...query,
          pageSize: SSO_GROUP_PAGE_SIZE,
        })
      : await listDirectoryGroups(s.db, session.org.id, query);
    if (!page) {
      throw new HttpError(400, {
        error: 'The group list changed or the page cursor is not valid; load the list again.',
      });
    }
    return page;
  });

  route(app, getSsoGroupMembers, async ({ body, session }) => {
    requireSso(session.org);
    const members = (await usesScimDirectory(s.db, session.org.id))
      ? await scimDirectoryMembersOfGroups(s.db, session.org.id, body.groups)
      : await directoryMembersOfGroups(s.db, session.org.id, body.groups);
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
