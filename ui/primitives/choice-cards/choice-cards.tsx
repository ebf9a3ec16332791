import { cva, type VariantProps } from 'class-variance-authority';
import { RadioGroup } from 'radix-ui';
import * as React from 'react';

import { ChevronRightIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';

export type ChoiceCardOption = {
  value: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Decorative; the title names the card. */
  icon?: React.ReactNode;
  disabled?: boolean;
};

/** One card; `checked` only applies in select mode. */
export const choiceCardsVariants = cva(
  [
    'group flex w-full items-start gap-4 rounded-card border bg-surface p-4 text-start shadow-card',
    'transition-colors outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:shadow-none',
  ],
  {
    variants: {
      checked: {
        true: 'border-brand-600 bg-brand-50 ring-1 ring-brand-600',
        false:
          'border-surface-border enabled:hover:border-brand-500 enabled:hover:bg-surface-muted',
      },
      size: {
        md: 'min-h-24',
        lg: 'min-h-32 p-6',
      },
    },
    defaultVariants: { checked: false, size: 'md' },
  },
);

export type ChoiceCardsProps = Omit<
  React.ComponentProps<'div'>,
  'defaultValue' | 'dir' | 'onChange'
> &
  Omit<VariantProps<typeof choiceCardsVariants>, 'checked'> & {
    options: ChoiceCardOption[];
    /**
     * `select` (default): radio cards, one value chosen, committed later by the page.
     * `action`: each card is a button that acts at once (calls `onChoose`, e.g. navigates).
     */
    mode?: 'select' | 'action';
    /** Select mode: the chosen value ('' = none). */
    value?: string;
    defaultValue?: string;
    onValueChange?: (value: string) => void;
    /** Action mode: a card was activated. */
    onChoose?: (value: string) => void;
    /** Select mode: form field name and required flag (Radix RadioGroup). */
    name?: string;
    required?: boolean;
    /** Names the group, e.g. 'How would you like to add members?'. */
    'aria-label'?: string;
    'aria-labelledby'?: string;
    /** Grid columns from the sm breakpoint (one column on narrow screens). */
    columns?: 1 | 2 | 3;
  };

const gridColumns = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

function CardBody({
  option,
  titleId,
  descriptionId,
  trailing,
}: {
  option: ChoiceCardOption;
  titleId: string;
  descriptionId: string;
  trailing: React.ReactNode;
}) {
  return (
    <>
      {option.icon ? (
        <span
          aria-hidden
          data-slot="choice-card-icon"
          className="flex size-10 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700 group-disabled:bg-surface-sunken group-disabled:text-ink-muted [&_svg]:size-5"
        >
          {option.icon}
        </span>
      ) : null}
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={titleId} data-slot="choice-card-title" className="font-semibold text-ink">
          {option.title}
        </span>
        {option.description ? (
          <span
            id={descriptionId}
            data-slot="choice-card-description"
            className="text-sm text-ink-muted"
          >
            {option.description}
          </span>
        ) : null}
      </span>
      {trailing}
    </>
  );
}

/**
 * Large single-choice cards with title, description and icon. Two modes, one look:
 * - `select` (default): a Radix RadioGroup — arrow keys move and choose, Tab leaves the group;
 *   use when a later button commits the choice.
 * - `action`: a list of buttons; a click (Enter/Space) calls `onChoose` at once. Used where
 *   choosing navigates (member options, SSO provider), since a radio that navigates on arrow
 *   keys would move the user away while they are only browsing the options.
 * Each card is named by its title and described by its description.
 */
export function ChoiceCards(props: ChoiceCardsProps) {
  const baseId = React.useId();
  const ids = (index: number) => ({
    titleId: `${baseId}-${index}-title`,
    descriptionId: `${baseId}-${index}-description`,
  });

  if (props.mode === 'action') {
    const {
      mode: _mode,
      options,
      onChoose,
      columns = 1,
      size,
      className,
      'aria-label': ariaLabel,
      'aria-labelledby': ariaLabelledBy,
      // Select-mode props have no meaning here.
      value: _value,
      defaultValue: _defaultValue,
      onValueChange: _onValueChange,
      name: _name,
      required: _required,
      ...rest
    } = props;
    return (
      <div data-slot="choice-cards" data-mode="action" className={className} {...rest}>
        <ul
          aria-label={ariaLabel}
          aria-labelledby={ariaLabelledBy}
          className={cn('grid gap-3', gridColumns[columns])}
        >
          {options.map((option, index) => {
            const { titleId, descriptionId } = ids(index);
            return (
              <li key={option.value} className="flex">
                <button
                  type="button"
                  data-slot="choice-card"
                  data-value={option.value}
                  disabled={option.disabled}
                  aria-labelledby={titleId}
                  aria-describedby={option.description ? descriptionId : undefined}
                  onClick={() => onChoose?.(option.value)}
                  className={choiceCardsVariants({ checked: false, size })}
                >
                  <CardBody
                    option={option}
                    titleId={titleId}
                    descriptionId={descriptionId}
                    trailing={
                      <ChevronRightIcon className="mt-0.5 size-5 shrink-0 self-center text-ink-muted" />
                    }
                  />
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return <SelectCards {...props} ids={ids} />;
}

function SelectCards({
  mode: _mode,
  options,
  value: valueProp,
  defaultValue,
  onValueChange,
  onChoose: _onChoose,
  columns = 1,
  size,
  className,
  ids,
  ...rest
}: ChoiceCardsProps & {
  ids: (index: number) => { titleId: string; descriptionId: string };
}) {
  // Radix wants '' (not undefined) for "nothing chosen" once controlled.
  const [value, setValue] = useControllableState<string>({
    value: valueProp,
    defaultValue: defaultValue ?? '',
    onChange: onValueChange,
  });
  return (
    <RadioGroup.Root
      data-slot="choice-cards"
      data-mode="select"
      value={value}
      onValueChange={setValue}
      className={cn('grid gap-3', gridColumns[columns], className)}
      {...rest}
    >
      {options.map((option, index) => {
        const { titleId, descriptionId } = ids(index);
        const checked = value === option.value;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            data-slot="choice-card"
            disabled={option.disabled}
            aria-labelledby={titleId}
            aria-describedby={option.description ? descriptionId : undefined}
            className={choiceCardsVariants({ checked, size })}
          >
            <CardBody
              option={option}
              titleId={titleId}
              descriptionId={descriptionId}
              trailing={
                <span
                  aria-hidden
                  className={cn(
                    'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 bg-surface',
                    checked ? 'border-brand-600' : 'border-surface-strong',
                  )}
                >
                  <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-600" />
                </span>
              }
            />
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
