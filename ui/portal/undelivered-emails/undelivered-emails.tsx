import * as React from 'react';

import { EMAIL_KIND_LABELS, type EmailKind } from '@domain/mail';
import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../primitives/card/card';
import { Spinner } from '../../primitives/spinner/spinner';
import { formatDeliveryTime } from '../webhook-delivery-log/webhook-delivery-log';

/** One undelivered e-mail (the list call's shape, without the portal's schemas). */
export interface UndeliveredEmailEntry {
  id: string;
  kind: EmailKind;
  /** The recipient's address. */
  to: string;
  /** When the last attempt failed (ISO 8601). */
  failedAt: string;
  attempts: number;
  /** The mail server's answer in short, e.g. 'SMTP 550 (permanent)'. */
  reason: string;
  canResend: boolean;
}

export type UndeliveredEmailsProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** Newest first; undefined while loading. */
  emails: readonly UndeliveredEmailEntry[] | undefined;
  /** The list could not be read: the message, with 'Retry' (onRetry). */
  loadError?: string;
  onRetry?: () => void;
  /** 'Resend' on an invitation. */
  onResend: (id: string) => void;
  /** The e-mail being sent again (its button is busy, the others wait). */
  resendingId?: string | null;
  formatTime?: (iso: string) => string;
};

/**
 * Settings › Notifications › 'Undelivered e-mails' (docs/product/notifications.md): e-mails the
 * mail server refused for good, after every retry — which e-mail, to whom, when, how many
 * attempts and why — with 'Resend' on invitations. Links and codes are never shown.
 */
export function UndeliveredEmails({
  emails,
  loadError,
  onRetry,
  onResend,
  resendingId = null,
  formatTime = formatDeliveryTime,
  className,
  ...props
}: UndeliveredEmailsProps) {
  const titleId = `${React.useId()}-title`;
  const loading = emails === undefined && !loadError;
  return (
    <Card
      data-slot="undelivered-emails"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={className}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId} as="h3">
          Undelivered e-mails
        </CardTitle>
        <CardDescription>
          E-mails the mail server refused after every retry, from the last 30 days. Invitations can
          be sent again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loadError ? (
          <Banner kind="error" onRetry={onRetry}>
            {loadError}
          </Banner>
        ) : emails === undefined ? (
          <Spinner label="Loading undelivered e-mails" className="self-start" />
        ) : emails.length === 0 ? (
          <p data-slot="undelivered-emails-empty" className="text-sm text-ink-muted">
            Every e-mail has been delivered.
          </p>
        ) : (
          // Focusable, so a keyboard can scroll a narrow table even when no row has a button.
          <div
            role="group"
            aria-labelledby={titleId}
            tabIndex={0}
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-surface-border text-ink-muted">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Recipient
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Failed
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Attempts
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Reason
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {emails.map((entry) => (
                  <tr
                    key={entry.id}
                    data-slot="undelivered-email"
                    className="border-b border-surface-border last:border-b-0"
                  >
                    <td className="py-2 pr-3">{EMAIL_KIND_LABELS[entry.kind]}</td>
                    <td className="max-w-[16rem] truncate py-2 pr-3" title={entry.to}>
                      {entry.to}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatTime(entry.failedAt)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{entry.attempts}</td>
                    <td className="py-2 pr-3 text-ink-muted">{entry.reason}</td>
                    <td className="py-2 text-right">
                      {entry.canResend ? (
                        <Button
                          variant="outline"
                          size="sm"
                          busy={resendingId === entry.id}
                          busyLabel="Resending..."
                          disabled={resendingId !== null && resendingId !== entry.id}
                          aria-label={`Resend ${EMAIL_KIND_LABELS[entry.kind].toLowerCase()} to ${entry.to}`}
                          onClick={() => onResend(entry.id)}
                        >
                          Resend
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
