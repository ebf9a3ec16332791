/**
 * Enrolment codes (docs/product/members.md: each member receives a unique code to enroll a device):
 * 'ABCD-EF23', eight characters of an alphabet without look-alikes, so a code read off a screen is
 * typed right on a phone. Device codes and threat hunter access codes use the same alphabet.
 */

/** No 0/O, no 1/I: 32 symbols. */
export const ENROLLMENT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const SYMBOL = `[${ENROLLMENT_CODE_ALPHABET}]`;

/** Two groups of four symbols joined by a dash. */
export const ENROLLMENT_CODE_PATTERN = new RegExp(`^${SYMBOL}{4}-${SYMBOL}{4}$`);

/**
 * A code as a person typed it into the app, in the stored form: case, spaces and dashes forgiven
 * ('abcd ef23', 'ABCDEF23' → 'ABCD-EF23'). Anything that is not eight symbols comes back
 * upper-cased and trimmed, and matches no code.
 */
export function normalizeEnrolmentCode(typed: string): string {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}
