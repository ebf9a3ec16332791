import { Slot } from 'radix-ui';
import type * as React from 'react';

import { cn } from '../../lib/cn';

type VisuallyHiddenProps = React.ComponentProps<'span'> & {
  /** Render the single child element instead of a span (e.g. a heading that only screen readers need). */
  asChild?: boolean;
};

/** Text for assistive technology only: present in the accessibility tree, invisible on screen. */
export function VisuallyHidden({ asChild = false, className, ...props }: VisuallyHiddenProps) {
  const Comp = asChild ? Slot.Root : 'span';
  return <Comp data-slot="visually-hidden" className={cn('sr-only', className)} {...props} />;
}
