import type * as React from 'react';

import { Button } from '../button/button';
import { CloseIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export interface FilterChip {
  /** Passed back to `onRemove`. */
  id: string;
  /** What the chip says, e.g. 'Severity: Critical'. */
  label: string;
}

export type FilterChipsProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  chips: FilterChip[];
  onRemove: (id: string) => void;
  /** 'Clear all filters' after the chips, from two chips on. */
  onClear?: () => void;
  clearLabel?: string;
  /** Names the group for screen readers. */
  label?: string;
};

/**
 * The filters in force, each a chip that removes itself: what the list shows is readable without
 * opening the filter menu, and one filter goes with one click. Renders nothing without chips.
 */
export function FilterChips({
  chips,
  onRemove,
  onClear,
  clearLabel = 'Clear all filters',
  label = 'Active filters',
  className,
  ...props
}: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={label}
      data-slot="filter-chips"
      className={cn('flex flex-wrap items-center gap-2', className)}
      {...props}
    >
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.id}>
            <button
              type="button"
              data-slot="filter-chip"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onRemove(chip.id)}
              className="hover:border-brand-400 inline-flex h-7 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 ps-3 pe-2 text-sm text-brand-800 hover:bg-brand-100"
            >
              {chip.label}
              <CloseIcon aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {onClear && chips.length > 1 ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : null}
    </div>
  );
}
