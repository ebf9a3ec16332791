import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useParams } from 'wouter';
import { PASSWORD_MAX_LENGTH } from '@domain/accounts';
import { AuthCard } from '@ui/primitives/auth-card/auth-card';
import { Banner } from '@ui/primitives/banner/banner';
import { Form, FormPasswordField, FormSubmit } from '@ui/primitives/form/form';
import { ApiError } from '../api/client';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useUpdatePassword } from './use-auth';
import {
  canSubmitPasswordUpdate,
  updatePasswordSchema,
  type UpdatePasswordValues,
} from './validation';

export default function UpdatePasswordScreen() {
  usePageTitle('Password Update');
  const { token = '' } = useParams<{ token: string }>();
  const [done, setDone] = useState(false);
  const update = useUpdatePassword();
  const form = useForm<UpdatePasswordValues>({
    resolver: standardSchemaResolver(updatePasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    // Validate a field when it is left, then on every change (decision 003).
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });

  async function onSubmit({ password }: UpdatePasswordValues) {
    await update.trigger({ requestToken: token, password }, { onSuccess: () => setDone(true) });
  }

  // The catalogued text, plus the server's reason (e.g. an expired link) when it gives one.
  const reasons = update.error instanceof ApiError ? update.error.messages.map((m) => m.text) : [];
  const failure = update.error ? [messages.updatePasswordFailed, ...reasons] : null;

  const back = <AppLink to={paths.login}>Back to Sign In</AppLink>;

  if (done) {
    return (
      <AuthCard title="Password Updated" footer={back}>
        <Banner kind="success">{messages.passwordUpdated}</Banner>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Password Update"
      description="Choose a new password for your account."
      footer={back}
    >
      <Form
        form={form}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Password update"
      >
        {failure ? (
          <Banner kind="error" title={failure[0]}>
            {failure.slice(1).join(' ') || undefined}
          </Banner>
        ) : null}
        <FormPasswordField<UpdatePasswordValues>
          name="password"
          label="Password"
          // The screen starts at its first field; leaving it unused shows no error
          // (docs/decisions/045).
          autoFocus
          quietUntilUsed
          hint={messages.passwordHint}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          onChange={() => {
            if (form.getValues('confirmPassword')) void form.trigger('confirmPassword');
          }}
        />
        <FormPasswordField<UpdatePasswordValues>
          name="confirmPassword"
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
        />
        <FormSubmit
          className="w-full"
          busyLabel="Updating..."
          disabled={!canSubmitPasswordUpdate(values)}
        >
          Update Password
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
