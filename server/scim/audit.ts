/**
 * Every SCIM write is an audit event (docs/decisions/018-audit-log.md, docs/decisions/050-scim.md)
 * recorded in the transaction of the change, with the identity provider as the actor: SCIM has no
 * signed-in user, its bearer token is the organization's one SCIM credential.
 */
import type { Context } from 'hono';
import type { AuditAction } from '@domain/audit';
import type { Database } from '../db';
import type { AppEnv } from '../env';
import { recordEvent } from '../audit/record';

export const SCIM_ACTOR = {
  type: 'scim',
  id: 'provisioning',
  display: 'SCIM provisioning',
} as const;

export function recordScimEvent<E extends AppEnv>(
  tx: Database,
  c: Context<E>,
  orgId: number,
  action: AuditAction,
  target: { type: 'member' | 'scim'; id: string; display: string },
  changes: Record<string, unknown> | null = null,
): Promise<number> {
  // Only the request's details are read (address, user agent, id), which every app context has.
  return recordEvent(tx, c as unknown as Context<AppEnv>, {
    orgId,
    actor: SCIM_ACTOR,
    action,
    target,
    outcome: 'success',
    changes,
  });
}
