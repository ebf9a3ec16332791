import { cva, type VariantProps } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';

import { cn } from '../../lib/cn';

export const tabsTriggerVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 border-b-2 font-medium whitespace-nowrap',
    'border-transparent text-ink-muted transition-colors hover:border-surface-strong hover:text-ink',
    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
    'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
    'disabled:cursor-not-allowed disabled:opacity-60',
  ],
  {
    variants: {
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-4 text-sm',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type TabsProps = React.ComponentProps<typeof TabsPrimitive.Root>;

/**
 * Radix Tabs with our look. Bind `value` / `onValueChange` to the URL (`?tab=`); keyboard:
 * arrow keys, Home and End move between triggers (`activationMode` 'automatic' selects on move,
 * 'manual' waits for Enter or Space).
 */
export function Tabs({ className, ...props }: TabsProps) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    />
  );
}

export type TabsListProps = React.ComponentProps<typeof TabsPrimitive.List>;

/** The row of triggers; scrolls sideways when it does not fit (narrow screens). */
export function TabsList({ className, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        'flex w-full overflow-x-auto overscroll-x-contain border-b border-surface-border',
        '[scrollbar-width:thin]',
        className,
      )}
      {...props}
    />
  );
}

export type TabsTriggerProps = React.ComponentProps<typeof TabsPrimitive.Trigger> &
  VariantProps<typeof tabsTriggerVariants>;

export function TabsTrigger({ size, className, onFocus, ...props }: TabsTriggerProps) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ size }), className)}
      onFocus={(event) => {
        onFocus?.(event);
        // Keep the focused trigger in view inside a scrolled list.
        event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      }}
      {...props}
    />
  );
}

export type TabsContentProps = React.ComponentProps<typeof TabsPrimitive.Content>;

export function TabsContent({ className, ...props }: TabsContentProps) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        'rounded-control focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
    />
  );
}
