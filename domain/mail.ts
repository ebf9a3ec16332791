/**
 * The e-mails the server sends (server/mail/jobs.ts, one per template), with the names the
 * 'Undelivered e-mails' list of Settings › Notifications gives them (docs/product/notifications.md,
 * "Undelivered e-mails"), and which of them an administrator can send again from there.
 */
export const EMAIL_KINDS = [
  'member-invitation',
  'admin-invitation',
  'threat-hunter-invitation',
  'password-reset',
  'first-admin',
  'scan-reminder',
  'threat-alert',
  'member-threat-alert',
  'threat-alert-digest',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  'member-invitation': 'Enrollment invitation',
  'admin-invitation': 'Administrator invitation',
  'threat-hunter-invitation': 'Threat Hunter access code',
  'password-reset': 'Password reset',
  'first-admin': 'First administrator invitation',
  'scan-reminder': 'Device scan reminder',
  'threat-alert': 'Threat alert',
  'member-threat-alert': "Threat alert to the device's member",
  'threat-alert-digest': 'Threat alert summary',
};

/**
 * Sent again with a fresh link or the member's code: invitations an administrator started. A
 * password reset is asked for again by its owner (its link is personal); the other two are
 * created once, outside this list's reach.
 */
export const RESENDABLE_EMAIL_KINDS: readonly EmailKind[] = [
  'member-invitation',
  'admin-invitation',
];

export function canResendEmail(kind: EmailKind): boolean {
  return RESENDABLE_EMAIL_KINDS.includes(kind);
}

/** How many undelivered e-mails the list shows (the newest), and for how long (days). */
export const UNDELIVERED_EMAILS_LIST_SIZE = 50;
export const UNDELIVERED_EMAILS_KEPT_DAYS = 30;
