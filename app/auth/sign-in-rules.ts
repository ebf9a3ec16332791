import { emailProblem, type EmailProblem } from '@domain/accounts';
import { messages } from '../messages/messages';

/*
 * The sign-in rules without zod, so the sign-in screen's first load does not need the schema
 * library (issue 9); validation.ts builds the zod schemas of the other forms on top of them.
 */

const EMAIL_MESSAGES: Record<EmailProblem, string> = {
  required: messages.emailRequired,
  unicode: messages.emailUnicode,
  invalid: messages.emailInvalid,
};

/** The text shown under an e-mail field for its value, or null (spec 5). */
export function emailError(value: string): string | null {
  const problem = emailProblem(value);
  return problem ? EMAIL_MESSAGES[problem] : null;
}

/** Sign-in and recovery need every field filled and a valid e-mail. */
export function canSubmitSignIn(values: { email?: string; password?: string }): boolean {
  return emailError(values.email ?? '') === null && (values.password ?? '').length > 0;
}
