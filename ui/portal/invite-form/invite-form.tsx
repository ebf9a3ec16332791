import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { Button } from '../../primitives/button/button';
import { cn } from '../../lib/cn';
import { TextField } from '../../primitives/text-field/text-field';

export type InviteValues = { name: string; email: string };

/** Applies to the fields row (name, e-mail, button). */
export const inviteFormVariants = cva('flex flex-col gap-4', {
  variants: {
    layout: {
      /** Fields side by side from `sm` up, the button at the end of the row. */
      inline: 'sm:flex-row sm:items-start sm:[&>[data-slot=invite-form-submit]]:mt-6.5',
      stacked: '[&>[data-slot=invite-form-submit]]:self-start',
    },
  },
  defaultVariants: { layout: 'inline' },
});

export type InviteFormProps = Omit<React.ComponentProps<'form'>, 'onSubmit' | 'title'> &
  VariantProps<typeof inviteFormVariants> & {
    /** Called with trimmed values; the form clears when it resolves and keeps them when it rejects. */
    onSubmit: (values: InviteValues) => Promise<void> | void;
    /** Heading, e.g. 'ADD ADMINS' or 'Provision Threat Hunter'; also names the form. */
    title?: React.ReactNode;
    headingLevel?: 2 | 3 | 4;
    nameLabel?: string;
    /** Label of the e-mail field; default 'Email'. */
    emailLabel?: string;
    /** The add button's label, e.g. 'Add' or 'Invite'. */
    submitLabel?: React.ReactNode;
    /** A request runs (also true while `onSubmit`'s promise is pending). */
    busy?: boolean;
    busyLabel?: React.ReactNode;
    /** The app's e-mail rule: an error text, or null when valid. Shown after blur. */
    validateEmail?: (value: string) => string | null;
    /** Disables the whole form. */
    disabled?: boolean;
  };

const acceptAny = () => null;

/**
 * Full Name + e-mail + add button ('ADD ADMINS', 'Provision Threat Hunter'). The button is
 * enabled when both are filled and `validateEmail` returns null; the e-mail error shows after
 * the field is left. After a successful submit the fields clear and focus returns to Full Name.
 */
export function InviteForm({
  onSubmit,
  title,
  headingLevel = 2,
  nameLabel = 'Full Name',
  emailLabel = 'Email',
  submitLabel = 'Add',
  busy: busyProp = false,
  busyLabel,
  validateEmail = acceptAny,
  disabled = false,
  layout,
  className,
  'aria-label': ariaLabel,
  ...props
}: InviteFormProps) {
  const titleId = React.useId();
  const Heading = `h${headingLevel}` as const;
  const nameRef = React.useRef<HTMLInputElement>(null);
  const [name, setName] = React.useState('');
  const [email, setEmail] = React.useState('');
  const [emailTouched, setEmailTouched] = React.useState(false);
  const [pending, setPending] = React.useState(false);

  const busy = busyProp || pending;
  const trimmedName = name.trim();
  const trimmedEmail = email.trim();
  const emailError = trimmedEmail === '' ? null : validateEmail(trimmedEmail);
  const canSubmit = trimmedName !== '' && trimmedEmail !== '' && emailError === null;

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || busy || disabled) return;
    setPending(true);
    try {
      await onSubmit({ name: trimmedName, email: trimmedEmail });
      setName('');
      setEmail('');
      setEmailTouched(false);
      nameRef.current?.focus();
    } catch {
      // Keep the values so the user can retry; the app reports the failure.
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      data-slot="invite-form"
      noValidate
      aria-labelledby={title && !ariaLabel ? titleId : undefined}
      aria-label={ariaLabel}
      onSubmit={(event) => void handleSubmit(event)}
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      {title ? (
        <Heading
          id={titleId}
          data-slot="invite-form-title"
          className="text-base font-semibold text-ink"
        >
          {title}
        </Heading>
      ) : null}
      <div data-slot="invite-form-fields" className={inviteFormVariants({ layout })}>
        <TextField
          ref={nameRef}
          label={nameLabel}
          name="name"
          autoComplete="off"
          required
          value={name}
          disabled={disabled}
          onChange={(event) => setName(event.target.value)}
          fieldClassName="min-w-0 flex-1"
        />
        <TextField
          label={emailLabel}
          name="email"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          disabled={disabled}
          error={emailTouched ? emailError : null}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setEmailTouched(true)}
          fieldClassName="min-w-0 flex-1"
        />
        <Button
          type="submit"
          data-slot="invite-form-submit"
          disabled={!canSubmit || disabled}
          busy={busy}
          busyLabel={busyLabel}
          className="self-start"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
