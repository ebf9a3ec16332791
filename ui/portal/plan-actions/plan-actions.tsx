import * as React from 'react';

import { planActionsFor, type PlanAction } from '@domain/billing';

import { formatSecondsDate, secondsToDate } from '../billing-statement/billing-format';
import { Badge, type BadgeTone } from '../../primitives/badge/badge';
import { Button } from '../../primitives/button/button';
import {
  ConfirmDialog,
  ConfirmDialogTrigger,
} from '../../primitives/confirm-dialog/confirm-dialog';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { planStatusLabel, planStatusTone } from './plan-status';

export { planStatusLabel, planStatusTone } from './plan-status';
export type { PlanStatusTone } from './plan-status';

export type PlanDialog = 'cancel' | 'delete';

/** Every text of the widget; button and dialog texts as docs/product/billing.md quotes them. */
export const PLAN_ACTION_TEXTS = {
  statusLabel: 'Status',
  cancelButton: 'Cancel Subscription',
  reactivateButton: 'Reactivate Subscription',
  reactivateBusy: 'Reactivating...',
  deleteButton: 'Delete Organization',
  cancelTitle: 'Cancel Subscription',
  cancelMessage:
    'Your plan will be canceled before the next billing cycle. Trial accounts will not be charged.',
  cancelAlert:
    'All users in your organization will lose access, and their codes will be invalidated.',
  cancelDismiss: 'Stay Subscribed',
  cancelConfirm: 'Confirm Cancellation',
  cancelBusy: 'Canceling...',
  deleteTitle: 'Delete Organization',
  deleteMessage: 'Deleting your organization is permanent and cannot be undone.',
  deleteAlert: 'All users, members, devices and scan data will be deleted immediately.',
  deleteDismiss: 'Cancel',
  deleteConfirm: 'Yes, Delete Organization Data',
  deleteBusy: 'Deleting...',
};

export type PlanActionTexts = typeof PLAN_ACTION_TEXTS;

/** The plan status as a badge ('Active', 'Trialing', 'No plan'…); `status` is the wire value. */
export function PlanStatusBadge({
  status,
  tone,
  children,
  ...props
}: React.ComponentProps<'span'> & { tone?: BadgeTone; status: string }) {
  const resolvedTone = tone ?? planStatusTone(status);
  return (
    <Badge data-slot="plan-status-badge" tone={resolvedTone} {...props}>
      {children ?? planStatusLabel(status)}
    </Badge>
  );
}

/**
 * The status message with its date once: a message that already spells the date ('Your plan renews
 * on December 13th, 2026.', as the server writes it) gets that part marked up as a <time>; a
 * message without it ('Your trial ends on') is followed by the date.
 */
function StatusSentence({ message, date }: { message: React.ReactNode; date: number | null }) {
  if (date === null) return <>{message}</>;
  const formatted = formatSecondsDate(date);
  const time = (
    <time dateTime={secondsToDate(date).toISOString()} className="font-medium">
      {formatted}
    </time>
  );
  if (typeof message === 'string' && message.includes(formatted)) {
    const at = message.indexOf(formatted);
    return (
      <>
        {message.slice(0, at)}
        {time}
        {message.slice(at + formatted.length)}
      </>
    );
  }
  return (
    <>
      {message}
      {message ? ' ' : null}
      {time}
    </>
  );
}

export type PlanActionsProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The plan's status from the server: active, trialing, past_due, canceled, none, invoice, … */
  status: string;
  /** The server's sentence about the plan, e.g. 'Your trial ends on'. */
  statusMessage?: React.ReactNode;
  /** Seconds; shown after the message like 'December 12th, 2026'. */
  relevantDate?: number | null;
  /**
   * The action that runs. Its button or dialog shows the busy label and every action is disabled.
   * Without it, a promise returned by a callback makes the widget busy until it settles.
   */
  busy?: PlanAction | null;
  /** 'Confirm Cancellation'. The dialog closes when it resolves and stays open when it rejects. */
  onCancel: () => void | Promise<unknown>;
  /** 'Reactivate Subscription' (no dialog). A rejection is left to the caller to report. */
  onReactivate: () => void | Promise<unknown>;
  /** 'Yes, Delete Organization Data'. The dialog closes when it resolves, stays open on reject. */
  onDelete: () => void | Promise<unknown>;
  /** Which dialog is open (controlled); null for none. */
  dialog?: PlanDialog | null;
  defaultDialog?: PlanDialog | null;
  onDialogChange?: (dialog: PlanDialog | null) => void;
  /** Overrides for any text (e.g. translations). */
  texts?: Partial<PlanActionTexts>;
};

