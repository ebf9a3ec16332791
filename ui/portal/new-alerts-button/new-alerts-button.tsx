import * as React from 'react';

import { Button } from '../../primitives/button/button';
import { cn } from '../../lib/cn';

/** '1 new alert', '12 new alerts'. */
export const newAlertsLabel = (count: number) => `${count} new alert${count === 1 ? '' : 's'}`;

export type NewAlertsButtonProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Alerts opened since the list was last shown; 0 shows nothing (the region stays, empty). */
  count: number;
  /** Shows them: the list is fetched again and scrolls to the top. */
  onShow: () => void;
};

/**
 * New alerts that arrived while the administrator was working on the list (a selection, or
 * scrolled down): instead of rows moving under the pointer, a button says how many and shows them
 * when asked (docs/product/alerts.md, 'Live updates'). A polite live region, so a screen reader
 * hears the count without losing its place.
 */
export function NewAlertsButton({ count, onShow, className, ...props }: NewAlertsButtonProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="new-alerts"
      data-state={count > 0 ? 'shown' : 'empty'}
      className={cn('flex items-center', className)}
      {...props}
    >
      {count > 0 ? (
        <Button variant="secondary" size="sm" onClick={onShow}>
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block size-2 rounded-full bg-brand-600"
          />
          {newAlertsLabel(count)}
        </Button>
      ) : null}
    </div>
  );
}
