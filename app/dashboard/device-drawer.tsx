import { useState } from 'react';
import type { DeviceDetail } from '@contract/devices';
import { DEVICE_NOT_FOUND } from '@contract/devices';
import { DEVICE_PLATFORM_LABELS, DEVICE_SEVERITY_LABELS } from '@domain/devices';
import type { MemberStatus } from '@domain/members';
import { Button } from '@ui/primitives/button/button';
import { ConfirmDialog } from '@ui/primitives/confirm-dialog/confirm-dialog';
import { Drawer, DrawerContent, DrawerFacts, DrawerSection } from '@ui/primitives/drawer/drawer';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { EnrolmentStatus } from '@ui/portal/enrolment-status/enrolment-status';
import { QuarantineBadge } from '@ui/portal/quarantine-badge/quarantine-badge';
import { SeverityBadge } from '@ui/portal/severity-badge/severity-badge';
import type { DetailRead } from '../data/use-detail';
import { TimeAgo } from '../format/time-ago';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { unenrollConfirmText } from './unenroll-text';

const MEMBER_STATUS: Record<MemberStatus, string> = {
  invited: 'Invited',
  enrolled: 'Enrolled',
  deactivated: 'Deactivated',
};

function NotReported() {
  return <span className="text-ink-subtle">Not reported</span>;
}

const when = (iso: string | undefined) => (iso ? <TimeAgo iso={iso} /> : <NotReported />);

