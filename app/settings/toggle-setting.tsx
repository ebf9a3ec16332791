import type * as React from 'react';
import { useState } from 'react';
import { Button } from '@ui/button/button';
import { ConfirmDialog } from '@ui/confirm-dialog/confirm-dialog';
import { Link } from '@ui/link/link';

/**
 * The shared shape of the SCIM and MDM tabs: a card that is either enabled (its details and a
 * confirmed 'Disable …') or not ('Enable …'), with a help link.
 */
export function ToggleSettingCard({
  title,
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
}: {
  title: string;
  enabled: boolean;
  loading: boolean;
  busy: boolean;
  details: React.ReactNode;
  enableLabel: string;
  disableLabel: string;
  confirmTitle: string;
  confirmMessage: string;
  helpHref: string;
  helpLabel: string;
  onEnable: () => Promise<void>;
  onDisable: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-5 rounded-card border border-surface-border bg-surface p-6 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">{title}</h2>
        <Link href={helpHref} external>
          {helpLabel}
        </Link>
      </div>
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
    </div>
  );
}
