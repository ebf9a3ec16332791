import { Popover } from 'radix-ui';
import * as React from 'react';

import { Button, buttonVariants } from '../../primitives/button/button';
import { ArrowDownIcon, ArrowUpIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';

/** One column of the table, in the order the administrator arranged them. */
export type ColumnChoice = {
  id: string;
  label: string;
  visible: boolean;
  /** The column that says which row it is: always shown (its checkbox is disabled). */
  required: boolean;
};

export type ColumnChooserProps = {
  columns: ColumnChoice[];
  onToggle: (id: string, visible: boolean) => void;
  onMove: (id: string, delta: -1 | 1) => void;
  onReset: () => void;
  /** The table already shows its default layout: "Reset to default" has nothing to do. */
  isDefault?: boolean;
  /** Names the table, e.g. 'device' → 'Device table columns'. */
  tableName: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
};

/**
 * Shows, hides and reorders a table's columns (docs/decisions/060-column-chooser-and-command-
 * palette.md): a popover with a checkbox per column and Move up / Move down buttons, every part
 * reachable with the keyboard (no drag-only interaction); a polite live region says where a moved
 * column went, and the focus stays on the moved column's button.
 */
export function ColumnChooser({
  columns,
  onToggle,
  onMove,
  onReset,
  isDefault = false,
  tableName,
  open,
  defaultOpen,
  onOpenChange,
  className,
}: ColumnChooserProps) {
  const headingId = React.useId();
  const [announcement, setAnnouncement] = React.useState('');
  const buttons = React.useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = React.useRef<{ id: string; delta: -1 | 1 } | null>(null);
  const done = React.useRef<HTMLButtonElement>(null);

  React.useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    // At either end that button is disabled: focus its neighbour of the same row instead.
    const same = buttons.current.get(`${pending.id}:${pending.delta}`);
    const other = buttons.current.get(`${pending.id}:${-pending.delta}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [columns]);

  const move = (column: ColumnChoice, index: number, delta: -1 | 1) => {
    pendingFocus.current = { id: column.id, delta };
    setAnnouncement(`${column.label} moved to position ${index + delta + 1} of ${columns.length}`);
    onMove(column.id, delta);
  };

  const shown = columns.filter((c) => c.visible).length;
  return (
    <Popover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className={cn(buttonVariants({ variant: 'outline', size: 'md' }), className)}
        data-slot="column-chooser"
      >
        Columns
        <span className="text-ink-muted">
          {shown}/{columns.length}
          <span className="sr-only"> shown</span>
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={headingId}
          className={cn(
            'z-50 flex max-h-[var(--radix-popover-content-available-height)] w-72 max-w-[calc(100vw-16px)] flex-col gap-2 overflow-y-auto',
            'rounded-card border border-surface-border bg-surface p-3 text-sm text-ink shadow-toast',
          )}
        >
          <h2 id={headingId} className="text-sm font-semibold text-ink">
            {`${tableName[0]!.toUpperCase()}${tableName.slice(1)} table columns`}
          </h2>
          <ul className="flex flex-col" aria-labelledby={headingId}>
            {columns.map((column, index) => {
              const checkboxId = `${headingId}-${column.id}`;
              return (
                <li
                  key={column.id}
                  className="flex items-center justify-between gap-2 rounded-control py-0.5 ps-1 hover:bg-surface-muted"
                >
                  <label
                    htmlFor={checkboxId}
                    className="flex min-w-0 flex-1 items-center gap-2 py-1"
                  >
                    <input
                      id={checkboxId}
                      type="checkbox"
                      checked={column.visible}
                      disabled={column.required}
                      onChange={(event) => onToggle(column.id, event.target.checked)}
                      className="size-4 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    />
                    <span className="truncate">{column.label}</span>
                    {column.required ? (
                      <span className="text-xs text-ink-muted">(always shown)</span>
                    ) : null}
                  </label>
                  <span className="flex shrink-0 gap-0.5">
                    {([-1, 1] as const).map((delta) => (
                      <button
                        key={delta}
                        ref={(node) => {
                          buttons.current.set(`${column.id}:${delta}`, node);
                        }}
                        type="button"
                        aria-label={`Move ${column.label} ${delta < 0 ? 'up' : 'down'}`}
                        disabled={delta < 0 ? index === 0 : index === columns.length - 1}
                        onClick={() => move(column, index, delta)}
                        className={cn(
                          buttonVariants({ variant: 'ghost', size: 'sm' }),
                          'size-8 px-0 focus-visible:outline-2 focus-visible:outline-brand-600',
                        )}
                      >
                        {delta < 0 ? (
                          <ArrowUpIcon aria-hidden className="size-4" />
                        ) : (
                          <ArrowDownIcon aria-hidden className="size-4" />
                        )}
                      </button>
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="flex items-center justify-between gap-2 border-t border-surface-border pt-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={isDefault}
              onClick={() => {
                setAnnouncement('Columns reset to default');
                onReset();
                // The button is disabled once the default is back: keep the focus in the popover.
                done.current?.focus();
              }}
            >
              Reset to default
            </Button>
            <Popover.Close
              ref={done}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              Done
            </Popover.Close>
          </div>
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
