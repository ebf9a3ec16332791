import { cva, type VariantProps } from 'class-variance-authority';
import { Label } from 'radix-ui';
import * as React from 'react';

import { CopyButton } from '../copy-button/copy-button';
import { cn } from '../../lib/cn';
import { COPIED_TOOLTIP_MS, type CopyFn, type CopyStatus } from '../../lib/use-copy';

export { COPIED_TOOLTIP_MS };

export const copyableFieldVariants = cva('flex flex-col gap-1.5', {
  variants: {
    mono: {
      true: '[&_[data-slot=copyable-field-input]]:font-mono',
      false: '[&_[data-slot=copyable-field-input]]:font-sans',
    },
  },
  defaultVariants: { mono: false },
});

export type CopyableFieldProps = Omit<React.ComponentProps<'div'>, 'onCopy' | 'children'> &
  VariantProps<typeof copyableFieldVariants> & {
    /** Visible label, e.g. 'SCIM URL'; also names the copy button ('Copy SCIM URL'). */
    label: string;
    value: string;
    /** Help text under the value; referenced by aria-describedby. */
    hint?: React.ReactNode;
    /** Clipboard writer; defaults to `navigator.clipboard.writeText`. */
    copy?: CopyFn;
    /** Called with the result of each copy. */
    onCopy?: (status: Exclude<CopyStatus, 'idle'>) => void;
    /** How long 'Copied' stays; COPIED_TOOLTIP_MS (5000) by default. */
    copiedDuration?: number;
    /** Accessible name of the copy button; default 'Copy {label}'. */
    copyLabel?: string;
  };

/**
 * A read-only labelled value (e.g. the SCIM URL) with a copy button. The value sits in a
 * read-only input, so it can be focused and selected by keyboard; focusing selects it all.
 */
export function CopyableField({
  label,
  value,
  hint,
  copy,
  onCopy,
  copiedDuration,
  copyLabel,
  mono,
  id: idProp,
  className,
  ...props
}: CopyableFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;

  return (
    <div
      data-slot="copyable-field"
      id={id}
      className={cn(copyableFieldVariants({ mono }), className)}
      {...props}
    >
      <Label.Root
        data-slot="copyable-field-label"
        htmlFor={inputId}
        className="text-sm font-medium text-ink"
      >
        {label}
      </Label.Root>
      <div
        data-slot="copyable-field-box"
        className="flex min-h-10 items-center gap-1 rounded-control border border-surface-border bg-surface-muted ps-3 pe-0.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-brand-600"
      >
        <input
          id={inputId}
          data-slot="copyable-field-input"
          readOnly
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 truncate bg-transparent py-2 text-sm text-ink outline-none"
        />
        <CopyButton
          value={value}
          label={copyLabel ?? `Copy ${label}`}
          copy={copy}
          onCopy={onCopy}
          copiedDuration={copiedDuration}
        />
      </div>
      {hint ? (
        <p id={hintId} data-slot="copyable-field-hint" className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
