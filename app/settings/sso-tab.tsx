import { useState } from 'react';
import { useLocation } from 'wouter';
import { Badge } from '@ui/primitives/badge/badge';
import { Button } from '@ui/primitives/button/button';
import { Card, CardHeader, CardTitle } from '@ui/primitives/card/card';
import { ConfirmDialog } from '@ui/primitives/confirm-dialog/confirm-dialog';
import { isSsoProvider, SSO_PROVIDER_LABELS } from '@domain/sso';
import { analytics } from '../analytics/instance';
import { paths } from '../routing/paths';
import { sessionStore, useSession } from '../session/session';
import { useDisconnectSso, useSsoSetUp } from './use-sso';

/**
 * The SSO tab (docs/product/settings.md, 'Single sign-on'). With no provider in the session the
 * organization is looked up by slug and its hasSSO flag decides; disconnecting signs the
 * administrator out to the login screen, since how they sign in has just changed.
 */
export function SsoTab() {
  const session = useSession();
  const [, navigate] = useLocation();
  const provider = session?.organization.ssoProvider ?? null;
  const slug = session?.organization.slug ?? '';
  const lookup = useSsoSetUp(provider ? null : slug);
  const configured = Boolean(provider) || Boolean(lookup.data?.hasSSO);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectSso(provider);
  const busy = disconnect.busy;

  async function confirmDisconnect() {
    analytics.track('disconnectSso');
    await disconnect.trigger(undefined, {
      onSuccess: () => {
        sessionStore.dispatch({ type: 'Delete' });
        navigate(paths.login, { replace: true });
      },
      onError: () => setConfirming(false),
    });
  }

  return (
    <Card aria-labelledby="sso-title">
      <CardHeader
        status={
          !provider && lookup.isLoading ? undefined : configured ? (
            // The spec's words, as the card's status: '{provider} configured' with the provider's
            // brand name ('Okta configured', docs/decisions/045), or the setup reminder.
            <Badge tone={provider ? 'success' : 'warning'} dot>
              {provider
                ? `${isSsoProvider(provider) ? SSO_PROVIDER_LABELS[provider] : provider} configured`
                : 'Please login with SSO to complete setup'}
            </Badge>
          ) : (
            <Badge tone="neutral" dot>
              Not yet configured
            </Badge>
          )
        }
      >
        <CardTitle id="sso-title">Single sign-on</CardTitle>
      </CardHeader>
      {!provider && lookup.isLoading ? (
        <p className="text-ink-muted">Loading…</p>
      ) : configured ? (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </div>
      ) : (
        <div>
          <Button onClick={() => navigate(paths.ssoSelection)}>Set Up SSO</Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !busy && setConfirming(open)}
        title="Disconnect SSO"
        message="Members and administrators will no longer sign in through your identity provider. You will be signed out."
        confirmLabel="Disconnect"
        confirmVariant="danger"
        busy={busy}
        busyLabel="Disconnecting..."
        onConfirm={confirmDisconnect}
      />
    </Card>
  );
}
