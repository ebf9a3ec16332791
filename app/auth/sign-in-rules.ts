import { emailError } from '../messages/email-error';

/*
 * The sign-in rules without zod, so the sign-in screen's first load does not need the schema
 * library (README, 'Performance'); validation.ts builds the zod schemas of the other forms on top
 * of them.
 */

export { emailError };

/** Sign-in and recovery need every field filled and a valid e-mail. */
export function canSubmitSignIn(values: { email?: string; password?: string }): boolean {
  return emailError(values.email ?? '') === null && (values.password ?? '').length > 0;
}
