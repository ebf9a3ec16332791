import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { TrashIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';

export type QueuedMember = { id: string; name: string; email: string };

export const memberQueueVariants = cva('flex flex-col gap-2', {
  variants: {
    density: {
      comfortable: '[&_[data-slot=member-queue-item]]:py-3',
      compact: '[&_[data-slot=member-queue-item]]:py-1.5',
    },
  },
  defaultVariants: { density: 'comfortable' },
});

export type MemberQueueProps = Omit<React.ComponentProps<'section'>, 'title'> &
  VariantProps<typeof memberQueueVariants> & {
    members: QueuedMember[];
    onRemove: (id: string) => void;
    title?: React.ReactNode;
    /** Heading level of the title, to fit the page's outline. */
    headingLevel?: 2 | 3 | 4;
    emptyText?: React.ReactNode;
    /** Accessible name of an entry's delete button. */
    formatRemoveLabel?: (member: QueuedMember) => string;
  };

/**
 * The manual-entry queue ('Queued to add'): name and e-mail per entry, each with a delete button.
 * After a removal, focus moves to the next entry's delete button (or the previous one, or the
 * title when the queue is empty) so keyboard users are not dropped at the top of the page.
 */
export function MemberQueue({
  members,
  onRemove,
  title = 'Queued to add',
  headingLevel = 2,
  emptyText = 'No members queued yet.',
  formatRemoveLabel = (member) => `Remove ${member.name}`,
  density,
  className,
  ...props
}: MemberQueueProps) {
  const titleId = React.useId();
  const Heading = `h${headingLevel}` as const;
  const listRef = React.useRef<HTMLUListElement>(null);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const removedIndex = React.useRef<number | null>(null);

  React.useEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(
      '[data-slot="member-queue-remove"]',
    );
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
  }, [members]);

  return (
    <section
      data-slot="member-queue"
      aria-labelledby={titleId}
      className={cn(memberQueueVariants({ density }), className)}
      {...props}
    >
      <Heading
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        data-slot="member-queue-title"
        className="text-base font-semibold text-ink outline-none"
      >
        {title}
      </Heading>
      {members.length === 0 ? (
        <p data-slot="member-queue-empty" className="text-sm text-ink-muted">
          {emptyText}
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-labelledby={titleId}
          data-slot="member-queue-list"
          className="divide-y divide-surface-border rounded-card border border-surface-border bg-surface"
        >
          {members.map((member, index) => (
            <li
              key={member.id}
              data-slot="member-queue-item"
              className="flex items-center gap-3 px-4"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span
                  data-slot="member-queue-name"
                  className="text-sm font-medium break-words text-ink"
                >
                  {member.name}
                </span>
                <span data-slot="member-queue-email" className="text-sm break-all text-ink-muted">
                  {member.email}
                </span>
              </div>
              <button
                type="button"
                data-slot="member-queue-remove"
                aria-label={formatRemoveLabel(member)}
                onClick={() => {
                  removedIndex.current = index;
                  onRemove(member.id);
                }}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-danger-bg hover:text-danger-fg"
              >
                <TrashIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
