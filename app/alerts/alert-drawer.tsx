import { ALERT_NOT_FOUND, type AlertDetail } from '@contract/alerts';
import { Button } from '@ui/primitives/button/button';
import { Drawer, DrawerContent, DrawerFacts, DrawerSection } from '@ui/primitives/drawer/drawer';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { SeverityBadge } from '@ui/portal/severity-badge/severity-badge';
import type { DetailRead } from '../data/use-detail';
import { TimeAgo } from '../format/time-ago';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';

export interface AlertDrawerProps {
  /** The open alert's id; null: closed. */
  id: string | null;
  read: DetailRead<AlertDetail>;
  onClose: () => void;
  /** Where focus goes on close (the row that opened it); default: Radix's. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The alert drawer (docs/product/alerts.md, 'Alert detail'): the alert, its threats (cleared or
 * still found) and its status history, for the alert in the address (`?alert=ID`). Loaded lazily;
 * its data is read by the screen (no waterfall).
 */
export default function AlertDrawer({ id, read, onClose, onCloseAutoFocus }: AlertDrawerProps) {
  const detail = read.data;
  const alert = detail?.alert;
  return (
    <Drawer open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DrawerContent
        title={read.notFound ? ALERT_NOT_FOUND : (alert?.alertName ?? 'Alert')}
        description={
          alert ? `On ${alert.device} · ${alert.memberName ?? 'No member'}` : `Alert ${id ?? ''}`
        }
        badge={
          alert ? <SeverityBadge severity={alert.severity}>{alert.severity}</SeverityBadge> : null
        }
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {read.loading ? (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label="Loading the alert" />
          </div>
        ) : read.notFound ? (
          <div data-slot="drawer-not-found" className="flex flex-col items-start gap-3">
            <p className="text-ink">No such alert in your organization.</p>
            <Button variant="outline" size="sm" onClick={onClose}>
              Back to the list
            </Button>
          </div>
        ) : read.failed || !detail ? (
          <LoadError message={messages.alertDetailFailed} onRetry={read.retry} />
        ) : (
          <AlertDetailBody detail={detail} />
        )}
      </DrawerContent>
    </Drawer>
  );
}

function AlertDetailBody({ detail }: { detail: AlertDetail }) {
  const { alert } = detail;
  return (
    <>
      <DrawerSection title="Alert">
        <DrawerFacts
          facts={[
            { label: 'Status', value: alert.alertStatus },
            {
              label: 'Severity',
              value: <SeverityBadge severity={alert.severity}>{alert.severity}</SeverityBadge>,
            },
            {
              label: 'Device',
              value: detail.deviceCode ? (
                <AppLink to={`${paths.dashboard}?device=${encodeURIComponent(detail.deviceCode)}`}>
                  {alert.device}
                </AppLink>
              ) : (
                alert.device
              ),
            },
            { label: 'Member', value: alert.memberName ?? 'No member' },
            { label: 'Scan time', value: <TimeAgo iso={alert.scanTime} /> },
            {
              label: 'Alert ID',
              value: <code className="font-mono break-all">{alert.scanId}</code>,
            },
          ]}
        />
      </DrawerSection>

      <DrawerSection title="Threats">
        {detail.threats.length === 0 ? (
          <p className="text-ink-muted">
            <span className="font-medium">Details unavailable:</span>{' '}
            <span className="break-all">{alert.alertDescription.slice(0, 300)}</span>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {detail.threats.map((threat, i) => (
              <li
                key={`${threat.threatId ?? threat.name}-${i}`}
                className="flex flex-col gap-0.5 rounded-control border border-surface-border px-3 py-2"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-ink">{threat.name}</span>
                  {threat.clearedAt ? (
                    <span className="text-success-fg">
                      Cleared <TimeAgo iso={threat.clearedAt} />
                    </span>
                  ) : (
                    <span className="font-medium text-danger-fg">Still found</span>
                  )}
                </span>
                <span className="text-xs text-ink-muted">
                  {threat.category ? `Category: ${threat.category}` : null}
                  {threat.category && threat.threatId ? ' · ' : null}
                  {threat.threatId ? (
                    <>
                      Threat ID: <code className="font-mono">{threat.threatId}</code>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DrawerSection>

      <DrawerSection title="Status history">
        <ol className="flex flex-col gap-1" aria-label="Status changes, oldest first">
          {detail.history.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="flex flex-wrap justify-between gap-2">
              <span className="text-ink">
                {i === 0
                  ? 'Opened by a device scan'
                  : entry.status === 'Closed'
                    ? 'Closed'
                    : 'Reopened'}
                {entry.by ? <span className="text-ink-muted"> by {entry.by}</span> : null}
              </span>
              <TimeAgo iso={entry.at} />
            </li>
          ))}
        </ol>
      </DrawerSection>
    </>
  );
}
