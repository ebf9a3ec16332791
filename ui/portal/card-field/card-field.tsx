import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { CARD_NETWORK_LABELS, cardNetwork } from '@domain/cards';

import { ErrorIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';
import { CardFieldSlotContext } from './card-field-slot';
import {
  cardFieldState,
  formatCardNumber,
  formatExpiry,
  limitCardNumber,
  limitCvc,
  sameCardFieldState,
  validateCard,
  visibleCardError,
  type CardFieldState,
  type CardInput,
  type CardPart,
  type CardValidation,
} from './card-validation';

export type { CardBrand, CardDetails, CardFieldState } from './card-validation';
/** Alias of `CardFieldState` (what `onChange` reports). */
export type TestCardFieldState = CardFieldState;

export const cardFieldBoxVariants = cva(
  [
    'flex h-10 w-full items-center gap-2 rounded-control border bg-surface px-3 text-sm text-ink',
    'transition-colors focus-within:outline-2 focus-within:outline-offset-1',
    // Narrower than 24rem (a phone): the number has the first line to itself, so all 19
    // characters show; brand, expiry and CVC go on the second (docs/decisions/045).
    '@max-sm:h-auto @max-sm:flex-wrap @max-sm:gap-y-0 @max-sm:py-1',
  ],
  {
    variants: {
      invalid: {
        false: 'border-surface-strong focus-within:outline-brand-600',
        true: 'border-danger-solid focus-within:outline-danger-solid',
      },
      disabled: {
        false: '',
        true: 'cursor-not-allowed bg-surface-sunken text-ink-muted',
      },
    },
    defaultVariants: { invalid: false, disabled: false },
  },
);

const inputClass = cn(
  'h-full min-w-0 bg-transparent text-ink placeholder:text-ink-subtle focus:outline-none',
  'disabled:cursor-not-allowed disabled:text-ink-muted',
);

export type TestCardFieldLabels = {
  number: string;
  expiry: string;
  cvc: string;
};

const DEFAULT_LABELS: TestCardFieldLabels = {
  number: 'Card number',
  expiry: 'Expiration date (MM / YY)',
  cvc: 'CVC',
};

export type TestCardFieldProps = Omit<
  React.ComponentProps<'div'>,
  'onChange' | 'defaultValue' | 'children'
> &
  Omit<VariantProps<typeof cardFieldBoxVariants>, 'invalid' | 'disabled'> & {
    /** Names the group of three inputs; shown above the box. Default 'Card details'. */
    label?: React.ReactNode;
    /** Keeps the group label for screen readers only. */
    hideLabel?: boolean;
    /** Accessible names of the three inputs (visually hidden; placeholders show the format). */
    labels?: Partial<TestCardFieldLabels>;
    /** Like Stripe's change event: called whenever empty / complete / error / brand / card change. */
    onChange?: (state: CardFieldState) => void;
    /** Initial text of the inputs (e.g. for stories); formatted as if typed. */
    defaultValue?: Partial<CardInput>;
    disabled?: boolean;
    /** The clock for the expiry check; defaults to the current time. Inject it in tests. */
    now?: Date;
    /**
     * Show the error line under the box (role="alert"). Default: true on its own, false inside
     * a CardForm slot, where the form shows it.
     */
    showError?: boolean;
  };

type Internal = {
  values: CardInput;
  touched: Partial<Record<CardPart, boolean>>;
  focused: CardPart | null;
  validation: CardValidation;
};

function normalize(input: Partial<CardInput> | undefined): CardInput {
  const number = formatCardNumber(limitCardNumber(input?.number ?? ''));
  return {
    number,
    expiry: formatExpiry(input?.expiry ?? ''),
    cvc: limitCvc(input?.cvc ?? '', cardNetwork(number)),
  };
}

/**
 * The built-in TEST card field, a stand-in for Stripe's CardElement when there is no Stripe
 * key: card number (grouped 4-4-4-4, amex 4-6-5), expiry 'MM / YY' and CVC in one bordered box.
 * It validates like Stripe (Luhn, month 1-12, not expired, CVC 3 digits or 4 for amex) and
 * reports through `onChange(state)`. An incomplete input's error appears once the user leaves it;
 * an invalid one (e.g. a full number failing the Luhn check) at once. Focus moves on to the next
 * input when one is complete.
 */
export function TestCardField({
  label = 'Card details',
  hideLabel = false,
  labels: labelsProp,
  onChange,
  defaultValue,
  disabled: disabledProp,
  now,
  showError: showErrorProp,
  id: idProp,
  className,
  'aria-describedby': describedByProp,
  ...props
}: TestCardFieldProps) {
  const slot = React.use(CardFieldSlotContext);
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const labels = { ...DEFAULT_LABELS, ...labelsProp };
  const disabled = Boolean(disabledProp) || Boolean(slot?.disabled);
  const showError = showErrorProp ?? slot === null;

  const clock = () => now ?? new Date();
  const [state, setState] = React.useState<Internal>(() => {
    const values = normalize(defaultValue);
    return { values, touched: {}, focused: null, validation: validateCard(values, clock()) };
  });
  // The source of truth for handlers: a focus move inside a change handler fires blur/focus
  // before React re-renders, and those handlers must see the values just typed.
  const latest = React.useRef(state);
  const reported = React.useRef<CardFieldState | null>(null);
  const numberRef = React.useRef<HTMLInputElement>(null);
  const expiryRef = React.useRef<HTMLInputElement>(null);
  const cvcRef = React.useRef<HTMLInputElement>(null);

  const update = (change: (current: Internal) => Omit<Internal, 'validation'>) => {
    const previous = latest.current;
    const base = change(previous);
    const next: Internal = { ...base, validation: validateCard(base.values, clock()) };
    latest.current = next;
    setState(next);
    const report = cardFieldState(next.validation, next);
    const last = reported.current ?? cardFieldState(previous.validation, previous);
    if (!sameCardFieldState(report, last)) onChange?.(report);
    reported.current = report;
    return { previous, next };
  };

  const completed = (part: CardPart, previous: Internal, next: Internal) =>
    next.validation[part].state === 'complete' && previous.validation[part].state !== 'complete';

  const change = (part: CardPart) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const { previous, next } = update((current) => {
      const values = { ...current.values };
      if (part === 'number') {
        values.number = formatCardNumber(limitCardNumber(raw));
        values.cvc = limitCvc(values.cvc, cardNetwork(values.number));
      } else if (part === 'expiry') {
        values.expiry = formatExpiry(raw);
      } else {
        values.cvc = limitCvc(raw, cardNetwork(values.number));
      }
      return { ...current, values };
    });
    if (part === 'number' && completed('number', previous, next)) expiryRef.current?.focus();
    if (part === 'expiry' && completed('expiry', previous, next)) cvcRef.current?.focus();
  };

  const focus = (part: CardPart) => () => {
    update((current) => ({ ...current, focused: part }));
  };

  const blur = (part: CardPart) => () => {
    update((current) => ({
      ...current,
      touched: { ...current.touched, [part]: true },
      focused: current.focused === part ? null : current.focused,
    }));
  };

  const { values, validation } = state;
  const error = visibleCardError(validation, state);
  const errorTarget = showError ? errorId : slot?.errorId;
  const brandLabel = CARD_NETWORK_LABELS[validation.brand];
  const dataState = validation.complete
    ? 'complete'
    : error
      ? 'invalid'
      : validation.empty
        ? 'empty'
        : 'incomplete';

  const inputProps = (part: CardPart) => ({
    id: `${id}-${part}`,
    'data-slot': `card-field-${part}`,
    'aria-label': labels[part],
    'aria-invalid': error?.part === part || undefined,
    'aria-describedby': error?.part === part ? errorTarget : undefined,
    type: 'text',
    inputMode: 'numeric' as const,
    spellCheck: false,
    disabled,
    value: values[part],
    onChange: change(part),
    onFocus: focus(part),
    onBlur: blur(part),
  });

  const box = (
    <div
      data-slot="card-field-box"
      {...(slot
        ? {}
        : {
            role: 'group',
            'aria-labelledby': labelId,
            'aria-describedby':
              [describedByProp, showError && error ? errorId : null].filter(Boolean).join(' ') ||
              undefined,
          })}
      className={cardFieldBoxVariants({ invalid: Boolean(error), disabled })}
    >
      <input
        {...inputProps('number')}
        ref={numberRef}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className={cn(inputClass, 'flex-1 @max-sm:h-8 @max-sm:basis-full')}
      />
      {brandLabel ? (
        <span
          data-slot="card-field-brand"
          className="shrink-0 text-xs font-semibold text-ink-muted"
        >
          {brandLabel}
        </span>
      ) : null}
      <input
        {...inputProps('expiry')}
        ref={expiryRef}
        autoComplete="cc-exp"
        placeholder="MM / YY"
        className={cn(inputClass, 'w-[4.75rem] shrink-0 @max-sm:h-8')}
      />
      <input
        {...inputProps('cvc')}
        ref={cvcRef}
        autoComplete="cc-csc"
        placeholder="CVC"
        className={cn(inputClass, 'w-12 shrink-0 @max-sm:h-8')}
      />
    </div>
  );

  return (
    <div
      data-slot="card-field"
      data-state={dataState}
      data-brand={validation.brand}
      id={id}
      className={cn('@container flex flex-col', className)}
      {...props}
    >
      {slot ? null : (
        <span
          id={labelId}
          data-slot="card-field-label"
          className={cn('mb-1.5 text-sm font-medium text-ink', hideLabel && 'sr-only')}
        >
          {label}
        </span>
      )}
      {box}
      {showError ? (
        <p
          id={errorId}
          data-slot="card-field-error"
          role="alert"
          className={cn(
            'flex items-start gap-1.5 text-sm font-medium text-danger-fg',
            error && 'mt-1.5',
          )}
        >
          {error ? (
            <>
              <ErrorIcon className="mt-0.5 shrink-0" />
              <span>{error.error}</span>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
