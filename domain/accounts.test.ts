import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  emailProblem,
  isAsciiOnly,
  isValidEmail,
  isValidPassword,
  normalizeSlug,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordProblems,
} from './accounts';

const ascii = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1 });
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

describe('e-mail rule: text, at sign, text, dot, text, no whitespace', () => {
  const part = ascii(`${LOWER}${DIGITS}-_+`);

  it('property: local@domain.tld made of plain parts is valid', () => {
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        expect(emailProblem(`${local}@${domain}.${tld}`)).toBeNull();
        expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
      }),
    );
  });

  it('property: whitespace anywhere makes it invalid', () => {
    fc.assert(
      fc.property(part, part, fc.constantFrom(' ', '\t', '\n'), fc.nat(), (a, b, space, at) => {
        const email = `${a}@${b}.test`;
        const i = at % (email.length + 1);
        expect(emailProblem(`${email.slice(0, i)}${space}${email.slice(i)}`)).toBe('invalid');
      }),
    );
  });

  it('property: non-ASCII is reported before the shape', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0x80, max: 0xffff }), (s, code) => {
        expect(isAsciiOnly(s + String.fromCharCode(code))).toBe(false);
        expect(emailProblem(s + String.fromCharCode(code))).toBe('unicode');
      }),
    );
  });

  it('empty is required; no at sign or no dot after it is invalid', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('admin')).toBe('invalid');
    expect(emailProblem('admin@acme')).toBe('invalid');
    expect(emailProblem('@acme.test')).toBe('invalid');
  });
});

describe('password rule', () => {
  /** A password of every class, padded to at least the minimum length. */
  const valid = fc
    .tuple(ascii(LOWER), ascii(UPPER), ascii(DIGITS), ascii(PASSWORD_SPECIAL_CHARACTERS))
    .map((parts) => parts.join('').padEnd(PASSWORD_MIN_LENGTH, 'a'))
    .filter((p) => p.length <= PASSWORD_MAX_LENGTH);

  it('property: one of each class and long enough is valid', () => {
    fc.assert(
      fc.property(valid, (password) => {
        expect(passwordProblems(password)).toEqual([]);
        expect(isValidPassword(password)).toBe(true);
      }),
    );
  });

  it('property: taking a class away names exactly that class', () => {
    const classes = [
      ['lowercase', /[a-z]/g],
      ['uppercase', /[A-Z]/g],
      ['digit', /[0-9]/g],
    ] as const;
    fc.assert(
      fc.property(valid, fc.constantFrom(...classes), (password, [problem, pattern]) => {
        const without = password.replace(pattern, '').padEnd(PASSWORD_MIN_LENGTH, '!');
        expect(passwordProblems(without)).toContain(problem);
        expect(isValidPassword(without)).toBe(false);
      }),
    );
  });

  it('the length limits are the spec’s: at least 8, at most 256', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(passwordProblems('Aa1!aaa')).toEqual(['too-short']);
    expect(passwordProblems(`Aa1!${'a'.repeat(253)}`)).toEqual(['too-long']);
    expect(passwordProblems('')).toEqual(['required']);
  });
});

describe('organization lookup name', () => {
  it('property: the slug is lower case, has no whitespace and is stable', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = normalizeSlug(name);
        expect(slug).toBe(slug.toLowerCase());
        expect(slug).not.toMatch(/\s/);
        expect(normalizeSlug(slug)).toBe(slug);
      }),
    );
    expect(normalizeSlug('My Organization Name')).toBe('myorganizationname');
  });
});
