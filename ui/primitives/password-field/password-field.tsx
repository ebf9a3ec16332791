import * as React from 'react';

import { PASSWORD_MAX_LENGTH } from '@domain/accounts';

import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { useControllableState } from '../../lib/use-controllable-state';
import { TextField, type TextFieldProps } from '../text-field/text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Whether the password is shown as text (controlled). */
  revealed?: boolean;
  /** Initial reveal state when uncontrolled. */
  defaultRevealed?: boolean;
  onRevealedChange?: (revealed: boolean) => void;
  /** Accessible names of the toggle; they say what pressing it does. */
  showLabel?: string;
  hideLabel?: string;
};

/** A text field for secrets with a show/hide toggle. Hidden by default; maxLength 256. */
export function PasswordField({
  revealed: revealedProp,
  defaultRevealed = false,
  onRevealedChange,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  id: idProp,
  maxLength = PASSWORD_MAX_LENGTH,
  disabled,
  ...props
}: PasswordFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const [revealed, setRevealed] = useControllableState({
    value: revealedProp,
    defaultValue: defaultRevealed,
    onChange: onRevealedChange,
  });

  return (
    <TextField
      {...props}
      id={id}
      type={revealed ? 'text' : 'password'}
      maxLength={maxLength}
      disabled={disabled}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          data-slot="password-field-toggle"
          data-state={revealed ? 'revealed' : 'hidden'}
          aria-label={revealed ? hideLabel : showLabel}
          aria-controls={id}
          disabled={disabled}
          onClick={() => setRevealed(!revealed)}
          className="inline-flex size-9 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink disabled:cursor-not-allowed disabled:opacity-60"
        >
          {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}
