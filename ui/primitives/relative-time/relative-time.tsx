import * as React from 'react';

import { cn } from '../../lib/cn';

export type RelativeTimeProps = Omit<React.ComponentProps<'time'>, 'children' | 'dateTime'> & {
  /** The machine-readable instant (ISO 8601). */
  dateTime: string;
  /** What reads better in a list: '3 hours ago'. */
  relative: string;
  /** The exact time, shown on hover and on keyboard focus: 'Nov 20, 2026, 2:05 PM'. */
  exact: string;
};

/**
 * A time as it reads best ('3 hours ago') with the exact one a hover or a Tab away: a `<time>`
 * that takes focus and shows its exact time in a tooltip (and names it to screen readers through
 * aria-describedby). The caller formats both texts (the widget knows no clock).
 */
export function RelativeTime({
  dateTime,
  relative,
  exact,
  className,
  ...props
}: RelativeTimeProps) {
  const tipId = React.useId();
  return (
    <span data-slot="relative-time" className="group/time relative inline-flex">
      <time
        dateTime={dateTime}
        // Reachable by keyboard, so the exact time is not for mouse users only.
        tabIndex={0}
        aria-describedby={tipId}
        className={cn(
          'rounded-sm underline decoration-surface-strong decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
          className,
        )}
        {...props}
      >
        {relative}
      </time>
      <span
        id={tipId}
        role="tooltip"
        data-slot="relative-time-tooltip"
        className={cn(
          // Not displayed until wanted: a hidden tooltip must not widen or lengthen what scrolls.
          'pointer-events-none absolute start-0 top-full z-30 mt-1 hidden rounded-control bg-ink px-2 py-1 text-xs whitespace-nowrap text-ink-inverse shadow-toast',
          'group-focus-within/time:block group-hover/time:block',
        )}
      >
        {exact}
      </span>
    </span>
  );
}
