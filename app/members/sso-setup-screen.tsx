import type * as React from 'react';
import { useState } from 'react';
import type { SsoConfigView } from '@contract/sso';
import { Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { isSsoProvider } from '@domain/sso';
import { ID_MAX_LENGTH, SECRET_MAX_LENGTH, URL_MAX_LENGTH } from '@domain/limits';
import { Button } from '@ui/primitives/button/button';
import { Link } from '@ui/primitives/link/link';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { TextField } from '@ui/primitives/text-field/text-field';
import { CopyableField } from '@ui/primitives/copyable-field/copyable-field';
import { config, links } from '../config';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import { goToSsoLogin } from '../session/sso';
import type { SsoSetupState } from './flow-state';
import { ApiError } from '../api/client';
import { useSaveSsoConfig, useSsoConfig } from './use-members';

/** The text the server gave for one field of the settings (400 `issues`), if any. */
function issueOf(error: unknown, field: 'tenant' | 'clientSecret' | 'clientId'): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const issues = (error.body as { issues?: Array<{ path?: unknown; message?: unknown }> } | null)
    ?.issues;
  const found = issues?.find((i) => i.path === field && typeof i.message === 'string');
  return found ? String(found.message) : null;
}

/** What the Tenant field takes, per provider (docs/decisions/019-openid-connect.md). */
const TENANT_HELP = {
  okta: 'For TENANT, enter your Okta domain (dev-123456.okta.com) or the issuer URL of your authorization server.',
  azure: 'For TENANT, enter your Microsoft Entra tenant ID or one of its verified domains.',
} as const;

const STEPS = ['SSO Settings', 'Select Groups', 'Send Invitations'];

/**
 * The Redirect URL the administrator registers with the identity provider: the organization's
 * own when the session carries one, else the portal's one callback address for every
 * organization, `{API}/oauth/callback` on this origin (docs/decisions/043).
 */
export function ssoRedirectUrl(fromSession: string | null | undefined): string {
  if (fromSession) return fromSession;
  return new URL(`${config.apiUrl}/oauth/callback`, window.location.origin).href;
}

/** 'Provide Your SSO Details' (docs/product/members.md, 'SSO setup'). */
export default function SsoSetupScreen() {
  usePageTitle('Provide Your SSO Details');
  const state = useHistoryState<SsoSetupState | null>();
  if (!isSsoProvider(state?.provider)) return <Redirect to={paths.ssoSelection} replace />;
  return <SsoSetupSettings provider={state.provider} />;
}

/**
 * Settings saved before for this provider fill the form again (the secret stays on the server):
 * the form starts over with them once they have arrived.
 */
function SsoSetupSettings({ provider }: { provider: SsoSetupState['provider'] }) {
  const saved = useSsoConfig().data;
  const savedHere = saved?.provider === provider ? saved : null;
  return (
    <SsoSetupForm
      key={savedHere ? 'saved' : 'new'}
      provider={provider}
      saved={savedHere}
      savedRedirectUrl={saved?.redirectUrl ?? null}
    />
  );
}

function SsoSetupForm({
  provider,
  saved: savedHere,
  savedRedirectUrl,
}: {
  provider: SsoSetupState['provider'];
  saved: SsoConfigView | null;
  savedRedirectUrl: string | null;
}) {
  const session = useSession();
  const [clientId, setClientId] = useState(savedHere?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [tenant, setTenant] = useState(savedHere?.tenant ?? '');
  const save = useSaveSsoConfig();
  const busy = save.busy;
  // An empty secret keeps the saved one, for the same application only.
  const keepsSecret =
    savedHere?.clientSecretSaved === true && clientId.trim() === (savedHere.clientId ?? '');
  const filled =
    clientId.trim() !== '' && (clientSecret.trim() !== '' || keepsSecret) && tenant.trim() !== '';
  const slug = session?.organization.slug ?? '';
  const redirectUrl = ssoRedirectUrl(session?.organization.redirectUrl || savedRedirectUrl);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!filled || busy) return;
    const secret = clientSecret.trim() === '' ? {} : { clientSecret };
    await save.trigger(
      { clientId: clientId.trim(), ...secret, provider, slug, tenant: tenant.trim() },
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
        <p className="mt-2 text-ink-muted">{TENANT_HELP[provider]}</p>
      </div>
      <form
        onSubmit={(e) => void submit(e)}
        aria-label="SSO details"
        className="flex flex-col gap-4 rounded-card border border-surface-border bg-surface p-5 shadow-card"
      >
        <CopyableField
          label="Redirect URL"
          value={redirectUrl}
          mono
          hint={`Register this address as the sign-in redirect URI of the ${provider} application.`}
        />
        <TextField
          label="Client ID"
          value={clientId}
          maxLength={ID_MAX_LENGTH}
          error={issueOf(save.error, 'clientId')}
          onChange={(e) => setClientId(e.target.value)}
        />
        <TextField
          label="Client Secret"
          type="password"
          autoComplete="off"
          value={clientSecret}
          maxLength={SECRET_MAX_LENGTH}
          placeholder={keepsSecret ? '•••••••• (saved)' : undefined}
          hint={keepsSecret ? 'A secret is saved. Leave this empty to keep it.' : undefined}
          error={issueOf(save.error, 'clientSecret')}
          onChange={(e) => setClientSecret(e.target.value)}
        />
        <TextField
          label="TENANT"
          hint="Tenant (full path)"
          value={tenant}
          maxLength={URL_MAX_LENGTH}
          error={issueOf(save.error, 'tenant')}
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
