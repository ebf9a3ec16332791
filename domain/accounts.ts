/**
 * Accounts: the e-mail, password and organization-name rules
 * (docs/product/sign-in.md, 'E-mail addresses', 'Passwords', 'Organization lookup'). The app maps
 * each failure to its catalogued text; the contract's schemas and the server apply the same rules
 * to what they accept and store.
 */

/** Longest e-mail address the server accepts (RFC 5321's 254); the UI caps inputs at it. */
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** The defined set of special characters a password must draw at least one from. */
export const PASSWORD_SPECIAL_CHARACTERS = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

/** Text, at sign, text, dot, text; no whitespace anywhere. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isAsciiOnly(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return true;
}

export type EmailProblem = 'required' | 'unicode' | 'invalid';

/** The first problem of an e-mail address, or null when it is acceptable. */
export function emailProblem(value: string): EmailProblem | null {
  if (value.length === 0) return 'required';
  if (!isAsciiOnly(value)) return 'unicode';
  if (!EMAIL_SHAPE.test(value)) return 'invalid';
  return null;
}

export function isValidEmail(value: string): boolean {
  return emailProblem(value) === null;
}

export type PasswordProblem =
  'required' | 'too-short' | 'too-long' | 'lowercase' | 'uppercase' | 'digit' | 'special';

/** Every password rule the value breaks, in the order the hint names them. */
export function passwordProblems(value: string): PasswordProblem[] {
  if (value.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  if (value.length < PASSWORD_MIN_LENGTH) problems.push('too-short');
  if (value.length > PASSWORD_MAX_LENGTH) problems.push('too-long');
  if (!/[a-z]/.test(value)) problems.push('lowercase');
  if (!/[A-Z]/.test(value)) problems.push('uppercase');
  if (!/[0-9]/.test(value)) problems.push('digit');
  if (![...value].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))) problems.push('special');
  return problems;
}

export function isValidPassword(value: string): boolean {
  return passwordProblems(value).length === 0;
}

/** Organization lookup: the name is lower-cased and every space removed. */
export function normalizeSlug(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/**
 * What a password token is for: 'reset' (a forgotten password) or 'invite' (a new
 * administrator's first password).
 */
export const PASSWORD_TOKEN_PURPOSES = ['reset', 'invite'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/**
 * What the sign-in throttle counts attempts by (decision 015; server/auth/login-throttle.ts): the
 * account and client address together, the address, the account; and single sign-on starts per
 * client address (`sso-start`, docs/decisions/019-openid-connect.md).
 */
export const SIGN_IN_THROTTLE_SCOPES = [
  'pair',
  'address',
  'account',
  'sso-start',
  'device-enrol',
] as const;
export type SignInThrottleScope = (typeof SIGN_IN_THROTTLE_SCOPES)[number];
