import { cva } from 'class-variance-authority';
import { Toast } from 'radix-ui';
import * as React from 'react';

import { bannerIcons } from '../banner/banner';
import { CloseIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import {
  createToaster,
  TOAST_DURATION_MS,
  toastDuration,
  type Toaster as ToasterStore,
  type ToastItem,
  type ToastKind,
} from './toaster-store';

export { createToaster, TOAST_DURATION_MS, toastDuration };
export type { ToastItem, ToastKind };
/** The store's interface (the widget of the same name renders it). */
export type Toaster = ToasterStore;

const ToasterContext = React.createContext<Toaster | null>(null);

/** Makes a toaster available to `useToaster()` and to a `<Toaster />` without a `toaster` prop. */
export function ToasterProvider({
  toaster,
  children,
}: {
  toaster: Toaster;
  children: React.ReactNode;
}) {
  return <ToasterContext value={toaster}>{children}</ToasterContext>;
}

/** The toaster of the nearest ToasterProvider. */
export function useToaster(): Toaster {
  const toaster = React.use(ToasterContext);
  if (!toaster) throw new Error('useToaster() needs a <ToasterProvider> above it.');
  return toaster;
}

export const toastVariants = cva(
  [
    'pointer-events-auto flex w-full cursor-pointer items-start gap-3 rounded-card border-s-4 bg-surface p-4 text-sm text-ink shadow-toast',
  ],
  {
    variants: {
      kind: {
        success: 'border-success-solid [&_[data-slot=toast-icon]]:text-success-solid',
        info: 'border-info-solid [&_[data-slot=toast-icon]]:text-info-solid',
        warning: 'border-warning-solid [&_[data-slot=toast-icon]]:text-warning-solid',
        error: 'border-danger-solid [&_[data-slot=toast-icon]]:text-danger-solid',
      },
    },
    defaultVariants: { kind: 'info' },
  },
);

export type ToasterProps = Omit<React.ComponentProps<typeof Toast.Viewport>, 'children'> & {
  /** The store to show; defaults to the one of the nearest ToasterProvider. */
  toaster?: Toaster;
  /** Auto-close delay for non-error toasts. Only stories and tests should change it. */
  duration?: number;
  /** Accessible name of each toast's close button. */
  closeLabel?: string;
};

/**
 * The toast area: a stack in the top-right corner, newest on top (visually and in tab order). Clicking a toast closes it;
 * hovering or focusing the stack pauses the timers (Radix behaviour).
 */
export function Toaster({
  toaster: toasterProp,
  duration = TOAST_DURATION_MS,
  closeLabel = 'Close notification',
  className,
  ...props
}: ToasterProps) {
  const contextToaster = React.use(ToasterContext);
  const toaster = toasterProp ?? contextToaster;
  if (!toaster)
    throw new Error('<Toaster> needs a `toaster` prop or a <ToasterProvider> above it.');
  const toasts = React.useSyncExternalStore(
    toaster.subscribe,
    toaster.getToasts,
    toaster.getToasts,
  );

  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {/* Oldest first, so toasts created in one batch mount in the same order later ones append in. */}
      {[...toasts].reverse().map((item) => {
        const Icon = bannerIcons[item.kind];
        return (
          <Toast.Root
            key={item.id}
            data-slot="toast"
            data-kind={item.kind}
            open
            type={item.kind === 'error' ? 'foreground' : 'background'}
            duration={toastDuration(item.kind, duration)}
            onOpenChange={(open) => {
              if (!open) toaster.dismiss(item.id);
            }}
            onClick={() => toaster.dismiss(item.id)}
            className={toastVariants({ kind: item.kind })}
          >
            <span data-slot="toast-icon" className="mt-0.5 shrink-0">
              <Icon className="size-5" />
            </span>
            <Toast.Description data-slot="toast-message" className="min-w-0 flex-1 break-words">
              {item.message}
            </Toast.Description>
            <Toast.Close
              data-slot="toast-close"
              aria-label={closeLabel}
              className="-me-1 -mt-1 inline-flex size-7 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink"
            >
              <CloseIcon className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        data-slot="toast-viewport"
        label="Notifications ({hotkey})"
        className={cn(
          // Radix appends each toast to the list (DOM order oldest first); column-reverse puts the newest
          // on top, and Radix's own tab order already goes newest first.
          'fixed end-0 top-0 z-50 m-0 flex w-full max-w-sm list-none flex-col-reverse gap-2 p-4 outline-none',
          className,
        )}
        {...props}
      />
    </Toast.Provider>
  );
}
