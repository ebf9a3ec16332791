import type * as React from 'react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { EMAIL_MAX_LENGTH } from '@domain/accounts';
import { AuthCard } from '@ui/primitives/auth-card/auth-card';
import { Banner } from '@ui/primitives/banner/banner';
import { Button } from '@ui/primitives/button/button';
import { PasswordField } from '@ui/primitives/password-field/password-field';
import { TextField } from '@ui/primitives/text-field/text-field';
import { analytics } from '../analytics/instance';
import { ApiError, type ServerMessage } from '../api/client';
import { api } from '../api/api';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { landingPath, paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { sessionStore } from '../session/session';
import { canSubmitSignIn, emailError } from './sign-in-rules';

/** What a failed sign-in shows (docs/product/sign-in.md, 'Sign in'). */
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
  // Plain state keeps the form library out of the first load (README, 'Performance'). Like the
  // other forms, a field is validated once it has been left, then on every change (decision 003).
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const errors = {
    email: touched.email ? (emailError(values.email) ?? undefined) : undefined,
    password: touched.password && !values.password ? messages.passwordRequired : undefined,
  };
  const field = (name: 'email' | 'password') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (submitting || !canSubmitSignIn(values)) return;
    setSubmitting(true);
    setFailures([]);
    analytics.track('signIn');
    // Not useMutation: this screen is a first load, and the hook would bring SWR into it
    // (first-load budget, README "Performance"). The failure rule is the same: the catalogued
    // texts, and a bug is reported.
    try {
      // The endpoint's schemas load with the first call, not with the page (README, 'Performance').
      const { login } = await import('@contract/session');
      const session = await api.call(login, { body: values });
      sessionStore.dispatch({ type: 'FetchSessionData', session });
      navigate(landingPath(session), { replace: true });
    } catch (error) {
      reportUnexpected(error, { action: 'login' });
      setFailures(loginFailureMessages(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Account Sign In"
      footer={<AppLink to={paths.passwordReset}>Forgot Password?</AppLink>}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        {failures.map((f, i) => (
          <Banner key={i} kind={f.kind}>
            {f.text}
          </Banner>
        ))}
        <TextField
          {...field('email')}
          type="email"
          label="Email"
          autoComplete="username"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
        />
        <PasswordField
          {...field('password')}
          label="Password"
          autoComplete="current-password"
          required
        />
        <Button
          type="submit"
          className="w-full"
          busy={submitting}
          busyLabel="Verifying..."
          disabled={!canSubmitSignIn(values)}
        >
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
