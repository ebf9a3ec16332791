import type { SsoGroupRef } from '@contract/sso';
import type { SsoProvider } from '@domain/sso';
import type { CandidateMember } from './duplicates';

/**
 * What the member screens hand each other through navigation state (docs/product/members.md), so
 * Back, Forward and a reload keep the work in progress.
 */
export type MemberSource = 'csv' | 'manual' | 'sso';

export interface ConfirmState {
  source: MemberSource;
  members: CandidateMember[];
  /**
   * The file parse's error text, shown on the review screen (docs/product/members.md, 'Review').
   */
  error?: string | null;
  /** SSO: the chosen groups, sent again with create-sso-members. */
  groups?: SsoGroupRef[];
}

export interface ManualState {
  queue: CandidateMember[];
}

export interface SsoSetupState {
  provider: SsoProvider;
}

export function isConfirmState(value: unknown): value is ConfirmState {
  const v = value as ConfirmState | null;
  return Boolean(
    v && typeof v === 'object' && Array.isArray(v.members) && typeof v.source === 'string',
  );
}

/** Ids '0', '1', … in queue order (docs/product/members.md, 'Manual entry'). */
export function withSequentialIds(
  members: readonly { name: string; email: string }[],
): CandidateMember[] {
  return members.map((m, i) => ({ id: String(i), name: m.name, email: m.email }));
}
