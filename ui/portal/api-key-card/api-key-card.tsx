import * as React from 'react';

import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../primitives/card/card';
import {
  ConfirmDialog,
  ConfirmDialogTrigger,
} from '../../primitives/confirm-dialog/confirm-dialog';
import { WarningIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import type { CopyFn, CopyStatus } from '../../lib/use-copy';
import { Link } from '../../primitives/link/link';
import { MaskedSecret } from '../../primitives/masked-secret/masked-secret';
import { SelectField } from '../../primitives/select-field/select-field';
import { Spinner } from '../../primitives/spinner/spinner';
import {
  API_KEY_EXPIRATION_OPTIONS,
  apiKeyExpiry,
  DEFAULT_API_KEY_EXPIRATION,
  type ApiKeyExpiration,
} from './expiry';

export {
  API_KEY_EXPIRATION_OPTIONS,
  apiKeyExpiry,
  DEFAULT_API_KEY_EXPIRATION,
  type ApiKeyExpiration,
};

export const NEVER_EXPIRES_HINT =
  'Consider choosing 1-year token to rotate credentials periodically';

export type ApiKeyCardProps = Omit<React.ComponentProps<'section'>, 'children' | 'onCopy'> & {
  /** The current key, or null when none exists. */
  token: string | null;
  /** ISO date-time the key expires at; null for a key that never expires. */
  expiresAt: string | null;
  /** The clock for 'Expired on'; defaults to the time of rendering. */
  now?: Date;
  /** Expiry of the next generated key (controlled); 'ONE_YEAR' by default. */
  expiration?: ApiKeyExpiration;
  defaultExpiration?: ApiKeyExpiration;
  onExpirationChange?: (expiration: ApiKeyExpiration) => void;
  /** Which request runs: its button (and confirmation) shows busy; everything else is disabled. */
  busy?: 'generate' | 'revoke' | null;
  /**
   * 'Generate' (no key) or the confirmed 'Re-generate API Key'; receives the chosen expiry.
   * A returned promise keeps the confirmation open until it resolves (stays open if it rejects).
   */
  onGenerate: (expiration: ApiKeyExpiration) => void | Promise<unknown>;
  /** The confirmed 'Revoke API Access'; same promise rule as `onGenerate`. */
  onRevoke: () => void | Promise<unknown>;
  /** The key is being fetched: a spinner replaces the content. */
  loading?: boolean;
  /** Shown in an error banner above the content, e.g. 'Failed to get API key.'. */
  error?: React.ReactNode;
  /** With `error`: a 'Retry' button in the error banner that asks again. */
  onRetry?: () => void;
  /** Clipboard writer for the key's copy button (injectable for tests). */
  copy?: CopyFn;
  onCopy?: (status: Exclude<CopyStatus, 'idle'>) => void;
  /**
   * Where the API's reference page is (the app passes its `/api/docs`): an 'API reference' link
   * next to the key, opening in a new tab. None: no link.
   */
  referenceHref?: string;
};

/**
 * Integrations › 'API settings': the API key (masked, reveal, copy), its expiry, the 'Expires'
 * choice for the next key, 'Generate' / 'Re-generate API Key' and 'Revoke API Access', each
 * destructive action behind a ConfirmDialog.
 */
export function ApiKeyCard({
  token,
  expiresAt,
  now,
  expiration: expirationProp,
  defaultExpiration = DEFAULT_API_KEY_EXPIRATION,
  onExpirationChange,
  busy = null,
  onGenerate,
  onRevoke,
  loading = false,
  error,
  onRetry,
  copy,
  onCopy,
  referenceHref,
  className,
  ...props
}: ApiKeyCardProps) {
  const id = React.useId();
  const titleId = `${id}-title`;
  const expiryId = `${id}-expiry`;
  const hintId = `${id}-never-hint`;
  const [expiration, setExpiration] = useControllableState({
    value: expirationProp,
    defaultValue: defaultExpiration,
    onChange: onExpirationChange,
  });
  const hasKey = token !== null && token !== '';
  const expiry = hasKey ? apiKeyExpiry(expiresAt, now ?? new Date()) : null;
  const anyBusy = busy !== null;

  return (
    <Card
      data-slot="api-key-card"
      aria-labelledby={titleId}
      aria-busy={loading || anyBusy || undefined}
      className={className}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId}>API settings</CardTitle>
      </CardHeader>
      {loading ? (
        <Spinner label="Loading API settings" className="self-start" />
      ) : (
        <>
          <CardContent>
            {error ? (
              <Banner kind="error" onRetry={onRetry}>
                {error}
              </Banner>
            ) : null}
            {hasKey ? (
              <div className="flex flex-col gap-1.5">
                <MaskedSecret
                  label="API key"
                  value={token}
                  copy={copy}
                  onCopy={onCopy}
                  aria-describedby={expiry ? expiryId : undefined}
                />
                {expiry ? (
                  <p
                    id={expiryId}
                    data-slot="api-key-expiry"
                    data-state={expiry.kind}
                    className={cn(
                      'text-sm',
                      expiry.kind === 'expired' ? 'font-medium text-danger-fg' : 'text-ink-muted',
                    )}
                  >
                    {expiry.text}
                  </p>
                ) : null}
              </div>
            ) : null}
            {referenceHref ? (
              <p data-slot="api-key-reference" className="text-sm text-ink-muted">
                Send the key as <code className="font-mono">Authorization: Bearer</code> to the API:{' '}
                <Link href={referenceHref} external>
                  API reference
                </Link>
              </p>
            ) : null}
            <div className="flex max-w-xs flex-col gap-1.5">
              <SelectField
                label="Expires"
                options={API_KEY_EXPIRATION_OPTIONS}
                value={expiration}
                disabled={anyBusy}
                aria-describedby={expiration === 'NEVER' ? hintId : undefined}
                onChange={(event) => setExpiration(event.target.value as ApiKeyExpiration)}
              />
              {expiration === 'NEVER' ? (
                <p
                  id={hintId}
                  data-slot="api-key-never-hint"
                  className="flex items-start gap-1.5 text-sm text-warning-fg"
                >
                  <WarningIcon className="mt-0.5 shrink-0" />
                  <span>{NEVER_EXPIRES_HINT}</span>
                </p>
              ) : null}
            </div>
          </CardContent>
          <CardFooter>
            {hasKey ? (
              <>
                <ConfirmDialog
                  title="Re-generate API Key"
                  message="Services using the current API key will be invalidated and stop working until they use the new key."
                  confirmLabel="Re-generate API Key"
                  busy={busy === 'generate'}
                  busyLabel="Generating..."
                  onConfirm={() => onGenerate(expiration)}
                  trigger={
                    <ConfirmDialogTrigger>
                      <Button
                        busy={busy === 'generate'}
                        busyLabel="Generating..."
                        disabled={anyBusy}
                      >
                        Re-generate API Key
                      </Button>
                    </ConfirmDialogTrigger>
                  }
                />
                <ConfirmDialog
                  title="Revoke API Access"
                  message="API access will be revoked: services using the current API key will no longer be able to call the API."
                  confirmLabel="Revoke API Access"
                  confirmVariant="danger"
                  busy={busy === 'revoke'}
                  busyLabel="Revoking..."
                  onConfirm={onRevoke}
                  trigger={
                    <ConfirmDialogTrigger>
                      <Button
                        variant="outline"
                        busy={busy === 'revoke'}
                        busyLabel="Revoking..."
                        disabled={anyBusy}
                      >
                        Revoke API Access
                      </Button>
                    </ConfirmDialogTrigger>
                  }
                />
              </>
            ) : (
              <Button
                busy={busy === 'generate'}
                busyLabel="Generating..."
                disabled={anyBusy}
                onClick={() => {
                  // The caller reports failures (toast); nothing to do here.
                  void Promise.resolve(onGenerate(expiration)).catch(() => undefined);
                }}
              >
                Generate
              </Button>
            )}
          </CardFooter>
        </>
      )}
    </Card>
  );
}
