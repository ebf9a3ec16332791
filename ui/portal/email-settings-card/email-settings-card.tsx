import * as React from 'react';

import { ENABLED_DISABLED_LABELS, labelled, ON_OFF_VALUES } from '@domain/labels';
import {
  ENROLLMENT_EMAILS_FREQUENCIES,
  ENROLLMENT_EMAILS_FREQUENCY_LABELS,
  FREQUENCY_LABELS,
  OUTDATED_OS_EMAILS_FREQUENCIES,
  type EnrollmentEmailsFrequency,
  type OutdatedOsEmailsFrequency,
} from '@domain/notifications';

import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { Badge } from '../../primitives/badge/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../primitives/card/card';
import { SelectField } from '../../primitives/select-field/select-field';
import { Spinner, SpinnerIcon } from '../../primitives/spinner/spinner';

/** The e-mail preferences the card shows; a control appears only when its value is present. */
export interface EmailPreferencesValue {
  threatAlerts?: boolean;
  enrollmentEmailsFrequency?: EnrollmentEmailsFrequency;
  outdatedOsEmailsFrequency?: OutdatedOsEmailsFrequency;
}

export const ENROLLMENT_EMAILS_OPTIONS = labelled(
  ENROLLMENT_EMAILS_FREQUENCIES,
  ENROLLMENT_EMAILS_FREQUENCY_LABELS,
);

/** Threat alert emails: the boolean travels as 'true' / 'false' option values. */
export const THREAT_ALERT_OPTIONS = labelled(ON_OFF_VALUES, ENABLED_DISABLED_LABELS);

export const OUTDATED_OS_EMAILS_OPTIONS = labelled(
  OUTDATED_OS_EMAILS_FREQUENCIES,
  FREQUENCY_LABELS,
);

export type EmailSettingsCardProps = Omit<
  React.ComponentProps<'section'>,
  'children' | 'onChange'
> & {
  preferences: EmailPreferencesValue;
  /** One control changed: just that preference, e.g. `{ threatAlerts: false }`. */
  onChange: (partial: EmailPreferencesValue) => void | Promise<unknown>;
  /** 'Customise email' (opens the enrollment e-mail template dialog). */
  onCustomiseEmail: () => void;
  /**
   * A change is being saved: 'Saving...' shows in the header (a polite status) and the card is
   * aria-busy. The dropdowns stay enabled, so keyboard focus is not lost.
   */
  saving?: boolean;
  /** The preferences are being fetched: a spinner replaces the controls. */
  loading?: boolean;
  /** E.g. 'Failed to get email preferences.' in an error banner. */
  error?: React.ReactNode;
  /** With `error`: a 'Retry' button in the error banner that asks again. */
  onRetry?: () => void;
};

/** Always rendered, so screen readers announce 'Saving...' when it appears. */
function SavingStatus({ saving, label = 'Saving...' }: { saving: boolean; label?: string }) {
  return (
    <span
      role="status"
      data-slot="saving-status"
      className="flex min-h-5 items-center gap-2 text-sm text-ink-muted"
    >
      {saving ? (
        <>
          <SpinnerIcon size="sm" className="text-brand-600" />
          {label}
        </>
      ) : null}
    </span>
  );
}

/**
 * Notifications › 'Email settings': Enrollment emails (with 'Customise email'), Threat Alert
 * Emails and Outdated OS emails frequency (Beta, iOS only), each only when the server sent it.
 */
export function EmailSettingsCard({
  preferences,
  onChange,
  onCustomiseEmail,
  saving = false,
  loading = false,
  error,
  onRetry,
  className,
  ...props
}: EmailSettingsCardProps) {
  const id = React.useId();
  const titleId = `${id}-title`;
  const iosNoteId = `${id}-ios-only`;
  const { enrollmentEmailsFrequency, threatAlerts, outdatedOsEmailsFrequency } = preferences;
  const change = (partial: EmailPreferencesValue) =>
    void Promise.resolve(onChange(partial)).catch(() => undefined);

  return (
    <Card
      data-slot="email-settings-card"
      aria-labelledby={titleId}
      aria-busy={loading || saving || undefined}
      className={className}
      {...props}
    >
      <CardHeader actions={<SavingStatus saving={saving} />}>
        <CardTitle id={titleId}>Email settings</CardTitle>
      </CardHeader>
      {loading ? (
        <Spinner label="Loading email settings" className="self-start" />
      ) : (
        <CardContent>
          {error ? (
            <Banner kind="error" onRetry={onRetry}>
              {error}
            </Banner>
          ) : null}
          {enrollmentEmailsFrequency !== undefined ? (
            <div className="flex flex-wrap items-end gap-3">
              <SelectField
                label="Enrollment emails"
                name="enrollmentEmailsFrequency"
                options={ENROLLMENT_EMAILS_OPTIONS}
                value={enrollmentEmailsFrequency}
                fieldClassName="w-full max-w-xs"
                onChange={(event) =>
                  change({
                    enrollmentEmailsFrequency: event.target.value as EnrollmentEmailsFrequency,
                  })
                }
              />
              <Button variant="outline" onClick={onCustomiseEmail}>
                Customise email
              </Button>
            </div>
          ) : null}
          {threatAlerts !== undefined ? (
            <SelectField
              label="Threat alert emails"
              name="threatAlerts"
              options={THREAT_ALERT_OPTIONS}
              value={String(threatAlerts)}
              fieldClassName="max-w-xs"
              onChange={(event) => change({ threatAlerts: event.target.value === 'true' })}
            />
          ) : null}
          {outdatedOsEmailsFrequency !== undefined ? (
            <div className="flex max-w-xs flex-col gap-1.5">
              <SelectField
                label={
                  <>
                    Outdated OS emails frequency{' '}
                    <Badge tone="brand" className="ms-1 align-middle">
                      Beta
                    </Badge>
                  </>
                }
                name="outdatedOsEmailsFrequency"
                options={OUTDATED_OS_EMAILS_OPTIONS}
                value={outdatedOsEmailsFrequency}
                aria-describedby={iosNoteId}
                onChange={(event) =>
                  change({
                    outdatedOsEmailsFrequency: event.target.value as OutdatedOsEmailsFrequency,
                  })
                }
              />
              <p id={iosNoteId} className="text-sm text-ink-muted">
                iOS only
              </p>
            </div>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
