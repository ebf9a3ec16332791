import { cva, type VariantProps } from 'class-variance-authority';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';

import { CloseIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

/**
 * The side sheet: full height at the end edge, as wide as its size allows and never wider than
 * the window (a phone gets the whole width), its body scrolling under a fixed header.
 */
export const drawerContentVariants = cva(
  [
    'fixed inset-y-0 end-0 z-50 flex h-dvh w-full flex-col bg-surface text-sm text-ink shadow-toast',
    'border-s border-surface-border outline-none',
  ],
  {
    variants: {
      size: {
        md: 'max-w-md',
        lg: 'max-w-xl',
      },
    },
    defaultVariants: { size: 'lg' },
  },
);

/**
 * The root: `open` / `defaultOpen` / `onOpenChange` (Radix Dialog). Modal: focus moves in and is
 * trapped, Escape and the close button close, focus goes back to what opened it (or where the
 * caller's `onCloseAutoFocus` puts it).
 */
export function Drawer(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="drawer" {...props} />;
}

/** Opens the drawer; renders its single child (usually a Button). */
export function DrawerTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="drawer-trigger" asChild {...props} />;
}

export type DrawerContentProps = Omit<
  React.ComponentProps<typeof DialogPrimitive.Content>,
  'title'
> &
  VariantProps<typeof drawerContentVariants> & {
    /** Names the drawer (a dialog without a name fails axe and confuses screen readers). */
    title: React.ReactNode;
    /** Describes it (aria-describedby); shown under the title unless `hideDescription`. */
    description: React.ReactNode;
    hideDescription?: boolean;
    /** What sits beside the title (a badge). */
    badge?: React.ReactNode;
    closeLabel?: string;
    /** Actions pinned to the bottom edge (Unenroll…), always in view. */
    footer?: React.ReactNode;
    /** The scrolling body's name for screen readers (it is a keyboard-reachable region). */
    bodyLabel?: string;
  };

/** The sheet with its overlay, header (title, description, close button), scrolling body and footer. */
export function DrawerContent({
  title,
  description,
  hideDescription = false,
  badge,
  closeLabel = 'Close',
  footer,
  bodyLabel = 'Details',
  size,
  className,
  children,
  ...props
}: DrawerContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="drawer-overlay"
        className="fixed inset-0 z-50 bg-ink/40"
      />
      <DialogPrimitive.Content
        data-slot="drawer-content"
        className={cn(drawerContentVariants({ size }), className)}
        {...props}
      >
        <div
          data-slot="drawer-header"
          className="flex items-start gap-3 border-b border-surface-border px-5 py-4"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <DialogPrimitive.Title
                data-slot="drawer-title"
                className="min-w-0 text-lg font-semibold break-words"
              >
                {title}
              </DialogPrimitive.Title>
              {badge}
            </div>
            <DialogPrimitive.Description
              data-slot="drawer-description"
              className={cn('text-ink-muted', hideDescription && 'sr-only')}
            >
              {description}
            </DialogPrimitive.Description>
          </div>
          <DialogPrimitive.Close
            data-slot="drawer-close-button"
            aria-label={closeLabel}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-4" />
          </DialogPrimitive.Close>
        </div>
        <div
          data-slot="drawer-body"
          // A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          role="region"
          aria-label={bodyLabel}
          className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {children}
        </div>
        {footer ? (
          <div
            data-slot="drawer-footer"
            className="flex flex-wrap justify-end gap-3 border-t border-surface-border px-5 py-3"
          >
            {footer}
          </div>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A titled part of the drawer's body (Member, Device, OS history…). */
export function DrawerSection({
  title,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<'section'>, 'title'> & { title: React.ReactNode }) {
  return (
    <section data-slot="drawer-section" className={cn('flex flex-col gap-2', className)} {...props}>
      <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Label–value pairs as a description list, two columns from `sm` up. */
export function DrawerFacts({
  facts,
  className,
  ...props
}: Omit<React.ComponentProps<'dl'>, 'children'> & {
  facts: ReadonlyArray<{ label: string; value: React.ReactNode }>;
}) {
  return (
    <dl
      data-slot="drawer-facts"
      className={cn('grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]', className)}
      {...props}
    >
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-ink-muted">{fact.label}</dt>
          <dd className="min-w-0 break-words text-ink">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
