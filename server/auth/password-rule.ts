/**
 * The 400 answer for a password that breaks the account rules of domain/accounts.ts: shared by
 * the password update (auth/routes.ts) and the development organizations (system/routes.ts).
 */
import { passwordProblems, type PasswordProblem } from '@domain/accounts';
import { HttpError } from '../http/http-error';

const PASSWORD_NEEDS: Record<PasswordProblem, string> = {
  required: 'a password',
  'too-short': 'at least 8 characters',
  'too-long': 'at most 256 characters',
  lowercase: 'one lowercase letter',
  uppercase: 'one uppercase letter',
  digit: 'one digit',
  special: 'one special character',
};

/** The 400 answer for a password that breaks the rules (domain/accounts.ts), or null. */
export function passwordRuleError(password: string): HttpError | null {
  const problems = passwordProblems(password);
  if (problems.length === 0) return null;
  const needs = problems.map((p) => PASSWORD_NEEDS[p]);
  return new HttpError(400, {
    error: `The password needs ${needs.join(', ')}.`,
    issues: needs.map((need) => ({ path: 'password', message: `Needs ${need}` })),
  });
}
