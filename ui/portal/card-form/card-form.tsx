import * as React from 'react';

import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { CardFieldSlotContext, type CardFieldSlot } from '../card-field/card-field-slot';
import { ErrorIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { TextField } from '../../primitives/text-field/text-field';
import { cardFormReady, type CardFormCardState } from './card-form-ready';

export { cardFormReady, type CardFormCardState } from './card-form-ready';

export type CardFormValues = { nameOnCard: string };

export type CardFormProps = Omit<React.ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  /** The card input: `<TestCardField onChange={…} />` or Stripe's `<CardElement onChange={…} />`. */
  cardField: React.ReactNode;
  /** The card field's latest state; the submit waits for complete and no error. */
  cardState: CardFormCardState;
  /**
   * Called with the trimmed name. While its promise is pending the form is busy; the values stay
   * either way (the app shows the outcome, e.g. in `formError`).
   */
  onSubmit: (values: CardFormValues) => void | Promise<unknown>;
  /** Default 'Save Billing'; 'Begin Trial' on the welcome screen. */
  submitLabel?: React.ReactNode;
  /** Saving: the submit shows `busyLabel` and everything is disabled. */
  busy?: boolean;
  /** Default 'Saving...'. */
  busyLabel?: React.ReactNode;
  /** Controlled name on card. */
  nameOnCard?: string;
  defaultNameOnCard?: string;
  onNameOnCardChange?: (value: string) => void;
  disabled?: boolean;
  /** Shown in an error banner above the fields (e.g. 'Unable to update default payment method'). */
  formError?: React.ReactNode;
  /** Default 'Name on card'. */
  nameLabel?: string;
  /** Default 'Card details'. */
  cardLabel?: React.ReactNode;
};

/**
 * The billing card form without a heading (the screen supplies it): 'Name on card' and 'Card
 * details' (a slot for the card field, with the card error under it), then the submit. The
 * submit is enabled only when the trimmed name is not empty and the card is complete without an
 * error, and never while busy.
 */
export function CardForm({
  cardField,
  cardState,
  onSubmit,
  submitLabel = 'Save Billing',
  busy: busyProp = false,
  busyLabel = 'Saving...',
  nameOnCard: nameProp,
  defaultNameOnCard = '',
  onNameOnCardChange,
  disabled = false,
  formError,
  nameLabel = 'Name on card',
  cardLabel = 'Card details',
  className,
  ...props
}: CardFormProps) {
  const id = React.useId();
  const labelId = `${id}-card-label`;
  const errorId = `${id}-card-error`;
  const [name, setName] = useControllableState({
    value: nameProp,
    defaultValue: defaultNameOnCard,
    onChange: onNameOnCardChange,
  });
  const [pending, setPending] = React.useState(false);

  const busy = busyProp || pending;
  const trimmedName = name.trim();
  const cardError = cardState.error || undefined;
  const canSubmit = cardFormReady({ nameOnCard: name, cardState }) && !disabled;

  const slot = React.useMemo<CardFieldSlot>(
    () => ({ labelId, errorId, disabled: disabled || busy }),
    [labelId, errorId, disabled, busy],
  );

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || busy) return;
    setPending(true);
    try {
      await onSubmit({ nameOnCard: trimmedName });
    } catch {
      // The app reports the failure (formError); the values stay for a retry.
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      data-slot="card-form"
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(event) => void handleSubmit(event)}
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      {formError ? (
        <Banner data-slot="card-form-error" kind="error">
          {formError}
        </Banner>
      ) : null}
      <TextField
        label={nameLabel}
        name="nameOnCard"
        autoComplete="cc-name"
        required
        value={name}
        disabled={disabled || busy}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset
        data-slot="card-form-card"
        data-invalid={cardError ? true : undefined}
        aria-describedby={cardError ? errorId : undefined}
        className="m-0 flex min-w-0 flex-col border-0 p-0"
      >
        <legend id={labelId} className="mb-1.5 p-0 text-sm font-medium text-ink">
          {cardLabel}
          <span aria-hidden className="ms-0.5 text-danger-fg">
            *
          </span>
        </legend>
        <CardFieldSlotContext value={slot}>{cardField}</CardFieldSlotContext>
        <p
          id={errorId}
          data-slot="card-form-card-error"
          role="alert"
          className={cn(
            'flex items-start gap-1.5 text-sm font-medium text-danger-fg',
            cardError && 'mt-1.5',
          )}
        >
          {cardError ? (
            <>
              <ErrorIcon className="mt-0.5 shrink-0" />
              <span>{cardError}</span>
            </>
          ) : null}
        </p>
      </fieldset>
      <Button
        type="submit"
        data-slot="card-form-submit"
        disabled={!canSubmit}
        busy={busy}
        busyLabel={busyLabel}
        className="self-start"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