export interface DeviceDrawerProps {
  /** The open device's code; null: closed. */
  code: string | null;
  read: DetailRead<DeviceDetail>;
  onClose: () => void;
  /** Unenrols the device (the list's flow and messages); resolves true when it is gone. */
  onUnenroll: (code: string) => Promise<boolean>;
  unenrolling: boolean;
  /** Where focus goes on close (the row that opened it); default: Radix's. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The device drawer (docs/product/dashboard.md, 'Device detail'): member, device facts, OS
 * history, last scans, open alerts and Unenroll, for the device in the address (`?device=CODE`).
 * Loaded lazily with the drawer; its data is read by the screen (no waterfall).
 */
export default function DeviceDrawer({
  code,
  read,
  onClose,
  onUnenroll,
  unenrolling,
  onCloseAutoFocus,
}: DeviceDrawerProps) {
  const [confirming, setConfirming] = useState(false);
  const detail = read.data;
  const device = detail?.device;
  const title = read.notFound
    ? DEVICE_NOT_FOUND
    : (device?.memberName ?? device?.model ?? code ?? 'Device');
  return (
    <Drawer open={code !== null} onOpenChange={(open) => !open && onClose()}>
      <DrawerContent
        title={title}
        description={`Device code ${code ?? ''}`}
        badge={
          device?.severity ? (
            <SeverityBadge severity={device.severity}>
              {DEVICE_SEVERITY_LABELS[device.severity]}
            </SeverityBadge>
          ) : null
        }
        onCloseAutoFocus={onCloseAutoFocus}
        footer={
          detail && code ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Unenroll
            </Button>
          ) : null
        }
      >
        {read.loading ? (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label="Loading the device" />
          </div>
        ) : read.notFound ? (
          <div data-slot="drawer-not-found" className="flex flex-col items-start gap-3">
            <p className="text-ink">
              No device with the code <code className="font-mono">{code}</code> in your
              organization. It may have been unenrolled.
            </p>
            <Button variant="outline" size="sm" onClick={onClose}>
              Back to the list
            </Button>
          </div>
        ) : read.failed || !detail || !device ? (
          <LoadError message={messages.deviceDetailFailed} onRetry={read.retry} />
        ) : (
          <DeviceDetailBody detail={detail} />
        )}
      </DrawerContent>
      {code ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !unenrolling && setConfirming(open)}
          title="Unenroll devices"
          message={unenrollConfirmText(1)}
          confirmLabel="Unenroll"
          confirmVariant="danger"
          busy={unenrolling}
          busyLabel="Unenrolling..."
          onConfirm={async () => {
            const gone = await onUnenroll(code);
            setConfirming(false);
            if (gone) onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function DeviceDetailBody({ detail }: { detail: DeviceDetail }) {
  const { device, member } = detail;
  const platform = device.platform ? DEVICE_PLATFORM_LABELS[device.platform] : null;
  return (
    <>
      <DrawerSection title="Member">
        {member ? (
          <DrawerFacts
            facts={[
              { label: 'Name', value: member.name },
              { label: 'E-mail', value: member.email },
              {
                label: 'Status',
                value: (
                  <span className="flex flex-col items-start gap-1">
                    {MEMBER_STATUS[member.status]}
                    {member.quarantine ? <QuarantineBadge reason={member.quarantine} /> : null}
                    {member.quarantinedAt ? (
                      <span className="text-xs text-ink-muted">
                        Since <TimeAgo iso={member.quarantinedAt} />
                      </span>
                    ) : null}
                  </span>
                ),
              },
            ]}
          />
        ) : (
          <p className="text-ink-muted">This device&apos;s member was removed.</p>
        )}
      </DrawerSection>

      <DrawerSection title="Device">
        <DrawerFacts
          facts={[
            { label: 'Model', value: device.model ?? <NotReported /> },
            { label: 'Platform', value: platform ?? <NotReported /> },
            { label: 'OS version', value: device.osVersion ?? <NotReported /> },
            { label: 'App version', value: detail.appVersion ?? <NotReported /> },
            {
              label: 'Screen lock',
              value:
                detail.screenLock === undefined ? (
                  <NotReported />
                ) : detail.screenLock ? (
                  'Set'
                ) : (
                  <span className="font-medium text-danger-fg">Not set</span>
                ),
            },
            {
              label: 'Enrolled',
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  {device.enrolled === undefined ? null : (
                    <EnrolmentStatus enrolled={device.enrolled} />
                  )}
                  {detail.enrolledAt ? <TimeAgo iso={detail.enrolledAt} /> : null}
                </span>
              ),
            },
            { label: 'Last seen', value: when(detail.lastSeenAt) },
            { label: 'Last scan', value: when(device.lastScanAt) },
            { label: 'Device code', value: <code className="font-mono">{device.code}</code> },
          ]}
        />
      </DrawerSection>

      <DrawerSection title="OS history">
        {detail.osHistory.length === 0 ? (
          <p className="text-ink-muted">No OS version reported yet.</p>
        ) : (
          <ol className="flex flex-col gap-1" aria-label="OS versions, newest first">
            {detail.osHistory.map((v) => (
              <li key={v.version} className="flex flex-wrap justify-between gap-2">
                <span className="text-ink">
                  {platform ? `${platform} ` : ''}
                  {v.version}
                </span>
                <span className="text-ink-muted">
                  first seen <TimeAgo iso={v.firstSeenAt} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </DrawerSection>

      <DrawerSection title="Last scans">
        {detail.scans.length === 0 ? (
          <p className="text-ink-muted">No scan reported yet.</p>
        ) : (
          <ol className="flex flex-col gap-1" aria-label="Scans, newest first">
            {detail.scans.map((s, i) => (
              <li key={`${s.scannedAt}-${i}`} className="flex flex-wrap justify-between gap-2">
                <TimeAgo iso={s.scannedAt} />
                <span className="text-ink-muted">
                  {s.osVersion ? `OS ${s.osVersion}` : null}
                  {s.osVersion && s.findings !== undefined ? ' · ' : null}
                  {s.findings === undefined
                    ? null
                    : s.findings === 0
                      ? 'no findings'
                      : `${s.findings} finding${s.findings === 1 ? '' : 's'}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </DrawerSection>

      <DrawerSection title={`Open alerts (${detail.openAlertCount})`}>
        {detail.openAlerts.length === 0 ? (
          <p className="text-ink-muted">No open alerts.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.openAlerts.map((a) => (
              <li key={a.scanId} className="flex flex-wrap items-center justify-between gap-2">
                <AppLink to={`${paths.alertsConsole}?alert=${encodeURIComponent(a.scanId)}`}>
                  {a.alertName}
                </AppLink>
                <span className="flex items-center gap-2">
                  <SeverityBadge severity={a.severity}>{a.severity}</SeverityBadge>
                  <TimeAgo iso={a.scanTime} />
                </span>
              </li>
            ))}
            {detail.openAlertCount > detail.openAlerts.length ? (
              <li className="text-ink-muted">
                and {detail.openAlertCount - detail.openAlerts.length} more in the{' '}
                <AppLink to={`${paths.alertsConsole}?status=open`}>alerts console</AppLink>
              </li>
            ) : null}
          </ul>
        )}
      </DrawerSection>
    </>
  );
}
