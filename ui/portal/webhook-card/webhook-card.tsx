import * as React from 'react';

import { Button } from '../../primitives/button/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../primitives/card/card';
import { ConfirmDialog } from '../../primitives/confirm-dialog/confirm-dialog';
import type { CopyFn, CopyStatus } from '../../lib/use-copy';
import { MaskedSecret } from '../../primitives/masked-secret/masked-secret';
import { Spinner } from '../../primitives/spinner/spinner';
import { Switch } from '../../primitives/switch/switch';
import { TextField } from '../../primitives/text-field/text-field';

/** Save is possible when a URL is typed (spaces alone do not count) and no save runs. */
export function canSaveWebhook(url: string, saving: boolean): boolean {
  return !saving && url.trim() !== '';
}

export type WebhookCardProps = Omit<React.ComponentProps<'section'>, 'children' | 'onCopy'> & {
  /** Webhooks are active (the toggle's state; the toggle is controlled by this prop). */
  enabled: boolean;
  /** Turning the toggle on. The app fetches the secret (show `loading` meanwhile). */
  onEnable: () => void;
  /**
   * Turning the toggle off: called directly without a saved URL, or after the 'Deactivate
   * Webhooks' confirmation with one. A returned promise keeps the confirmation open (busy) until
   * it settles; it stays open if the promise rejects.
   */
  onDeactivate: () => void | Promise<unknown>;
  /** A URL is saved on the server: turning off asks for confirmation first. */
  hasSavedUrl: boolean;
  /** The signing secret (masked, reveal, copy); null while none is known. */
  secret: string | null;
  /** The 'Webhook URL' input's value (controlled). */
  url: string;
  onUrlChange: (url: string) => void;
  /** The error line under the input (server message); marks it aria-invalid. */
  error?: string;
  /** The URL is being saved and verified: Save says 'Verifying...'. */
  saving?: boolean;
  onSave: () => void;
  /** The secret (or config) is being fetched: the toggle is busy, a spinner replaces the form. */
  loading?: boolean;
  copy?: CopyFn;
  onCopy?: (status: Exclude<CopyStatus, 'idle'>) => void;
};

/**
 * Integrations › 'Webhook settings': the toggle, then (when on) the Webhook secret and the
 * 'Webhook URL' form. Turning off with a saved URL asks 'Deactivate Webhooks' first; Cancel
 * leaves the toggle on.
 */
export function WebhookCard({
  enabled,
  onEnable,
  onDeactivate,
  hasSavedUrl,
  secret,
  url,
  onUrlChange,
  error,
  saving = false,
  onSave,
  loading = false,
  copy,
  onCopy,
  className,
  ...props
}: WebhookCardProps) {
  const id = React.useId();
  const titleId = `${id}-title`;
  const [confirmOpen, setConfirmOpen] = React.useState(false);
  const [deactivating, setDeactivating] = React.useState(false);

  const toggle = (next: boolean) => {
    if (next) onEnable();
    else if (hasSavedUrl) setConfirmOpen(true);
    else void Promise.resolve(onDeactivate()).catch(() => undefined);
  };

  const deactivate = async () => {
    setDeactivating(true);
    try {
      await onDeactivate();
    } finally {
      setDeactivating(false);
    }
  };

  return (
    <Card
      data-slot="webhook-card"
      aria-labelledby={titleId}
      aria-busy={loading || saving || undefined}
      className={className}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId}>Webhook settings</CardTitle>
      </CardHeader>
      <CardContent>
        <Switch
          label="Enable webhooks"
          checked={enabled}
          onCheckedChange={toggle}
          busy={loading || saving || deactivating}
        />
        {enabled ? (
          loading ? (
            <Spinner label="Loading webhook secret" className="self-start" />
          ) : (
            <form
              data-slot="webhook-form"
              className="flex flex-col gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (canSaveWebhook(url, saving)) onSave();
              }}
            >
              {secret ? (
                <MaskedSecret label="Webhook secret" value={secret} copy={copy} onCopy={onCopy} />
              ) : null}
              <TextField
                label="Webhook URL"
                name="webhookUrl"
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder="https://example.com/webhooks"
                value={url}
                error={error}
                readOnly={saving}
                onChange={(event) => onUrlChange(event.target.value)}
              />
              <CardFooter>
                <Button
                  type="submit"
                  busy={saving}
                  busyLabel="Verifying..."
                  disabled={!canSaveWebhook(url, saving)}
                >
                  Save
                </Button>
              </CardFooter>
            </form>
          )
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Deactivate Webhooks"
        message="Events will no longer be sent to your webhook URL, and the saved URL and secret are removed."
        confirmLabel="Deactivate"
        confirmVariant="danger"
        busy={deactivating}
        busyLabel="Deactivating..."
        onConfirm={deactivate}
      />
    </Card>
  );
}
