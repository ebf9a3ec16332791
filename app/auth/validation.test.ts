import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_SPECIAL_CHARACTERS, normalizeSlug, passwordProblems } from '@domain/accounts';
import {
  canSubmitPasswordUpdate,
  canSubmitSignIn,
  emailError,
  signInSchema,
  updatePasswordSchema,
} from './validation';

describe('e-mail rule (sign-in, recovery)', () => {
  it.each([
    ['admin@acme.test', null],
    ['a@b.c', null],
    ['first.last+tag@sub.example.co.uk', null],
    ['', 'Email is required'],
    ['admin', 'Enter a valid Email'],
    ['admin@acme', 'Enter a valid Email'],
    ['@acme.test', 'Enter a valid Email'],
    ['admin@.test', 'Enter a valid Email'],
    ['ad min@acme.test', 'Enter a valid Email'],
    ['admin@acme.test ', 'Enter a valid Email'],
    ['admin@@acme.test', 'Enter a valid Email'],
    ['jürgen@acme.test', 'Unicode characters not supported'],
    ['admin@acmé.test', 'Unicode characters not supported'],
    ['😀@acme.test', 'Unicode characters not supported'],
    ['ｆｕｌｌ@acme.test', 'Unicode characters not supported'],
  ])('%j → %j', (email, expected) => {
    expect(emailError(email)).toBe(expected);
  });

  it('reports non-ASCII before the pattern, whatever the rest', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0x80, max: 0xffff }), (s, code) => {
        expect(emailError(s + String.fromCharCode(code))).toBe('Unicode characters not supported');
      }),
    );
  });

  it('the schema carries the catalogued texts', () => {
    const result = signInSchema.safeParse({ email: 'jürgen@acme.test', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unicode characters not supported');
  });

  it('sign-in is possible only with a valid e-mail and a password', () => {
    expect(canSubmitSignIn({ email: 'admin@acme.test', password: 'x' })).toBe(true);
    expect(canSubmitSignIn({ email: 'admin@acme.test', password: '' })).toBe(false);
    expect(canSubmitSignIn({ email: 'admin', password: 'x' })).toBe(false);
    expect(canSubmitSignIn({})).toBe(false);
  });
});

describe('password rule', () => {
  it.each([
    ['Portal-Demo-1!', []],
    ['Aa1!aaaa', []],
    ['Aa1!aaa', ['too-short']],
    ['aa1!aaaa', ['uppercase']],
    ['AA1!AAAA', ['lowercase']],
    ['Aa!aaaaa', ['digit']],
    ['Aa1aaaaa', ['special']],
    ['', ['required']],
    ['ÄÖÜäöü1!', ['lowercase', 'uppercase']],
    ['Aa1!' + 'ä'.repeat(4), []],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('boundary lengths: 8 and 256 pass, 7 and 257 fail', () => {
    const make = (n: number) => 'Aa1!' + 'x'.repeat(n - 4);
    expect(passwordProblems(make(7))).toEqual(['too-short']);
    expect(passwordProblems(make(8))).toEqual([]);
    expect(passwordProblems(make(256))).toEqual([]);
    expect(passwordProblems(make(257))).toEqual(['too-long']);
  });

  it('every character of the special set counts, letters and digits do not', () => {
    for (const c of PASSWORD_SPECIAL_CHARACTERS) {
      expect(passwordProblems(`Aa1aaaa${c}`)).toEqual([]);
    }
    expect(passwordProblems('Aa1aaaa ')).toEqual(['special']);
  });

  it('the update form needs a valid password and a matching confirmation', () => {
    expect(
      canSubmitPasswordUpdate({ password: 'Portal-Demo-1!', confirmPassword: 'Portal-Demo-1!' }),
    ).toBe(true);
    expect(
      canSubmitPasswordUpdate({ password: 'Portal-Demo-1!', confirmPassword: 'Portal-Demo-1' }),
    ).toBe(false);
    expect(canSubmitPasswordUpdate({ password: 'weak', confirmPassword: 'weak' })).toBe(false);
    expect(canSubmitPasswordUpdate({ password: 'Portal-Demo-1!', confirmPassword: '' })).toBe(
      false,
    );

    const mismatch = updatePasswordSchema.safeParse({
      password: 'Portal-Demo-1!',
      confirmPassword: 'x',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Passwords must match'],
    ]);
    const weak = updatePasswordSchema.safeParse({ password: 'short', confirmPassword: 'short' });
    expect(weak.error?.issues[0]?.message).toBe(
      'At least 8 characters, one lowercase, one uppercase, one digit, one special character',
    );
  });
});

describe('slug normalisation', () => {
  it.each([
    ['Acme', 'acme'],
    ['  ACME  ', 'acme'],
    ['My Organization Name', 'myorganizationname'],
    ['my-organization-name', 'my-organization-name'],
    ['Tab\tAnd\nNewline', 'tabandnewline'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(normalizeSlug(name)).toBe(slug);
  });

  it('is idempotent and never leaves whitespace or capitals', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const slug = normalizeSlug(s);
        expect(normalizeSlug(slug)).toBe(slug);
        expect(/\s/.test(slug)).toBe(false);
        expect(slug).toBe(slug.toLowerCase());
      }),
    );
  });
});
