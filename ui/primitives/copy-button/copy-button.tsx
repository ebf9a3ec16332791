import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { CheckIcon, CopyIcon, ErrorIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { COPIED_TOOLTIP_MS, useCopy, type CopyFn, type CopyStatus } from '../../lib/use-copy';

export { COPIED_TOOLTIP_MS };

export const copyButtonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center rounded-control text-ink-muted transition-colors',
    'hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
  ],
  {
    variants: {
      size: {
        sm: 'size-8 [&_svg]:size-4',
        md: 'size-9 [&_svg]:size-5',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type CopyButtonProps = Omit<
  React.ComponentProps<'button'>,
  'value' | 'onCopy' | 'children' | 'aria-label'
> &
  VariantProps<typeof copyButtonVariants> & {
    /** The text written to the clipboard. */
    value: string;
    /** Accessible name, e.g. 'Copy SCIM URL'. */
    label: string;
    /** Clipboard writer; defaults to `navigator.clipboard.writeText` (stories and tests inject one). */
    copy?: CopyFn;
    /** Called with the result of each copy. */
    onCopy?: (status: Exclude<CopyStatus, 'idle'>) => void;
    /** How long the 'Copied' tooltip stays; COPIED_TOOLTIP_MS (5000) by default. */
    copiedDuration?: number;
    copiedText?: string;
    failedText?: string;
  };

/**
 * An icon button that copies `value` and shows a 'Copied' (or 'Copy failed') bubble for
 * `copiedDuration` ms. The bubble lives in a polite live region (role="status") that is always
 * rendered, so screen readers announce the result.
 */
export function CopyButton({
  value,
  label,
  copy,
  onCopy,
  copiedDuration = COPIED_TOOLTIP_MS,
  copiedText = 'Copied',
  failedText = 'Copy failed',
  size,
  className,
  onClick,
  ...props
}: CopyButtonProps) {
  const { status, copy: run } = useCopy({ copy, duration: copiedDuration, onCopy });
  const message = status === 'copied' ? copiedText : status === 'failed' ? failedText : '';

  return (
    <span data-slot="copy-button" data-state={status} className="relative inline-flex">
      <button
        type="button"
        data-slot="copy-button-trigger"
        aria-label={label}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) void run(value);
        }}
        className={cn(copyButtonVariants({ size }), className)}
        {...props}
      >
        {status === 'copied' ? (
          <CheckIcon className="text-success-solid" />
        ) : status === 'failed' ? (
          <ErrorIcon className="text-danger-fg" />
        ) : (
          <CopyIcon />
        )}
      </button>
      <span
        role="status"
        data-slot="copy-button-tooltip"
        data-state={status}
        className={cn(
          status === 'idle'
            ? 'sr-only'
            : 'pointer-events-none absolute end-0 bottom-full z-10 mb-1.5 rounded-control px-2 py-1 text-xs font-medium whitespace-nowrap text-ink-inverse shadow-toast',
          status === 'copied' && 'bg-ink',
          status === 'failed' && 'bg-danger-solid',
        )}
      >
        {message}
      </span>
    </span>
  );
}
