/**
 * Conditional access (`conditional_access`, one row per organization; no row: the defaults) and
 * the members it blocks (`members.ca_blocked`).
 *
 * Removal is a request (`removal_requested_at`) processed later by {@link processRemoval} (a job
 * of the queue, queued with the request: server/system/jobs.ts): it
 * unblocks the organization's blocked members and resets configuration and policy in one
 * transaction. While a request is pending, configuration and policy cannot be changed.
 */
import { and, eq } from 'drizzle-orm';
import type {
  SaveConditionalAccessConfigBody,
  UpdatePolicyBody,
} from '@contract/conditional-access';
import {
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  DEFAULT_CONDITIONAL_ACCESS_POLICY,
} from '@domain/conditional-access';
import type { Database } from '../db';
import { conditionalAccess, members } from '../db/schema';
import { releaseAllMembers } from '../policies/evaluate';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ConditionalAccessState {
  config: SaveConditionalAccessConfigBody;
  policy: UpdatePolicyBody;
  removalRequestedAt: Date | null;
}

const configColumns = {
  tenant: conditionalAccess.tenant,
  clientId: conditionalAccess.clientId,
  clientSecret: conditionalAccess.clientSecret,
  userExtension: conditionalAccess.userExtension,
  groupId: conditionalAccess.groupId,
  provider: conditionalAccess.provider,
  active: conditionalAccess.active,
};
const policyColumns = {
  alertSeverity: conditionalAccess.alertSeverity,
  outdatedOSPeriod: conditionalAccess.outdatedOSPeriod,
  deviceIntegrityPeriod: conditionalAccess.deviceIntegrityPeriod,
  screenLockEnabled: conditionalAccess.screenLockEnabled,
};

export async function findConditionalAccess(
  db: Database | Tx,
  orgId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ConditionalAccessState> {
  const query = db
    .select({
      config: configColumns,
      policy: policyColumns,
      removalRequestedAt: conditionalAccess.removalRequestedAt,
    })
    .from(conditionalAccess)
    .where(eq(conditionalAccess.orgId, orgId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('no key update') : await query;
  return (
    row ?? {
      config: { ...DEFAULT_CONDITIONAL_ACCESS_CONFIG },
      policy: { ...DEFAULT_CONDITIONAL_ACCESS_POLICY },
      removalRequestedAt: null,
    }
  );
}

export type ChangeResult =
  { ok: true; unblocked: number } | { ok: false; reason: 'removal-pending' };

/**
 * Saves the configuration. An inactive configuration blocks nobody, so saving one (deactivation)
 * unblocks the organization's blocked members in the same transaction.
 */
export function saveConditionalAccessConfig(
  db: Database,
  orgId: number,
  config: SaveConditionalAccessConfigBody,
  now: Date,
  onSaved?: (tx: Database) => Promise<unknown>,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const current = await findConditionalAccess(tx, orgId, { forUpdate: true });
    if (current.removalRequestedAt) return { ok: false, reason: 'removal-pending' } as const;
    await tx
      .insert(conditionalAccess)
      .values({ orgId, ...config, updatedAt: now })
      .onConflictDoUpdate({ target: conditionalAccess.orgId, set: { ...config, updatedAt: now } });
    const unblocked = config.active ? 0 : await releaseAllMembers(tx, orgId, now);
    await onSaved?.(tx);
    return { ok: true, unblocked } as const;
  });
}

export function updateConditionalAccessPolicy(
  db: Database,
  orgId: number,
  policy: UpdatePolicyBody,
  now: Date,
  onSaved?: (tx: Database) => Promise<unknown>,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const current = await findConditionalAccess(tx, orgId, { forUpdate: true });
    if (current.removalRequestedAt) return { ok: false, reason: 'removal-pending' } as const;
    await tx
      .insert(conditionalAccess)
      .values({ orgId, ...DEFAULT_CONDITIONAL_ACCESS_CONFIG, ...policy, updatedAt: now })
      .onConflictDoUpdate({ target: conditionalAccess.orgId, set: { ...policy, updatedAt: now } });
    await onSaved?.(tx);
    return { ok: true, unblocked: 0 } as const;
  });
}

/**
 * Records a removal request (a pending one keeps its time); returns the request's time.
 * `onRequested` runs in the same transaction when the request is new: it queues the job that
 * processes it (server/system/jobs.ts), so the request and its job exist together.
 */
export async function requestRemoval(
  db: Database,
  orgId: number,
  now: Date,
  onRequested?: (tx: Database) => Promise<unknown>,
): Promise<Date> {
  return db.transaction(async (tx) => {
    const current = await findConditionalAccess(tx, orgId, { forUpdate: true });
    if (current.removalRequestedAt) return current.removalRequestedAt;
    await tx
      .insert(conditionalAccess)
      .values({ orgId, removalRequestedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: conditionalAccess.orgId,
        set: { removalRequestedAt: now, updatedAt: now },
      });
    await onRequested?.(tx);
    return now;
  });
}

/**
 * Processes the organization's pending removal request, if there is one: releases its blocked
 * members (each an audit event by the system: server/policies/evaluate.ts), then resets configuration and policy to the defaults, in one transaction. Null when
 * there was nothing to do (already processed).
 */
export function processRemoval(
  db: Database,
  orgId: number,
  now: Date,
): Promise<{ unblocked: number } | null> {
  return db.transaction(async (tx) => {
    const current = await findConditionalAccess(tx, orgId, { forUpdate: true });
    if (!current.removalRequestedAt) return null;
    const unblocked = await releaseAllMembers(tx, orgId, now);
    await tx
      .update(conditionalAccess)
      .set({
        ...DEFAULT_CONDITIONAL_ACCESS_CONFIG,
        ...DEFAULT_CONDITIONAL_ACCESS_POLICY,
        removalRequestedAt: null,
        updatedAt: now,
      })
      .where(eq(conditionalAccess.orgId, orgId));
    return { unblocked };
  });
}

/** Members of the organization blocked by conditional access (ids, oldest first). */
export async function blockedMemberIds(db: Database, orgId: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.caBlocked, true)))
    .orderBy(members.id);
  return rows.map((r) => r.id);
}
