import * as React from 'react';

import { cn } from '../../lib/cn';

export type UpdatedMarkerProps = Omit<React.ComponentProps<'p'>, 'children'> & {
  /** When the list was last refreshed by a live change, as the portal shows times; null: never. */
  time: string | null;
  /** The same instant for `<time dateTime>` (ISO 8601). */
  dateTime?: string;
};

/**
 * A subtle mark that the list below was refreshed because something changed on the server
 * (docs/product/dashboard.md, 'Live updates'): a small dot and 'Updated 2:05 PM'. Not a live
 * region: the rows change in place, and announcing each refresh would drown a screen reader.
 */
export function UpdatedMarker({ time, dateTime, className, ...props }: UpdatedMarkerProps) {
  if (time === null) return null;
  return (
    <p
      data-slot="updated-marker"
      className={cn('flex items-center gap-1.5 text-xs text-ink-muted', className)}
      {...props}
    >
      <span aria-hidden="true" className="inline-block size-1.5 rounded-full bg-success-solid" />
      Updated <time dateTime={dateTime}>{time}</time>
    </p>
  );
}