/**
 * The plan tab's body (docs/product/billing.md, 'Plan tab'): the status badge, the server's status
 * message and date, and the buttons the status allows: 'Cancel Subscription' (asks first),
 * 'Reactivate Subscription' (acts at once) and 'Delete Organization' (asks first). No heading: the
 * screen's card has it.
 */
export function PlanActions({
  status,
  statusMessage,
  relevantDate = null,
  busy: busyProp,
  onCancel,
  onReactivate,
  onDelete,
  dialog: dialogProp,
  defaultDialog = null,
  onDialogChange,
  texts: textsProp,
  className,
  ...props
}: PlanActionsProps) {
  const texts = { ...PLAN_ACTION_TEXTS, ...textsProp };
  const actions = planActionsFor(status);
  const [dialog, setDialog] = useControllableState<PlanDialog | null>({
    value: dialogProp,
    defaultValue: defaultDialog,
    onChange: onDialogChange,
  });
  const [pending, setPending] = React.useState<PlanAction | null>(null);
  const busy = busyProp ?? pending;
  const anyBusy = busy !== null;

  const run = async (action: PlanAction, callback: () => void | Promise<unknown>) => {
    setPending(action);
    try {
      await callback();
    } finally {
      setPending(null);
    }
  };

  const date = relevantDate !== null && Number.isFinite(relevantDate) ? relevantDate : null;

  return (
    <div
      data-slot="plan-actions"
      data-status={status}
      aria-busy={anyBusy || undefined}
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      <div data-slot="plan-actions-status" className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>{texts.statusLabel}</span>
          <PlanStatusBadge status={status} />
        </p>
        {statusMessage || date !== null ? (
          <p data-slot="plan-actions-message" className="text-base text-ink">
            <StatusSentence message={statusMessage} date={date} />
          </p>
        ) : null}
      </div>

      {actions.length > 0 ? (
        <div data-slot="plan-actions-buttons" className="flex flex-wrap items-center gap-3">
          {actions.includes('cancel') ? (
            <ConfirmDialog
              open={dialog === 'cancel'}
              onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
              trigger={
                <ConfirmDialogTrigger>
                  <Button variant="outline" disabled={anyBusy}>
                    {texts.cancelButton}
                  </Button>
                </ConfirmDialogTrigger>
              }
              title={texts.cancelTitle}
              message={texts.cancelMessage}
              alert={texts.cancelAlert}
              cancelLabel={texts.cancelDismiss}
              confirmLabel={texts.cancelConfirm}
              confirmVariant="danger"
              busy={busy === 'cancel'}
              busyLabel={texts.cancelBusy}
              onConfirm={() => run('cancel', onCancel)}
            />
          ) : null}
          {actions.includes('reactivate') ? (
            <Button
              data-slot="plan-actions-reactivate"
              busy={busy === 'reactivate'}
              busyLabel={texts.reactivateBusy}
              disabled={anyBusy}
              onClick={() => {
                run('reactivate', onReactivate).catch(() => {
                  // The caller reports the failure.
                });
              }}
            >
              {texts.reactivateButton}
            </Button>
          ) : null}
          {actions.includes('delete') ? (
            <ConfirmDialog
              open={dialog === 'delete'}
              onOpenChange={(open) => setDialog(open ? 'delete' : null)}
              trigger={
                <ConfirmDialogTrigger>
                  <Button variant="danger" disabled={anyBusy}>
                    {texts.deleteButton}
                  </Button>
                </ConfirmDialogTrigger>
              }
              title={texts.deleteTitle}
              message={texts.deleteMessage}
              alert={texts.deleteAlert}
              cancelLabel={texts.deleteDismiss}
              confirmLabel={texts.deleteConfirm}
              confirmVariant="danger"
              busy={busy === 'delete'}
              busyLabel={texts.deleteBusy}
              onConfirm={() => run('delete', onDelete)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
