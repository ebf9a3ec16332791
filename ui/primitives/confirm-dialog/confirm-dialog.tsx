import { cva, type VariantProps } from 'class-variance-authority';
import { AlertDialog } from 'radix-ui';
import * as React from 'react';

import { Banner } from '../banner/banner';
import { Button } from '../button/button';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';

export const confirmDialogVariants = cva(
  [
    'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4',
    'overflow-y-auto rounded-card bg-surface p-6 text-sm text-ink shadow-toast',
  ],
  {
    variants: {
      size: {
        sm: 'max-w-sm',
        md: 'max-w-md',
        lg: 'max-w-lg',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** Opens the dialog; renders its single child (usually a Button). */
export function ConfirmDialogTrigger(props: React.ComponentProps<typeof AlertDialog.Trigger>) {
  return <AlertDialog.Trigger data-slot="confirm-dialog-trigger" asChild {...props} />;
}

export type ConfirmDialogProps = Omit<
  React.ComponentProps<typeof AlertDialog.Content>,
  'title' | 'children'
> &
  VariantProps<typeof confirmDialogVariants> & {
    open?: boolean;
    defaultOpen?: boolean;
    onOpenChange?: (open: boolean) => void;
    /** Optional opener, e.g. `<ConfirmDialogTrigger><Button>Delete</Button></ConfirmDialogTrigger>`. */
    trigger?: React.ReactNode;
    title: React.ReactNode;
    message: React.ReactNode;
    /** A consequence to stress, shown in a warning (primary) or error (danger) banner. */
    alert?: React.ReactNode;
    cancelLabel?: string;
    confirmLabel?: string;
    confirmVariant?: 'primary' | 'danger';
    /** The confirmed action runs: confirm shows `busyLabel`, both buttons and Escape are disabled. */
    busy?: boolean;
    busyLabel?: string;
    /**
     * Called on confirm. The dialog closes when it returns, or when its promise resolves; it stays
     * open if it throws or rejects (the caller shows the error).
     */
    onConfirm: () => void | Promise<unknown>;
  };

/**
 * A confirmation on Radix AlertDialog: title, message, optional alert, Cancel and Confirm.
 * Focus starts on Cancel (Radix), Escape cancels unless busy.
 */
export function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  message,
  alert,
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
  confirmVariant = 'primary',
  busy = false,
  busyLabel,
  onConfirm,
  size,
  className,
  onEscapeKeyDown,
  ...props
}: ConfirmDialogProps) {
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });

  const confirm = async () => {
    try {
      await onConfirm();
    } catch {
      return; // Stays open; the caller reports the failure.
    }
    setOpen(false);
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : setOpen(next))}
    >
      {trigger}
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-scrim"
        />
        <AlertDialog.Content
          data-slot="confirm-dialog"
          aria-busy={busy || undefined}
          className={cn(confirmDialogVariants({ size }), className)}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
            onEscapeKeyDown?.(event);
          }}
          {...props}
        >
          <AlertDialog.Title data-slot="confirm-dialog-title" className="text-lg font-semibold">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description data-slot="confirm-dialog-message" className="text-ink-muted">
            {message}
          </AlertDialog.Description>
          {alert ? (
            <Banner
              data-slot="confirm-dialog-alert"
              kind={confirmVariant === 'danger' ? 'error' : 'warning'}
            >
              {alert}
            </Banner>
          ) : null}
          <div
            data-slot="confirm-dialog-actions"
            className="sticky -bottom-6 -mx-6 mt-2 -mb-6 flex flex-wrap justify-end gap-3 bg-surface px-6 pb-6"
          >
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              data-slot="confirm-dialog-confirm"
              variant={confirmVariant}
              busy={busy}
              busyLabel={busyLabel}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
