/** contract/orgs.ts: POST /orgs/lookup (docs/product/sign-in.md, "Lookup"). */
import type { Hono } from 'hono';
import { lookupOrg } from '@contract/orgs';
import { normalizeSlug } from '@domain/accounts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { findOrgBySlug } from './data';

export function orgsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, lookupOrg, async ({ body }) => {
    const slug = normalizeSlug(body.slug);
    const org = slug ? await findOrgBySlug(s.db, slug) : null;
    if (!org) throw new HttpError(404, { error: 'Organization not found.' });
    const sso = org.ssoProvider !== null;
    return { sso, hasSSO: sso };
  });
}
