import { cva } from 'class-variance-authority';
import * as React from 'react';

import { Button } from '../../primitives/button/button';
import { cn } from '../../lib/cn';
import { SeverityBadge } from '../severity-badge/severity-badge';
import { isIncluded, reviewCounts, type ReviewMember } from './review-counts';

export type { ReviewMember } from './review-counts';

export type DuplicateRowState = 'unique' | 'excluded' | 'allowed';

/** A row by state: plain, struck through (excluded duplicate) or re-allowed duplicate. */
export const duplicateReviewVariants = cva('border-t border-surface-border first:border-t-0', {
  variants: {
    state: {
      unique: '',
      excluded: 'cursor-pointer bg-surface-muted text-ink-muted hover:bg-surface-sunken',
      allowed: 'cursor-pointer hover:bg-surface-muted',
    },
  },
  defaultVariants: { state: 'unique' },
});

export type DuplicateReviewLabels = {
  name: string;
  email: string;
  /** Header of the marker column (screen readers only). */
  status: string;
  /** Header of the button column (screen readers only). */
  action: string;
  duplicate: string;
  /** Screen-reader suffix of a struck-through row. */
  excluded: string;
  undo: string;
  exclude: string;
  undoAll: string;
  empty: string;
  formatUndo: (member: ReviewMember) => string;
  formatExclude: (member: ReviewMember) => string;
};

const DEFAULT_LABELS: DuplicateReviewLabels = {
  name: 'Names',
  email: 'Email',
  status: 'Duplicate status',
  action: 'Action',
  duplicate: 'Duplicate',
  excluded: 'excluded',
  undo: 'Undo',
  exclude: 'Exclude',
  undoAll: 'Undo all',
  empty: 'No members to review.',
  formatUndo: (member) => `Undo ${member.name}`,
  formatExclude: (member) => `Exclude ${member.name}`,
};

export type DuplicateReviewProps = Omit<React.ComponentProps<'div'>, 'onToggle'> & {
  members: ReviewMember[];
  /** A duplicate row was clicked or its button pressed: flip its `allowedDupe`. */
  onToggle: (id: string) => void;
  /** 'Undo all': re-allow every duplicate. */
  onUndoAll: () => void;
  /** Read-only line above the table, e.g. '3 invitations will be sent; 1 duplicate excluded.' */
  summary?: React.ReactNode;
  /** Names the table for assistive technology. */
  'aria-label'?: string;
  /** Scroll the rows inside this height (the header stays). */
  maxHeight?: number | string;
  labels?: Partial<DuplicateReviewLabels>;
};

/**
 * The member confirmation list (Names, Email, duplicate marker). Excluded duplicates are struck
 * through and offer 'Undo'; 'Undo all' re-allows every duplicate; clicking a duplicate row
 * toggles it in and out.
 *
 * Keyboard: the rows stay plain table rows (a role="button" on a <tr> would break the table's
 * semantics for screen readers), and each duplicate row carries one real toggle button — 'Undo'
 * when excluded, 'Exclude' when re-allowed — named after the member. The row's click handler is
 * the same action made larger for pointer users; Tab + Enter/Space reach it through the button.
 */
export function DuplicateReview({
  members,
  onToggle,
  onUndoAll,
  summary,
  'aria-label': ariaLabel = 'Members to invite',
  maxHeight,
  labels: labelsProp,
  className,
  ...props
}: DuplicateReviewProps) {
  const labels = { ...DEFAULT_LABELS, ...labelsProp };
  const counts = reviewCounts(members);
  const tableId = React.useId();
  const scrollable = maxHeight !== undefined;

  return (
    <div data-slot="duplicate-review" className={cn('flex flex-col gap-3', className)} {...props}>
      {summary != null || counts.duplicates > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {summary != null ? (
            <p
              data-slot="duplicate-review-summary"
              aria-live="polite"
              className="text-sm text-ink-muted"
            >
              {summary}
            </p>
          ) : (
            <span />
          )}
          {counts.duplicates > 0 ? (
            <Button
              data-slot="duplicate-review-undo-all"
              variant="outline"
              size="sm"
              disabled={counts.excluded === 0}
              aria-controls={tableId}
              onClick={onUndoAll}
            >
              {labels.undoAll}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div
        data-slot="duplicate-review-container"
        className="relative w-full overflow-auto rounded-card border border-surface-border bg-surface"
        style={scrollable ? { maxHeight } : undefined}
        // A scroll container must be reachable by keyboard (axe: scrollable-region-focusable).
        {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': ariaLabel } : {})}
      >
        <table
          id={tableId}
          data-slot="duplicate-review-table"
          aria-label={ariaLabel}
          className="w-full border-collapse text-sm"
        >
          <thead className="sticky top-0 z-10 bg-surface-muted text-start text-xs font-semibold text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 text-start">
                {labels.name}
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                {labels.email}
              </th>
              <th scope="col" className="px-4 py-2 text-start">
                <span className="sr-only">{labels.status}</span>
              </th>
              <th scope="col" className="px-4 py-2 text-end">
                <span className="sr-only">{labels.action}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-ink-muted">
                  {labels.empty}
                </td>
              </tr>
            ) : null}
            {members.map((member) => {
              const state: DuplicateRowState = !member.duplicate
                ? 'unique'
                : isIncluded(member)
                  ? 'allowed'
                  : 'excluded';
              const excluded = state === 'excluded';
              const Text = excluded ? 's' : 'span';
              return (
                <tr
                  key={member.id}
                  data-slot="duplicate-review-row"
                  data-state={state}
                  className={duplicateReviewVariants({ state })}
                  onClick={
                    member.duplicate
                      ? (event) => {
                          // The button handles its own clicks; a text selection is not a click.
                          if ((event.target as HTMLElement).closest('button')) return;
                          if (window.getSelection()?.toString()) return;
                          onToggle(member.id);
                        }
                      : undefined
                  }
                >
                  <td className="px-4 py-2.5 align-middle break-words">
                    <Text data-slot="duplicate-review-name" className="font-medium">
                      {member.name}
                    </Text>
                    {excluded ? <span className="sr-only"> ({labels.excluded})</span> : null}
                  </td>
                  <td className="px-4 py-2.5 align-middle break-all">
                    <Text data-slot="duplicate-review-email">{member.email}</Text>
                  </td>
                  <td className="px-4 py-2.5 align-middle">
                    {member.duplicate ? (
                      <SeverityBadge
                        data-slot="duplicate-review-badge"
                        severity={excluded ? 'warning' : 'neutral'}
                      >
                        {labels.duplicate}
                      </SeverityBadge>
                    ) : null}
                  </td>
                  <td className="px-4 py-1.5 text-end align-middle">
                    {member.duplicate ? (
                      <Button
                        data-slot="duplicate-review-toggle"
                        variant={excluded ? 'secondary' : 'ghost'}
                        size="sm"
                        aria-label={
                          excluded ? labels.formatUndo(member) : labels.formatExclude(member)
                        }
                        onClick={() => onToggle(member.id)}
                      >
                        {excluded ? labels.undo : labels.exclude}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
