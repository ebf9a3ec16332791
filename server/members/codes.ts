/**
 * Enrolment codes: 'ABCD-EF23', eight characters of the unambiguous alphabet of domain/enrolment.ts
 * (no 0/O, no 1/I), drawn from the operating system's CSPRNG: 32^8 = 2^40 codes, so a guess is
 * hopeless and a collision rare (the data module still checks and draws again).
 */
import { randomBytes } from 'node:crypto';
import { ENROLLMENT_CODE_ALPHABET } from '@domain/enrolment';

export function newEnrollmentCode(): string {
  // 32 symbols: the low five bits of a byte pick one without bias (256 is a multiple of 32).
  const chars = [...randomBytes(8)].map((byte) => ENROLLMENT_CODE_ALPHABET[byte & 31] as string);
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
