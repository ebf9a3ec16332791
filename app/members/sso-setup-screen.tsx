import type * as React from 'react';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { isSsoProvider } from '@domain/sso';
import { ID_MAX_LENGTH, SECRET_MAX_LENGTH, URL_MAX_LENGTH } from '@domain/limits';
import { Button } from '@ui/primitives/button/button';
import { Link } from '@ui/primitives/link/link';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { TextField } from '@ui/primitives/text-field/text-field';
import { links } from '../config';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import { goToSsoLogin } from '../session/sso';
import type { SsoSetupState } from './flow-state';
import { useSaveSsoConfig } from './use-members';

const STEPS = ['SSO Settings', 'Select Groups', 'Send Invitations'];

/** 'Provide Your SSO Details' (docs/product/members.md, 'SSO setup'). */
export default function SsoSetupScreen() {
  usePageTitle('Provide Your SSO Details');
  const state = useHistoryState<SsoSetupState | null>();
  if (!isSsoProvider(state?.provider)) return <Redirect to={paths.ssoSelection} replace />;
  return <SsoSetupForm provider={state.provider} />;
}

function SsoSetupForm({ provider }: { provider: SsoSetupState['provider'] }) {
  const session = useSession();
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [tenant, setTenant] = useState('');
  const save = useSaveSsoConfig();
  const busy = save.busy;
  const filled = clientId.trim() !== '' && clientSecret.trim() !== '' && tenant.trim() !== '';
  const slug = session?.organization.slug ?? '';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!filled || busy) return;
    await save.trigger(
      { clientId: clientId.trim(), clientSecret, provider, slug, tenant: tenant.trim() },
      // On to the identity provider (busy until the browser has left); it brings the
      // administrator back through /sso-login.
      { onSuccess: () => goToSsoLogin(slug) },
    );
  }

  return (
    <section aria-labelledby="sso-setup-heading" className="mx-auto flex max-w-2xl flex-col gap-6">
      <StepTrail steps={STEPS} current={0} />
      <div>
        <h1 id="sso-setup-heading" className="text-2xl font-semibold text-ink">
          Provide Your SSO Details
        </h1>
        <p className="mt-2 text-ink-muted">
          Create an application for the portal in {provider} and copy its details here.{' '}
          <Link href={provider === 'okta' ? links.docs.okta : links.docs.azure} external>
            {provider} setup guide
          </Link>
        </p>
      </div>
      <form
        onSubmit={(e) => void submit(e)}
        aria-label="SSO details"
        className="flex flex-col gap-4 rounded-card border border-surface-border bg-surface p-5 shadow-card"
      >
        <TextField label="Redirect URL" value={session?.organization.redirectUrl ?? ''} readOnly />
        <TextField
          label="Client ID"
          value={clientId}
          maxLength={ID_MAX_LENGTH}
          onChange={(e) => setClientId(e.target.value)}
        />
        <TextField
          label="Client Secret"
          type="password"
          autoComplete="off"
          value={clientSecret}
          maxLength={SECRET_MAX_LENGTH}
          onChange={(e) => setClientSecret(e.target.value)}
        />
        <TextField
          label="TENANT"
          hint="Tenant (full path)"
          value={tenant}
          maxLength={URL_MAX_LENGTH}
          onChange={(e) => setTenant(e.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!filled} busy={busy} busyLabel="Submitting...">
            Apply Settings
          </Button>
        </div>
      </form>
    </section>
  );
}
