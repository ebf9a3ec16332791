import { cva, type VariantProps } from 'class-variance-authority';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';

import { CloseIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export const dialogContentVariants = cva(
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
        xl: 'max-w-2xl',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** The root: `open` / `defaultOpen` / `onOpenChange` (Radix). Modal, focus trapped, Escape closes. */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

/** Opens the dialog; renders its single child (usually a Button). */
export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" asChild {...props} />;
}

/** Closes the dialog; renders its single child (e.g. a 'Cancel' Button). */
export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" asChild {...props} />;
}

export type DialogContentProps = Omit<
  React.ComponentProps<typeof DialogPrimitive.Content>,
  'title'
> &
  VariantProps<typeof dialogContentVariants> & {
    /** Names the dialog (required: a dialog without a name fails axe and confuses screen readers). */
    title: React.ReactNode;
    /** Describes the dialog (aria-describedby); required, may be visually hidden. */
    description: React.ReactNode;
    /** Keep the description for screen readers only. */
    hideDescription?: boolean;
    /**
     * False while work runs (e.g. saving): Escape, outside clicks and the close button do nothing.
     * Default true.
     */
    dismissible?: boolean;
    /** Show the 'Close' (×) button in the corner. Default true. */
    showClose?: boolean;
    closeLabel?: string;
  };

/**
 * The dialog's panel with overlay, title, description and an optional close button. For forms
 * (e.g. the e-mail template); for "Are you sure?" use ConfirmDialog (Radix AlertDialog).
 */
export function DialogContent({
  title,
  description,
  hideDescription = false,
  dismissible = true,
  showClose = true,
  closeLabel = 'Close',
  size,
  className,
  children,
  onEscapeKeyDown,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-50 bg-scrim" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-dismissible={dismissible}
        aria-busy={!dismissible || undefined}
        className={cn(dialogContentVariants({ size }), className)}
        onEscapeKeyDown={(event) => {
          if (!dismissible) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        onInteractOutside={(event) => {
          if (!dismissible) event.preventDefault();
          onInteractOutside?.(event);
        }}
        {...props}
      >
        <div data-slot="dialog-header" className="flex flex-col gap-1 pe-8">
          <DialogPrimitive.Title data-slot="dialog-title" className="text-lg font-semibold">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description
            data-slot="dialog-description"
            className={cn('text-ink-muted', hideDescription && 'sr-only')}
          >
            {description}
          </DialogPrimitive.Description>
        </div>
        {children}
        {showClose ? (
          <DialogPrimitive.Close
            data-slot="dialog-close-button"
            aria-label={closeLabel}
            disabled={!dismissible}
            className="absolute end-4 top-4 inline-flex size-8 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <CloseIcon className="size-4" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The actions row at the bottom (Cancel, Save…), end-aligned. A dialog taller than the window
 * scrolls its body while this row stays pinned to the panel's bottom edge, so the actions are
 * always in view (docs/decisions/041).
 */
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'sticky -bottom-6 z-10 -mx-6 mt-2 -mb-6 flex flex-wrap justify-end gap-3 bg-surface px-6 pb-6',
        className,
      )}
      {...props}
    />
  );
}
