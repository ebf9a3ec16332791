import * as React from 'react';

import { scanReminderDeliveryText } from '@domain/notifications';

import { Banner } from '../../primitives/banner/banner';
import { Card, CardContent, CardHeader, CardTitle } from '../../primitives/card/card';
import { InfoIcon } from '../../primitives/icons/icons';
import { SelectField } from '../../primitives/select-field/select-field';
import { Spinner, SpinnerIcon } from '../../primitives/spinner/spinner';
import {
  SCAN_DELIVERY_OPTIONS,
  SCAN_FREQUENCY_OPTIONS,
  SCAN_PERIOD_OPTIONS,
  SCAN_REMINDER_DISABLED,
  scanReminderSummary,
  type ScanCheckPeriod,
  type ScanNotificationFrequency,
  type ScanNotificationPreferences,
  type ScanNotificationType,
} from './scan-summary';

export {
  SCAN_REMINDER_DISABLED,
  scanReminderSummary,
  type ScanCheckPeriod,
  type ScanNotificationFrequency,
  type ScanNotificationPreferences,
  type ScanNotificationType,
};

export const PUSH_FALLBACK_NOTE =
  'Devices with push notifications disabled receive an email instead.';

export type ScanNotificationsCardProps = Omit<
  React.ComponentProps<'section'>,
  'children' | 'onChange'
> & {
  /** The saved preferences; undefined while unknown (nothing but the title is shown). */
  preferences: ScanNotificationPreferences | undefined;
  /** One dropdown changed: all three preferences with that one changed. */
  onChange: (next: ScanNotificationPreferences) => void | Promise<unknown>;
  /**
   * A change is being saved: 'Saving...' shows in the header (polite status) and the card is
   * aria-busy; the dropdowns stay enabled, so keyboard focus is not lost.
   */
  saving?: boolean;
  /** The preferences are being fetched: a spinner replaces the controls. */
  loading?: boolean;
  /** E.g. 'Failed to get notification preferences.' in an error banner. */
  error?: React.ReactNode;
  /** With `error`: a 'Retry' button in the error banner that asks again. */
  onRetry?: () => void;
  /**
   * The reminders of the last 30 days: e-mails queued, push notifications not delivered (no push
   * provider is configured). Shown under the summary while the reminder is on and any was sent.
   */
  reminders?: { emails: number; pushNotDelivered: number };
};

/** Always rendered, so screen readers announce 'Saving...' when it appears. */
function SavingStatus({ saving }: { saving: boolean }) {
  return (
    <span
      role="status"
      data-slot="saving-status"
      className="flex min-h-5 items-center gap-2 text-sm text-ink-muted"
    >
      {saving ? (
        <>
          <SpinnerIcon size="sm" className="text-brand-600" />
          Saving...
        </>
      ) : null}
    </span>
  );
}

/**
 * Notifications › 'Device scan notifications' (Beta): how long a device may go without a scan
 * before it is reminded, how often, and how (push, falling back to e-mail, or e-mail), with a
 * sentence summing it up.
 */
export function ScanNotificationsCard({
  preferences,
  onChange,
  saving = false,
  loading = false,
  error,
  onRetry,
  reminders,
  className,
  ...props
}: ScanNotificationsCardProps) {
  const id = React.useId();
  const titleId = `${id}-title`;
  const pushNoteId = `${id}-push-note`;

  const change = (patch: Partial<ScanNotificationPreferences>) => {
    if (!preferences) return;
    const next: ScanNotificationPreferences = {
      deviceIntegrityPeriod: preferences.deviceIntegrityPeriod,
      notificationFrequency: preferences.notificationFrequency,
      notificationType: preferences.notificationType,
      ...patch,
    };
    void Promise.resolve(onChange(next)).catch(() => undefined);
  };

  const enabled = preferences !== undefined && preferences.deviceIntegrityPeriod !== 'NEVER';

  return (
    <Card
      data-slot="scan-notifications-card"
      aria-labelledby={titleId}
      aria-busy={loading || saving || undefined}
      className={className}
      {...props}
    >
      <CardHeader actions={<SavingStatus saving={saving} />}>
        <CardTitle id={titleId} badge="Beta">
          Device scan notifications
        </CardTitle>
      </CardHeader>
      {loading ? (
        <Spinner label="Loading device scan notifications" className="self-start" />
      ) : (
        <CardContent>
          {error ? (
            <Banner kind="error" onRetry={onRetry}>
              {error}
            </Banner>
          ) : null}
          {preferences ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="Device scan checks frequency"
                  name="deviceIntegrityPeriod"
                  options={SCAN_PERIOD_OPTIONS}
                  value={preferences.deviceIntegrityPeriod}
                  onChange={(event) =>
                    change({ deviceIntegrityPeriod: event.target.value as ScanCheckPeriod })
                  }
                />
                {enabled ? (
                  <SelectField
                    label="Push notifications frequency"
                    name="notificationFrequency"
                    options={SCAN_FREQUENCY_OPTIONS}
                    value={preferences.notificationFrequency}
                    onChange={(event) =>
                      change({
                        notificationFrequency: event.target.value as ScanNotificationFrequency,
                      })
                    }
                  />
                ) : null}
                {enabled ? (
                  <div className="flex flex-col gap-1.5">
                    <SelectField
                      label="Notification delivery mechanism"
                      name="notificationType"
                      options={SCAN_DELIVERY_OPTIONS}
                      value={preferences.notificationType}
                      aria-describedby={
                        preferences.notificationType === 'PUSH' ? pushNoteId : undefined
                      }
                      onChange={(event) =>
                        change({ notificationType: event.target.value as ScanNotificationType })
                      }
                    />
                    {preferences.notificationType === 'PUSH' ? (
                      <p
                        id={pushNoteId}
                        data-slot="scan-push-note"
                        className="flex items-start gap-1.5 text-sm text-ink-muted"
                      >
                        <InfoIcon className="mt-0.5 shrink-0" />
                        <span>{PUSH_FALLBACK_NOTE}</span>
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </div>
              <p
                data-slot="scan-summary"
                data-state={enabled ? 'enabled' : 'disabled'}
                aria-live="polite"
                className="rounded-control bg-surface-muted px-3 py-2 text-sm text-ink"
              >
                {scanReminderSummary(preferences)}
              </p>
              {enabled && reminders && scanReminderDeliveryText(reminders) ? (
                <p data-slot="scan-reminder-delivery" className="text-sm text-ink-muted">
                  {scanReminderDeliveryText(reminders)}
                </p>
              ) : null}
            </>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
