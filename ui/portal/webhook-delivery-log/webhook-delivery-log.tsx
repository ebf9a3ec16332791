import * as React from 'react';

import {
  canResendDelivery,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@domain/webhooks';
import { Badge, type BadgeTone } from '../../primitives/badge/badge';
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

/** One row of the log (the delivery log call's shape, without the portal's schemas). */
export interface DeliveryLogEntry {
  /** The event's `webhook-id`. */
  id: string;
  eventType: WebhookEventType;
  /** When the event happened (ISO 8601). */
  createdAt: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

/** A delivery's status as a Badge tone. */
export const DELIVERY_STATUS_TONES = {
  pending: 'neutral',
  delivered: 'success',
  retrying: 'warning',
  failed: 'danger',
} as const satisfies Record<WebhookDeliveryStatus, BadgeTone>;

const timeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** '24 Nov 2026, 04:10:00 UTC'-style text of an ISO time (UTC, so every reader sees the same). */
export function formatDeliveryTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} UTC`;
}

/** '200 · 35 ms', 'no answer · 10,000 ms', '—' before the first attempt. */
export function lastResponseText(
  entry: Pick<DeliveryLogEntry, 'attempts' | 'lastStatusCode' | 'lastDurationMs'>,
): string {
  if (entry.attempts === 0) return '—';
  const code = entry.lastStatusCode === null ? 'no answer' : String(entry.lastStatusCode);
  return entry.lastDurationMs === null
    ? code
    : `${code} · ${entry.lastDurationMs.toLocaleString('en-US')} ms`;
}

export type WebhookDeliveryLogProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** The last deliveries, newest first; undefined while loading. */
  deliveries: readonly DeliveryLogEntry[] | undefined;
  /** The log could not be read: the message, with 'Retry' (onRetry). */
  loadError?: string;
  onRetry?: () => void;
  /** The endpoint answered 410 Gone: events are not sent until the URL is saved again. */
  disabledNotice?: string;
  /** 'Send test event' (shown when a URL is saved). */
  canSendTest: boolean;
  onSendTest: () => void;
  sendingTest?: boolean;
  /** 'Resend' on a failed delivery. */
  onResend: (id: string) => void;
  /** The delivery being resent (its button is busy). */
  resendingId?: string | null;
  formatTime?: (iso: string) => string;
};

/**
 * Integrations › Webhook settings › 'Delivery log': the last deliveries to the endpoint (event,
 * time, status, attempts, last response), 'Resend' on a failed one and 'Send test event'.
 */
export function WebhookDeliveryLog({
  deliveries,
  loadError,
  onRetry,
  disabledNotice,
  canSendTest,
  onSendTest,
  sendingTest = false,
  onResend,
  resendingId = null,
  formatTime = formatDeliveryTime,
  className,
  ...props
}: WebhookDeliveryLogProps) {
  const titleId = `${React.useId()}-title`;
  const loading = deliveries === undefined && !loadError;
  return (
    <Card
      data-slot="webhook-delivery-log"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={className}
      {...props}
    >
      <CardHeader
        actions={
          canSendTest ? (
            <Button
              variant="outline"
              busy={sendingTest}
              busyLabel="Sending..."
              onClick={onSendTest}
            >
              Send test event
            </Button>
          ) : null
        }
      >
        <CardTitle id={titleId} as="h3">
          Delivery log
        </CardTitle>
        <CardDescription>
          The last 50 events sent to your webhook URL. Failed deliveries are retried automatically.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {disabledNotice ? <Banner kind="warning">{disabledNotice}</Banner> : null}
        {loadError ? (
          <Banner kind="error" onRetry={onRetry}>
            {loadError}
          </Banner>
        ) : deliveries === undefined ? (
          <Spinner label="Loading deliveries" className="self-start" />
        ) : deliveries.length === 0 ? (
          <p data-slot="webhook-delivery-log-empty" className="text-sm text-ink-muted">
            No events have been sent yet. Events appear here as they are sent
            {canSendTest ? ', or send a test event now.' : '.'}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-surface-border text-ink-muted">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Attempts
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Last response
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((entry) => (
                  <tr
                    key={entry.id}
                    data-slot="webhook-delivery"
                    data-state={entry.status}
                    className="border-b border-surface-border last:border-b-0"
                  >
                    <td className="py-2 pr-3 font-mono text-xs">{entry.eventType}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatTime(entry.createdAt)}</td>
                    <td className="py-2 pr-3">
                      <Badge tone={DELIVERY_STATUS_TONES[entry.status]}>
                        {WEBHOOK_DELIVERY_STATUS_LABELS[entry.status]}
                      </Badge>
                      {entry.status === 'retrying' && entry.nextAttemptAt ? (
                        <span className="mt-1 block text-xs text-ink-muted">
                          Next attempt {formatTime(entry.nextAttemptAt)}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{entry.attempts}</td>
                    <td className="py-2 pr-3">
                      <span className="whitespace-nowrap tabular-nums">
                        {lastResponseText(entry)}
                      </span>
                      {entry.lastError && entry.status !== 'delivered' ? (
                        <span className="mt-1 block text-xs text-ink-muted">{entry.lastError}</span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right">
                      {canResendDelivery(entry) ? (
                        <Button
                          variant="outline"
                          size="sm"
                          busy={resendingId === entry.id}
                          busyLabel="Resending..."
                          disabled={resendingId !== null && resendingId !== entry.id}
                          aria-label={`Resend ${entry.eventType} of ${formatTime(entry.createdAt)}`}
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
