import { cva, type VariantProps } from 'class-variance-authority';
import { DropdownMenu } from 'radix-ui';
import * as React from 'react';

import { buttonVariants } from '../button/button';
import { CheckIcon, ChevronDownIcon, FilterIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';

export type FilterMenuOption = {
  value: string;
  label: string;
  /** An option that means "no filter" (e.g. 'All devices'): shown checked, never counted. */
  neutral?: boolean;
};

/** How many of a group's options are chosen filters (neutral options do not count). */
export function countSelected(group: FilterMenuGroup, selected: readonly string[]): number {
  return group.options.filter((o) => !o.neutral && selected.includes(o.value)).length;
}
export type FilterMenuGroup = { id: string; label: string; options: FilterMenuOption[] };
/** Selected option values per group id. */
export type FilterMenuValue = Record<string, string[]>;
/**
 * What changed: one option toggled, or (`value: null`, `checked: false`) a whole group cleared.
 */
export type FilterMenuChange = { groupId: string; value: string | null; checked: boolean };

export const filterMenuVariants = cva(
  [
    'z-50 flex max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-64 flex-col gap-1 overflow-y-auto',
    'rounded-card border border-surface-border bg-surface p-1 text-sm text-ink shadow-toast',
  ],
  {
    variants: {
      size: {
        sm: 'min-w-56',
        md: 'min-w-64',
        lg: 'min-w-80',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type FilterMenuProps = Omit<React.ComponentProps<'button'>, 'value' | 'defaultValue'> &
  VariantProps<typeof filterMenuVariants> & {
    groups: FilterMenuGroup[];
    value?: FilterMenuValue;
    defaultValue?: FilterMenuValue;
    onValueChange?: (next: FilterMenuValue, change: FilterMenuChange) => void;
    open?: boolean;
    defaultOpen?: boolean;
    /** E.g. the app's 'show dropdown' analytics event. */
    onOpenChange?: (open: boolean) => void;
    /** Visible trigger text; the number of active selections follows it: 'FILTERS (2)'. */
    label?: string;
    /** Screen-reader wording of the count, e.g. '2 selected'. */
    formatActiveCount?: (count: number) => string;
    /** Group heading suffix, e.g. 'Severity · 2 selected'. */
    formatGroupCount?: (count: number) => string;
    /** Per-group clear item; `null` hides it. */
    clearLabel?: string | null;
    align?: 'start' | 'center' | 'end';
    /**
     * A menu long enough to scroll (dozens of options): the open menu itself is a tab stop, so its
     * scroll region is reachable by keyboard (axe `scrollable-region-focusable`); arrow keys still
     * move through the options and scroll them into view.
     */
    scrollable?: boolean;
  };

const EMPTY: FilterMenuValue = {};

/**
 * A 'FILTERS' button opening a menu of multi-select groups. Toggling an option keeps the menu open.
 * Each group heading shows how many of its options are selected; the trigger shows the total.
 */
export function FilterMenu({
  groups,
  value: valueProp,
  defaultValue = EMPTY,
  onValueChange,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  label = 'FILTERS',
  formatActiveCount = (count) => `${count} selected`,
  formatGroupCount = (count) => `${count} selected`,
  clearLabel = 'Clear',
  align = 'start',
  scrollable = false,
  size,
  className,
  ...props
}: FilterMenuProps) {
  // onValueChange takes a second argument, so it is called here rather than by the hook.
  const [value, setValue] = useControllableState({ value: valueProp, defaultValue });
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const baseId = React.useId();

  const selectedIn = (groupId: string) => value[groupId] ?? [];
  const activeCount = groups.reduce(
    (sum, group) => sum + countSelected(group, selectedIn(group.id)),
    0,
  );

  const update = (next: FilterMenuValue, change: FilterMenuChange) => {
    setValue(next);
    onValueChange?.(next, change);
  };

  const toggle = (group: FilterMenuGroup, optionValue: string, checked: boolean) => {
    const current = selectedIn(group.id);
    const nextGroup = checked
      ? // Keep the options' order, whatever the click order.
        group.options.map((o) => o.value).filter((v) => v === optionValue || current.includes(v))
      : current.filter((v) => v !== optionValue);
    update({ ...value, [group.id]: nextGroup }, { groupId: group.id, value: optionValue, checked });
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        data-slot="filter-menu-trigger"
        data-active={activeCount > 0 || undefined}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'md' }),
          'tracking-wide data-[state=open]:bg-surface-sunken',
          className,
        )}
        {...props}
      >
        <FilterIcon className="size-4" />
        {label}
        {activeCount > 0 ? (
          <>
            <span aria-hidden data-slot="filter-menu-count">
              ({activeCount})
            </span>
            <span className="sr-only">({formatActiveCount(activeCount)})</span>
          </>
        ) : null}
        <ChevronDownIcon className="size-4 text-ink-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-slot="filter-menu-content"
          align={align}
          sideOffset={4}
          tabIndex={scrollable ? 0 : undefined}
          className={filterMenuVariants({ size })}
        >
          {groups.map((group, index) => {
            const selected = selectedIn(group.id);
            const count = countSelected(group, selected);
            // The heading agrees with the checks: a checked neutral option ('All devices') is
            // named, not counted as '0 selected'.
            const neutral = group.options.find((o) => o.neutral && selected.includes(o.value));
            const labelId = `${baseId}-${group.id}`;
            return (
              <React.Fragment key={group.id}>
                {index > 0 ? (
                  <DropdownMenu.Separator className="my-1 h-px bg-surface-border" />
                ) : null}
                <DropdownMenu.Group
                  data-slot="filter-menu-group"
                  aria-labelledby={labelId}
                  className="flex flex-col"
                >
                  <div className="flex items-center justify-between gap-3 px-2 pt-1.5 pb-1">
                    <DropdownMenu.Label
                      id={labelId}
                      data-slot="filter-menu-group-label"
                      className="text-xs font-semibold text-ink-muted"
                    >
                      {group.label}
                      {' · '}
                      <span data-slot="filter-menu-group-count" className="font-normal">
                        {count === 0 && neutral ? neutral.label : formatGroupCount(count)}
                      </span>
                    </DropdownMenu.Label>
                  </div>
                  {group.options.map((option) => {
                    const checked = selected.includes(option.value);
                    return (
                      <DropdownMenu.CheckboxItem
                        key={option.value}
                        data-slot="filter-menu-item"
                        checked={checked}
                        onCheckedChange={(checked) => toggle(group, option.value, checked === true)}
                        // Keep the menu open: the user usually picks several options.
                        onSelect={(event) => event.preventDefault()}
                        className={cn(
                          'flex cursor-default items-center gap-2 rounded-control px-2 py-1.5 outline-none select-none',
                          'data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
                          // Focus as visible as elsewhere (3:1 against the menu and the tint).
                          'data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-brand-600 data-[highlighted]:outline-solid',
                        )}
                      >
                        <span
                          aria-hidden
                          className={cn(
                            'flex size-4 shrink-0 items-center justify-center rounded-sm border',
                            checked
                              ? 'border-brand-600 bg-brand-600 text-ink-inverse'
                              : 'border-surface-strong bg-surface',
                          )}
                        >
                          <DropdownMenu.ItemIndicator>
                            <CheckIcon className="size-3" strokeWidth={3} />
                          </DropdownMenu.ItemIndicator>
                        </span>
                        {option.label}
                      </DropdownMenu.CheckboxItem>
                    );
                  })}
                  {clearLabel !== null ? (
                    <DropdownMenu.Item
                      data-slot="filter-menu-clear"
                      disabled={count === 0}
                      aria-label={`${clearLabel} ${group.label}`}
                      onSelect={(event) => {
                        event.preventDefault();
                        update(
                          { ...value, [group.id]: [] },
                          { groupId: group.id, value: null, checked: false },
                        );
                      }}
                      className="cursor-default rounded-control px-2 py-1 text-xs font-medium text-brand-700 outline-none select-none data-[disabled]:text-ink-subtle data-[highlighted]:bg-brand-50 data-[highlighted]:underline data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-brand-600 data-[highlighted]:outline-solid"
                    >
                      {clearLabel}
                    </DropdownMenu.Item>
                  ) : null}
                </DropdownMenu.Group>
              </React.Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
