/**
 * contract/mdm.ts: the organization's MDM token. Enabling creates one (32 random bytes,
 * base64url); disabling revokes it. Answered only to the organization's own administrators;
 * never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { getMdmConfig, updateMdmConfig } from '@contract/mdm';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { enableCredential, findCredential, revokeCredential } from './credentials-data';

export function newMdmToken(): string {
  return randomBytes(32).toString('base64url');
}

export function mdmRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getMdmConfig, async ({ session }) => {
    const token = await findCredential(s.db, session.org.id, 'mdm');
    return { enabled: token !== null, token };
  });

  route(app, updateMdmConfig, async ({ body, session }) => {
    if (!body.enable) {
      await revokeCredential(s.db, session.org.id, 'mdm');
      return { enabled: false, token: null };
    }
    const token = await enableCredential(s.db, {
      orgId: session.org.id,
      kind: 'mdm',
      secret: newMdmToken(),
      now: s.now(),
    });
    return { enabled: true, token };
  });
}
