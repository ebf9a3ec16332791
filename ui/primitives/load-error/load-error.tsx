import type * as React from 'react';

import { Button } from '../button/button';
import { cn } from '../../lib/cn';

export type LoadErrorProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The catalogued failure, e.g. 'Failed to get alerts'. */
  message: React.ReactNode;
  /** Asks again; the button shows busy while `retrying`. */
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
  /**
   * Announce the failure (`role="alert"`, default). Off where a parent already announces it,
   * such as the data table's error row.
   */
  announce?: boolean;
};

/**
 * What a screen or card shows where its data failed to load: the message and 'Retry', so a
 * passing failure (a dropped connection, a restarted server) never needs a page reload.
 */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  retryLabel = 'Retry',
  announce = true,
  className,
  ...props
}: LoadErrorProps) {
  return (
    <div
      role={announce ? 'alert' : undefined}
      data-slot="load-error"
      className={cn('flex flex-col items-start gap-3 text-sm', className)}
      {...props}
    >
      <p className="font-medium text-danger-fg">{message}</p>
      <Button variant="outline" size="sm" busy={retrying} busyLabel="Retrying..." onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
