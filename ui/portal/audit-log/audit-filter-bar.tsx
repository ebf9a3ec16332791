import * as React from 'react';

import { AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES, type AuditOutcome } from '@domain/audit';
import { labelled } from '@domain/labels';

import { cn } from '../../lib/cn';
import { Button } from '../../primitives/button/button';
import {
  FilterMenu,
  type FilterMenuGroup,
  type FilterMenuValue,
} from '../../primitives/filter-menu/filter-menu';
import { SelectField, type SelectFieldOption } from '../../primitives/select-field/select-field';
import { TextField } from '../../primitives/text-field/text-field';

/** The Activity view's filters; null / empty means "any". */
export interface AuditFilterValue {
  /** An actor's key as the actor options give it. */
  actor: string | null;
  /** Dotted action names, from any group. */
  actions: readonly string[];
  outcome: AuditOutcome | null;
  /** Dates (YYYY-MM-DD), both days included. */
  from: string | null;
  to: string | null;
  /** Free text matched against target names. */
  q: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilterValue = {
  actor: null,
  actions: [],
  outcome: null,
  from: null,
  to: null,
  q: '',
};

/** Whether any filter is on. */
export function hasAuditFilter(value: AuditFilterValue): boolean {
  return (
    value.actor !== null ||
    value.actions.length > 0 ||
    value.outcome !== null ||
    value.from !== null ||
    value.to !== null ||
    value.q.trim() !== ''
  );
}

/** One group of the action catalogue: 'Alerts' with 'Alert closed', 'Alert reopened'… */
export type AuditActionGroup = FilterMenuGroup;

export type AuditFilterBarProps = Omit<React.ComponentProps<'div'>, 'children' | 'onChange'> & {
  value: AuditFilterValue;
  onValueChange: (next: AuditFilterValue) => void;
  /** Who can be chosen ('Avery Admin', 'API key', 'System'…); 'All actors' comes first. */
  actorOptions: readonly SelectFieldOption[];
  actionGroups: readonly AuditActionGroup[];
  /** Typing pauses this long before the search applies (Enter applies at once). */
  searchDelayMs?: number;
};

const OUTCOME_OPTIONS: SelectFieldOption[] = [
  { value: '', label: 'All outcomes' },
  ...labelled(AUDIT_OUTCOMES, AUDIT_OUTCOME_LABELS),
];

/** The menu's checks per group, from the flat list of chosen actions. */
function menuValue(
  groups: readonly AuditActionGroup[],
  actions: readonly string[],
): FilterMenuValue {
  return Object.fromEntries(
    groups.map((g) => [g.id, g.options.map((o) => o.value).filter((v) => actions.includes(v))]),
  );
}

/**
 * The Activity view's filter bar: actor, actions (a grouped multi-select), outcome, a date range
 * and a search of target names. Controlled: every change calls `onValueChange` with the whole
 * value; the search applies after a pause in typing or on Enter.
 */
export function AuditFilterBar({
  value,
  onValueChange,
  actorOptions,
  actionGroups,
  searchDelayMs = 400,
  className,
  ...props
}: AuditFilterBarProps) {
  const [draft, setDraft] = React.useState(value.q);
  // The URL (back button, 'Clear filters') may change the search under the field.
  const [shownQ, setShownQ] = React.useState(value.q);
  if (shownQ !== value.q) {
    setShownQ(value.q);
    setDraft(value.q);
  }
  const latest = React.useRef(value);
  React.useLayoutEffect(() => {
    latest.current = value;
  });

  React.useEffect(() => {
    if (draft === latest.current.q) return;
    const id = setTimeout(() => onValueChange({ ...latest.current, q: draft }), searchDelayMs);
    return () => clearTimeout(id);
  }, [draft, searchDelayMs, onValueChange]);

  const set = (patch: Partial<AuditFilterValue>) => onValueChange({ ...value, q: draft, ...patch });
  const invalidRange = value.from !== null && value.to !== null && value.from > value.to;
  const active = hasAuditFilter({ ...value, q: draft });

  return (
    <div
      data-slot="audit-filter-bar"
      role="search"
      aria-label="Filter activity"
      className={cn('flex flex-wrap items-end gap-3', className)}
      {...props}
    >
      <SelectField
        label="Actor"
        size="md"
        fieldClassName="w-full sm:w-52"
        options={[{ value: '', label: 'All actors' }, ...actorOptions]}
        value={value.actor ?? ''}
        onChange={(event) => set({ actor: event.target.value || null })}
      />
      <div className="flex flex-col gap-1.5">
        {/* The menu's trigger names itself ('Actions (2 selected)'); this line aligns it. */}
        <span aria-hidden className="text-sm font-medium text-ink">
          Action
        </span>
        <FilterMenu
          label="Actions"
          size="lg"
          scrollable
          groups={[...actionGroups]}
          value={menuValue(actionGroups, value.actions)}
          onValueChange={(next) => set({ actions: Object.values(next).flat() })}
          className="h-10"
        />
      </div>
      <SelectField
        label="Outcome"
        fieldClassName="w-full sm:w-40"
        options={OUTCOME_OPTIONS}
        value={value.outcome ?? ''}
        onChange={(event) =>
          set({ outcome: (event.target.value || null) as AuditFilterValue['outcome'] })
        }
      />
      <TextField
        label="From"
        type="date"
        fieldClassName="w-full sm:w-40"
        value={value.from ?? ''}
        max={value.to ?? undefined}
        onChange={(event) => set({ from: event.target.value || null })}
      />
      <TextField
        label="To"
        type="date"
        fieldClassName="w-full sm:w-40"
        value={value.to ?? ''}
        min={value.from ?? undefined}
        error={invalidRange ? '‘To’ must be on or after ‘From’.' : undefined}
        onChange={(event) => set({ to: event.target.value || null })}
      />
      <TextField
        label="Search targets"
        type="search"
        fieldClassName="w-full sm:w-64"
        placeholder="Name of a member, device, alert…"
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onValueChange({ ...value, q: draft });
          }
        }}
      />
      {active ? (
        <Button
          variant="ghost"
          className="h-10"
          onClick={() => {
            setDraft('');
            onValueChange({ ...EMPTY_AUDIT_FILTER });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
