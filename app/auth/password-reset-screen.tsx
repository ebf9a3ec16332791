import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { EMAIL_MAX_LENGTH } from '@domain/accounts';
import { AuthCard } from '@ui/primitives/auth-card/auth-card';
import { Banner } from '@ui/primitives/banner/banner';
import { Form, FormSubmit, FormTextField } from '@ui/primitives/form/form';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useRequestPasswordReset } from './use-auth';
import { emailError, recoverySchema, type RecoveryValues } from './validation';

export default function PasswordResetScreen() {
  usePageTitle('Password Recovery');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<RecoveryValues>({
    resolver: standardSchemaResolver(recoverySchema),
    defaultValues: { email: '' },
    // Validate a field when it is left, then on every change (decision 003).
    mode: 'onTouched',
  });
  const email = useWatch({ control: form.control, name: 'email' });

  async function onSubmit({ email }: RecoveryValues) {
    await request.trigger(email, { onSuccess: () => setSentTo(email) });
  }

  const back = <AppLink to={paths.login}>Back to Sign In</AppLink>;

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" footer={back}>
        <Banner kind="success">{messages.resetConfirmation(sentTo)}</Banner>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Password Recovery"
      description="Enter the email address of your account and we will send you a link to reset your password."
      footer={back}
    >
      <Form
        form={form}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Password recovery"
      >
        {request.error ? <Banner kind="error">{messages.resetRequestFailed}</Banner> : null}
        <FormTextField<RecoveryValues>
          name="email"
          type="email"
          label="Email"
          // The screen starts at its one field; leaving it unused for 'Back to Sign In' shows no
          // error (docs/decisions/045).
          autoFocus
          quietUntilUsed
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
        />
        <FormSubmit className="w-full" busyLabel="Sending..." disabled={emailError(email) !== null}>
          Send Reset Instructions
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
