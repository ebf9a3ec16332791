/**
 * contract/preferences.ts: the signed-in administrator's own preferences (theme, the device and
 * alert tables' column layouts), docs/decisions/060-column-chooser-and-command-palette.md. Scoped
 * by the session alone: there is no administrator id in the path, the query or the body.
 */
import type { Hono } from 'hono';
import { getPreferences, updatePreferences } from '@contract/preferences';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { findPreferences, updatePreferences as storePreferences } from './data';

export function preferencesRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getPreferences, async ({ session }) =>
    findPreferences(s.db, { userId: session.user.id, orgId: session.org.id }),
  );

  route(app, updatePreferences, async ({ body, session }) =>
    storePreferences(s.db, { userId: session.user.id, orgId: session.org.id }, body, s.now()),
  );
}
