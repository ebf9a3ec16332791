import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { CopyButton } from '../copy-button/copy-button';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { COPIED_TOOLTIP_MS, type CopyFn, type CopyStatus } from '../../lib/use-copy';

export { COPIED_TOOLTIP_MS };

/**
 * How many dots a masked secret shows: always the same, so the mask never tells the secret's
 * length. The dots are drawn by CSS (round boxes), not typed as '•' characters: a glyph would come
 * from whichever font has it, and the mask would look different on every machine (decision 014).
 */
export const SECRET_MASK_DOTS = 12;

export const maskedSecretVariants = cva('flex flex-col gap-1.5', {
  variants: {
    mono: {
      true: '[&_[data-slot=masked-secret-value]]:font-mono',
      false: '[&_[data-slot=masked-secret-value]]:font-sans',
    },
  },
  defaultVariants: { mono: true },
});

export type MaskedSecretProps = Omit<React.ComponentProps<'div'>, 'onCopy' | 'children'> &
  VariantProps<typeof maskedSecretVariants> & {
    /** Visible label, e.g. 'Authorization Header'; also names the buttons ('Show …', 'Copy …'). */
    label: string;
    /** The secret. Not in the DOM while masked. */
    value: string;
    revealed?: boolean;
    defaultRevealed?: boolean;
    onRevealedChange?: (revealed: boolean) => void;
    /** Shows the copy button (copies the real value even while masked). Default true. */
    copyable?: boolean;
    /** Clipboard writer; defaults to `navigator.clipboard.writeText`. */
    copy?: CopyFn;
    /** Called with the result of each copy. */
    onCopy?: (status: Exclude<CopyStatus, 'idle'>) => void;
    /** How long 'Copied' stays; COPIED_TOOLTIP_MS (5000) by default. */
    copiedDuration?: number;
    /** Accessible-name overrides; default 'Show {label}', 'Hide {label}', 'Copy {label}'. */
    showLabel?: string;
    hideLabel?: string;
    copyLabel?: string;
    /** Screen-reader text in place of the mask. */
    maskedText?: string;
  };

/**
 * A secret (SCIM header, MDM token, API key, webhook secret) masked by default. The eye toggle
 * reveals it (aria-pressed); the copy button copies the real value and says 'Copied'.
 * While masked, only a fixed-width mask is rendered, so neither the value nor its length
 * reaches the DOM or the accessibility tree.
 */
export function MaskedSecret({
  label,
  value,
  revealed: revealedProp,
  defaultRevealed = false,
  onRevealedChange,
  copyable = true,
  copy,
  onCopy,
  copiedDuration,
  showLabel,
  hideLabel,
  copyLabel,
  maskedText = 'hidden',
  mono,
  id: idProp,
  className,
  ...props
}: MaskedSecretProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const [revealed, setRevealed] = useControllableState({
    value: revealedProp,
    defaultValue: defaultRevealed,
    onChange: onRevealedChange,
  });

  return (
    <div
      data-slot="masked-secret"
      data-state={revealed ? 'revealed' : 'masked'}
      id={id}
      role="group"
      aria-labelledby={labelId}
      className={cn(maskedSecretVariants({ mono }), className)}
      {...props}
    >
      <span id={labelId} data-slot="masked-secret-label" className="text-sm font-medium text-ink">
        {label}
      </span>
      <div
        data-slot="masked-secret-box"
        className="flex min-h-10 items-start gap-1 rounded-control border border-surface-border bg-surface-muted py-0.5 ps-3 pe-0.5"
      >
        <span
          id={valueId}
          data-slot="masked-secret-value"
          className="min-w-0 flex-1 self-center py-1.5 text-sm break-all text-ink"
        >
          {revealed ? (
            value
          ) : (
            <>
              <span
                aria-hidden
                data-slot="masked-secret-mask"
                className="inline-flex h-5 items-center gap-1.5 align-top text-ink-muted"
              >
                {Array.from({ length: SECRET_MASK_DOTS }, (_, i) => (
                  <span key={i} className="size-1 rounded-full bg-current" />
                ))}
              </span>
              <span className="sr-only">{maskedText}</span>
            </>
          )}
        </span>
        <button
          type="button"
          data-slot="masked-secret-toggle"
          data-state={revealed ? 'revealed' : 'masked'}
          aria-label={revealed ? (hideLabel ?? `Hide ${label}`) : (showLabel ?? `Show ${label}`)}
          aria-pressed={revealed}
          aria-controls={valueId}
          onClick={() => setRevealed(!revealed)}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        >
          {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
        {copyable ? (
          <CopyButton
            value={value}
            label={copyLabel ?? `Copy ${label}`}
            copy={copy}
            onCopy={onCopy}
            copiedDuration={copiedDuration}
          />
        ) : null}
      </div>
    </div>
  );
}
