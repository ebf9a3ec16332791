/**
 * Enrolment codes: 'ABCD-EF23', eight characters of the unambiguous alphabet of the demo device
 * codes (no 0/O, no 1/I), drawn from the operating system's CSPRNG: 32^8 = 2^40 codes, so a guess
 * is hopeless and a collision rare (the data module still checks and draws again).
 */
import { randomBytes } from 'node:crypto';

/** No 0/O, no 1/I: codes are read off a screen and typed on a phone. Device codes use it too. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const ENROLLMENT_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export function newEnrollmentCode(): string {
  // 32 symbols: the low five bits of a byte pick one without bias (256 is a multiple of 32).
  const chars = [...randomBytes(8)].map((byte) => CODE_ALPHABET[byte & 31] as string);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** `count` distinct codes, none of them in `taken`. */
export function newEnrollmentCodes(count: number, taken: ReadonlySet<string> = new Set()) {
  const out = new Set<string>();
  while (out.size < count) {
    const code = newEnrollmentCode();
    if (!taken.has(code)) out.add(code);
  }
  return [...out];
}
