import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useLocation } from 'wouter';
import { login } from '@contract/session';
import { AuthCard } from '@ui/auth-card/auth-card';
import { Banner } from '@ui/banner/banner';
import { Form, FormPasswordField, FormSubmit, FormTextField } from '@ui/form/form';
import { analytics } from '../analytics/instance';
import { ApiError, type ServerMessage } from '../api/client';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { landingPath, paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { sessionStore } from '../session/session';
import { canSubmitSignIn, signInSchema, type SignInValues } from './validation';

/** What a failed sign-in shows (spec 8.2). */
export function loginFailureMessages(error: unknown): ServerMessage[] {
  if (error instanceof ApiError && error.status === 403) {
    return [{ kind: 'error', text: messages.loginForbidden }];
  }
  const fromServer = error instanceof ApiError ? error.messages : [];
  return fromServer.length ? fromServer : [{ kind: 'error', text: messages.loginFailed }];
}

export default function LoginScreen() {
  usePageTitle('Sign In');
  const [, navigate] = useLocation();
  const [failures, setFailures] = useState<ServerMessage[]>([]);
  const form = useForm<SignInValues>({
    resolver: standardSchemaResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    // Validate a field when it is left, then on every change (spec 5: "on blur").
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });

  async function onSubmit(body: SignInValues) {
    setFailures([]);
    analytics.track('signIn');
    try {
      const session = await api.call(login, { body });
      sessionStore.dispatch({ type: 'FetchSessionData', session });
      navigate(landingPath(session), { replace: true });
    } catch (error) {
      setFailures(loginFailureMessages(error));
    }
  }

  return (
    <AuthCard
      title="Account Sign In"
      footer={<AppLink to={paths.passwordReset}>Forgot Password?</AppLink>}
    >
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        {failures.map((f, i) => (
          <Banner key={i} kind={f.kind}>
            {f.text}
          </Banner>
        ))}
        <FormTextField<SignInValues>
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          required
        />
        <FormPasswordField<SignInValues>
          name="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <FormSubmit className="w-full" busyLabel="Verifying..." disabled={!canSubmitSignIn(values)}>
          Sign In
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
