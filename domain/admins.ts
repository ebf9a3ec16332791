/**
 * Administrators and threat hunter users (docs/product/settings.md): when an invitation may be sent
 * again, and the states of a provisioned threat hunter.
 */

/** 'Resend' shows once the last invite is this old (86400 seconds, 24 hours). */
export const INVITE_RESEND_WINDOW_SECONDS = 86_400;

/**
 * Whether the admin list offers 'Resend' (docs/product/settings.md, 'Administrators'): not once
 * accepted; yes when no invite was sent or the last one (ISO date-time) is at least {@link
 * INVITE_RESEND_WINDOW_SECONDS} old.
 */
export function canResendInvite(
  admin: { inviteAccepted: boolean; inviteSentDate: string | null },
  now: Date,
): boolean {
  if (admin.inviteAccepted) return false;
  if (admin.inviteSentDate === null) return true;
  const ageSeconds = (now.getTime() - Date.parse(admin.inviteSentDate)) / 1000;
  return ageSeconds >= INVITE_RESEND_WINDOW_SECONDS;
}

/**
 * A threat hunter user's status (the spec shows none; ours): invited when provisioned, active
 * once they signed in, expired when the invitation lapsed. The wire carries it as text.
 */
export const THREAT_HUNTER_STATUSES = ['Invited', 'Active', 'Expired'] as const;
export type ThreatHunterStatus = (typeof THREAT_HUNTER_STATUSES)[number];
