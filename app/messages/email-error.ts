import { emailProblem, type EmailProblem } from '@domain/accounts';
import { messages } from './messages';

/*
 * The e-mail rule's texts (docs/product/sign-in.md, 'E-mail addresses'), shared by every form with
 * an e-mail field: sign-in and recovery, the member and administrator invitations, Threat Hunter.
 * Without zod, so the sign-in screen's first load does not need the schema library (README
 * "Performance").
 */

const EMAIL_MESSAGES: Record<EmailProblem, string> = {
  required: messages.emailRequired,
  unicode: messages.emailUnicode,
  invalid: messages.emailInvalid,
};

/** The text shown under an e-mail field for its value, or null. */
export function emailError(value: string): string | null {
  const problem = emailProblem(value);
  return problem ? EMAIL_MESSAGES[problem] : null;
}
