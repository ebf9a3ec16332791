import type * as React from 'react';

import type { BannerKind } from '../banner/banner';

/*
 * The toast store, apart from the Radix widget so the app can create and fill it on first load and
 * load the widget itself only when a toast is first shown.
 */

/** Success, info and warning toasts close after this long; errors stay until dismissed. */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = BannerKind;

export interface ToastItem {
  id: string;
  kind: ToastKind;
  message: React.ReactNode;
}

export interface Toaster {
  /** Shows a toast on top of the stack; returns its id. */
  toast: (kind: ToastKind, message: React.ReactNode) => string;
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
  /** Newest first. */
  getToasts: () => readonly ToastItem[];
  subscribe: (listener: () => void) => () => void;
}

/**
 * A tiny framework-free toast store. The app makes one (e.g. in app/messages) and gives it to
 * `<Toaster toaster={…} />`; anything, including the API client, may call `toast()`.
 */
export function createToaster(): Toaster {
  let toasts: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    toast(kind, message) {
      counter += 1;
      const id = `toast-${counter}`;
      toasts = [{ id, kind, message }, ...toasts];
      emit();
      return id;
    },
    dismiss(id) {
      const next = id === undefined ? [] : toasts.filter((t) => t.id !== id);
      if (next.length === toasts.length) return;
      toasts = next;
      emit();
    },
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** How long a toast of this kind stays open; Infinity for errors. */
export function toastDuration(kind: ToastKind, duration = TOAST_DURATION_MS): number {
  return kind === 'error' ? Infinity : duration;
}
