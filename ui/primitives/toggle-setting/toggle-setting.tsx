import type * as React from 'react';
import { useId, useState } from 'react';

import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Card, CardHeader, CardTitle } from '../card/card';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { Link } from '../link/link';

export type ToggleSettingCardProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** The card's heading, e.g. 'SCIM'. */
  title: string;
  /** The status badge's words for on and off. */
  statusLabels?: { on: string; off: string };
  /** On: the details and a confirmed 'Disable …'; off: 'Enable …'. */
  enabled: boolean;
  /** The setting is being fetched: 'Loading…' replaces the content. */
  loading: boolean;
  /** A change runs: 'Enabling...' on the enable button, 'Disabling...' in the confirmation. */
  busy: boolean;
  /** What an enabled setting shows (a URL, a token…). */
  details: React.ReactNode;
  enableLabel: string;
  disableLabel: string;
  confirmTitle: string;
  confirmMessage: string;
  helpHref: string;
  helpLabel: string;
  onEnable: () => void | Promise<unknown>;
  /** After the confirmation; the dialog closes when the returned promise settles. */
  onDisable: () => void | Promise<unknown>;
};

/**
 * A setting that is on or off, as the SCIM and MDM tabs show it: enabled (its details and a
 * confirmed 'Disable …') or not ('Enable …'), with a help link in the heading row.
 */
export function ToggleSettingCard({
  title,
  statusLabels = { on: 'Enabled', off: 'Disabled' },
  enabled,
  loading,
  busy,
  details,
  enableLabel,
  disableLabel,
  confirmTitle,
  confirmMessage,
  helpHref,
  helpLabel,
  onEnable,
  onDisable,
  className,
  ...props
}: ToggleSettingCardProps) {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  return (
    <Card
      data-slot="toggle-setting-card"
      data-state={loading ? 'loading' : enabled ? 'on' : 'off'}
      aria-labelledby={titleId}
      className={className}
      {...props}
    >
      <CardHeader
        status={
          loading ? undefined : (
            <Badge tone={enabled ? 'success' : 'neutral'} dot>
              {enabled ? statusLabels.on : statusLabels.off}
            </Badge>
          )
        }
        actions={
          <Link href={helpHref} external>
            {helpLabel}
          </Link>
        }
      >
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      {loading ? (
        <p className="text-ink-muted">Loading…</p>
      ) : enabled ? (
        <>
          {details}
          <div>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {disableLabel}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button busy={busy} busyLabel="Enabling..." onClick={() => void onEnable()}>
            {enableLabel}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !busy && setConfirming(open)}
        title={confirmTitle}
        message={confirmMessage}
        confirmLabel={disableLabel}
        confirmVariant="danger"
        busy={busy}
        busyLabel="Disabling..."
        onConfirm={async () => {
          await onDisable();
          setConfirming(false);
        }}
      />
    </Card>
  );
}
