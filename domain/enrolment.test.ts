import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ENROLLMENT_CODE_ALPHABET,
  ENROLLMENT_CODE_PATTERN,
  normalizeEnrolmentCode,
} from './enrolment';

const symbol = fc.constantFrom(...ENROLLMENT_CODE_ALPHABET);
const group = fc.array(symbol, { minLength: 4, maxLength: 4 }).map((s) => s.join(''));

describe('enrolment codes', () => {
  it('the alphabet: 32 distinct upper-case letters and digits, none that look alike', () => {
    expect(ENROLLMENT_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(ENROLLMENT_CODE_ALPHABET).size).toBe(32);
    expect(ENROLLMENT_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    for (const lookalike of '0O1I') expect(ENROLLMENT_CODE_ALPHABET).not.toContain(lookalike);
  });

  it('property: two groups of four symbols joined by a dash match', () => {
    fc.assert(
      fc.property(group, group, (a, b) => {
        expect(ENROLLMENT_CODE_PATTERN.test(`${a}-${b}`)).toBe(true);
      }),
    );
  });

  it('property: a look-alike, a lower-case letter or a wrong shape does not', () => {
    fc.assert(
      fc.property(
        group,
        group,
        fc.constantFrom('0', 'O', '1', 'I', 'a', '-'),
        fc.nat(7),
        (a, b, bad, at) => {
          const code = `${a}${b}`;
          const spoiled = `${code.slice(0, at)}${bad}${code.slice(at + 1)}`;
          expect(ENROLLMENT_CODE_PATTERN.test(`${spoiled.slice(0, 4)}-${spoiled.slice(4)}`)).toBe(
            false,
          );
        },
      ),
    );
    expect(ENROLLMENT_CODE_PATTERN.test('ABCD-EF23')).toBe(true);
    expect(ENROLLMENT_CODE_PATTERN.test('ABCDEF23')).toBe(false);
    expect(ENROLLMENT_CODE_PATTERN.test('ABCD-EF234')).toBe(false);
  });
});

describe('normalizeEnrolmentCode', () => {
  it('forgives case, spaces and dashes as typed on a phone', () => {
    expect(normalizeEnrolmentCode('abcd-ef23')).toBe('ABCD-EF23');
    expect(normalizeEnrolmentCode(' ABCD EF23 ')).toBe('ABCD-EF23');
    expect(normalizeEnrolmentCode('ABCDEF23')).toBe('ABCD-EF23');
    expect(normalizeEnrolmentCode('a-b-c-d-e-f-2-3')).toBe('ABCD-EF23');
  });
  it('leaves anything else unmatched (never a valid code)', () => {
    expect(ENROLLMENT_CODE_PATTERN.test(normalizeEnrolmentCode('ABCD-EF234'))).toBe(false);
    expect(normalizeEnrolmentCode('abc')).toBe('ABC');
  });
});
