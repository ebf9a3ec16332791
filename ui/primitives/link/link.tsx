import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';

import { cn } from '../../lib/cn';

export const linkVariants = cva(
  'rounded-sm underline-offset-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
  {
    variants: {
      variant: {
        /** Inside running text: always underlined so it stands out without colour. */
        inline: 'font-medium text-brand-700 underline hover:text-brand-900',
        /** Standalone links (footer, card footers): quiet until hovered. */
        subtle: 'text-ink-muted hover:text-ink hover:underline',
        /** Header navigation; the current page carries aria-current="page". */
        nav: 'text-sm font-medium text-ink-muted hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline',
      },
    },
    defaultVariants: { variant: 'inline' },
  },
);

export type LinkProps = React.ComponentProps<'a'> &
  VariantProps<typeof linkVariants> & {
    /** Style the single child element instead (e.g. the app's router link). */
    asChild?: boolean;
    /** Opens in a new tab; adds rel="noopener noreferrer" and says so to screen readers. */
    external?: boolean;
  };

/** Adds the tokens that keep a new tab from reaching back into this page. */
export function safeRel(rel: string | undefined, target: string | undefined): string | undefined {
  if (target !== '_blank') return rel;
  const tokens = new Set((rel ?? '').split(/\s+/).filter(Boolean));
  tokens.add('noopener');
  tokens.add('noreferrer');
  return [...tokens].join(' ');
}

export function Link({
  variant,
  asChild = false,
  external = false,
  target: targetProp,
  rel,
  className,
  children,
  ...props
}: LinkProps) {
  const target = external ? '_blank' : targetProp;
  const Comp = asChild ? Slot.Root : 'a';
  return (
    <Comp
      data-slot="link"
      target={target}
      rel={safeRel(rel, target)}
      className={cn(linkVariants({ variant }), className)}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {children}
          {target === '_blank' ? <span className="sr-only"> (opens in a new tab)</span> : null}
        </>
      )}
    </Comp>
  );
}
