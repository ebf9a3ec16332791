import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canResendInvite, INVITE_RESEND_WINDOW_SECONDS } from './admins';

const NOW = new Date('2026-11-20T14:05:00Z');
const sentAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('canResendInvite', () => {
  it('the window is 86400 seconds (24 hours)', () => {
    expect(INVITE_RESEND_WINDOW_SECONDS).toBe(86_400);
  });

  it('never once accepted; always when no invite was sent', () => {
    expect(canResendInvite({ inviteAccepted: true, inviteSentDate: null }, NOW)).toBe(false);
    expect(canResendInvite({ inviteAccepted: true, inviteSentDate: sentAgo(10 ** 7) }, NOW)).toBe(
      false,
    );
    expect(canResendInvite({ inviteAccepted: false, inviteSentDate: null }, NOW)).toBe(true);
  });

  it('property: a pending invite may be sent again exactly from the end of the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 86_400 }), (age) => {
        expect(canResendInvite({ inviteAccepted: false, inviteSentDate: sentAgo(age) }, NOW)).toBe(
          age >= INVITE_RESEND_WINDOW_SECONDS,
        );
      }),
    );
  });
});
