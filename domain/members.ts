/**
 * Where a member came from (docs/product/settings.md, 'SCIM'; the Members list shows it):
 * added by hand, from a CSV file, from the SSO groups screen, or provisioned by the identity
 * provider over SCIM.
 */
export const MEMBER_SOURCES = ['manual', 'csv', 'sso', 'scim'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

/**
 * A member's status on the Members page (docs/product/members.md, 'The Members page'): deactivated
 * wins; else enrolled once one of their devices enrolled; else invited (whether or not the
 * invitation e-mail has gone out yet: the invited date tells).
 */
export const MEMBER_STATUSES = ['invited', 'enrolled', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * 'Resend invitation' on the Members page waits this long after the last invitation (one hour),
 * so a double click or an impatient administrator cannot flood a member's inbox.
 */
export const MEMBER_INVITE_RESEND_COOLDOWN_SECONDS = 3_600;

/** Whether the Members page offers 'Resend invitation' for a member now. */
export function canResendMemberInvite(
  member: { status: MemberStatus; invitedAt: string | null },
  now: Date,
): boolean {
  if (member.status !== 'invited') return false;
  if (member.invitedAt === null) return true;
  const ageSeconds = (now.getTime() - Date.parse(member.invitedAt)) / 1000;
  return ageSeconds >= MEMBER_INVITE_RESEND_COOLDOWN_SECONDS;
}
