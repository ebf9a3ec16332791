/**
 * contract/conditional-access.ts: configuration, quarantine policy and removal. The client secret
 * (or Okta private key) is answered to the organization's administrators (the card shows it
 * masked) and never logged.
 *
 * Removal is a request: DELETE records it, with a job of the queue that processes it after a short
 * delay (integrations.conditionalAccessRemovalDelayMs; server/system/jobs.ts), and answers at once:
 * the organization's members blocked by conditional access are unblocked, then configuration and
 * policy reset to the defaults, in one transaction. The job survives a restart.
 */
import type { Hono } from 'hono';
import {
  getConditionalAccessConfig,
  getConditionalAccessPolicy,
  removeConditionalAccess,
  saveConditionalAccessConfig,
  updateConditionalAccessPolicy,
} from '@contract/conditional-access';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import {
  findConditionalAccess,
  requestRemoval,
  saveConditionalAccessConfig as saveConfig,
  updateConditionalAccessPolicy as updatePolicy,
  type ChangeResult,
} from './conditional-access-data';
import { enqueueConditionalAccessRemoval } from '../system/jobs';
import { enqueueOrganizationEvaluation } from '../policies/jobs';
import { checkConditionalAccessConfig, CONDITIONAL_ACCESS_MESSAGES } from './conditional-access';

export const REMOVAL_REQUESTED =
  'A request has been made, Conditional Access will be removed after processing blocked members.';

function refusePending(result: ChangeResult): void {
  if (!result.ok) throw new HttpError(409, { error: CONDITIONAL_ACCESS_MESSAGES.removalPending });
}

export function conditionalAccessRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getConditionalAccessConfig, async ({ session }) => {
    return (await findConditionalAccess(s.db, session.org.id)).config;
  });

  route(app, saveConditionalAccessConfig, async ({ body, session }) => {
    const checked = checkConditionalAccessConfig(body);
    if (!checked.ok) throw new HttpError(400, { error: checked.error });
    // An active configuration evaluates the members at once (server/policies/jobs.ts); an
    // inactive one released them in the same transaction.
    refusePending(
      await saveConfig(s.db, session.org.id, checked.config, s.now(), (tx) =>
        checked.config.active
          ? enqueueOrganizationEvaluation(s.queue, tx, session.org.id)
          : Promise.resolve(),
      ),
    );
    return checked.config;
  });

  route(app, getConditionalAccessPolicy, async ({ session }) => {
    return (await findConditionalAccess(s.db, session.org.id)).policy;
  });

  route(app, updateConditionalAccessPolicy, async ({ body, session }) => {
    refusePending(
      await updatePolicy(s.db, session.org.id, body, s.now(), (tx) =>
        enqueueOrganizationEvaluation(s.queue, tx, session.org.id),
      ),
    );
    return body;
  });

  route(app, removeConditionalAccess, async ({ session }) => {
    const orgId = session.org.id;
    await requestRemoval(s.db, orgId, s.now(), (tx) =>
      enqueueConditionalAccessRemoval(
        s.queue,
        tx,
        orgId,
        s.integrations.conditionalAccessRemovalDelayMs,
      ),
    );
    return { success: REMOVAL_REQUESTED };
  });
}
