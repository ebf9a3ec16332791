/**
 * contract/conditional-access.ts: configuration, quarantine policy and removal. The client secret
 * (or Okta private key) is answered to the organization's administrators (the card shows it
 * masked) and never logged.
 *
 * Removal is a request: DELETE records it and answers at once; a background job processes it after
 * a short delay (integrations.conditionalAccessRemovalDelayMs): the organization's members blocked
 * by conditional access are unblocked, then configuration and policy reset to the defaults, in one
 * transaction. Requests a restart interrupted are processed by housekeeping.
 */
import type { Hono } from 'hono';
import { setTimeout as sleep } from 'node:timers/promises';
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
  processRemoval,
  requestRemoval,
  saveConditionalAccessConfig as saveConfig,
  updateConditionalAccessPolicy as updatePolicy,
  type ChangeResult,
} from './conditional-access-data';
import { checkConditionalAccessConfig, CONDITIONAL_ACCESS_MESSAGES } from './conditional-access';

export const REMOVAL_REQUESTED =
  'A request has been made, Conditional Access will be removed after processing blocked members.';

function refusePending(result: ChangeResult): void {
  if (!result.ok) throw new HttpError(409, { error: CONDITIONAL_ACCESS_MESSAGES.removalPending });
}

/** Processes the organization's removal request after the configured delay (background task). */
export function scheduleRemoval(s: Services, orgId: number): void {
  s.tasks.run('conditional access removal', async () => {
    await sleep(s.integrations.conditionalAccessRemovalDelayMs);
    const done = await processRemoval(s.db, orgId, s.now());
    if (done) {
      s.logger.info(
        `[conditional-access] removed for organization ${orgId}; ${done.unblocked} member(s) unblocked`,
      );
    }
  });
}

export function conditionalAccessRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getConditionalAccessConfig, async ({ session }) => {
    return (await findConditionalAccess(s.db, session.org.id)).config;
  });

  route(app, saveConditionalAccessConfig, async ({ body, session }) => {
    const checked = checkConditionalAccessConfig(body);
    if (!checked.ok) throw new HttpError(400, { error: checked.error });
    refusePending(await saveConfig(s.db, session.org.id, checked.config, s.now()));
    return checked.config;
  });

  route(app, getConditionalAccessPolicy, async ({ session }) => {
    return (await findConditionalAccess(s.db, session.org.id)).policy;
  });

  route(app, updateConditionalAccessPolicy, async ({ body, session }) => {
    refusePending(await updatePolicy(s.db, session.org.id, body, s.now()));
    return body;
  });

  route(app, removeConditionalAccess, async ({ session }) => {
    await requestRemoval(s.db, session.org.id, s.now());
    scheduleRemoval(s, session.org.id);
    return { success: REMOVAL_REQUESTED };
  });
}
