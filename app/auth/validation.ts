import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, isValidPassword } from '@domain/accounts';
import { messages } from '../messages/messages';
import { emailError } from '../messages/email-error';

export { canSubmitSignIn, emailError } from './sign-in-rules';

/** The sign-in and recovery e-mail rule as a zod/mini schema with the catalogued texts. */
export const emailSchema = z.string().check(
  z.maxLength(EMAIL_MAX_LENGTH, messages.emailInvalid),
  z.superRefine((value, ctx) => {
    const error = emailError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
  }),
);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, messages.passwordRequired)),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const recoverySchema = z.object({ email: emailSchema });
export type RecoveryValues = z.infer<typeof recoverySchema>;

export const passwordSchema = z
  .string()
  .check(
    z.maxLength(PASSWORD_MAX_LENGTH, messages.passwordHint),
    z.refine(isValidPassword, messages.passwordHint),
  );

export const updatePasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: messages.passwordsMustMatch,
      path: ['confirmPassword'],
    }),
  );
export type UpdatePasswordValues = z.infer<typeof updatePasswordSchema>;

/** Submit is enabled only when every field is filled, the password valid and the copies equal. */
export function canSubmitPasswordUpdate(values: Partial<UpdatePasswordValues>): boolean {
  const { password = '', confirmPassword = '' } = values;
  return isValidPassword(password) && confirmPassword.length > 0 && password === confirmPassword;
}
