import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DuplicateReview, type DuplicateReviewProps } from './duplicate-review';
import { reviewCounts, type ReviewMember } from './review-counts';

const m = (id: string, name: string, email: string, duplicate = false, allowedDupe = false) => ({
  id,
  name,
  email,
  duplicate,
  allowedDupe,
});

const UNIQUE: ReviewMember[] = [
  m('0', 'Ada Lovelace', 'ada@example.com'),
  m('1', 'Grace Hopper', 'grace@example.com'),
  m('2', 'Alan Turing', 'alan@example.com'),
];

const WITH_DUPLICATES: ReviewMember[] = [
  m('0', 'Ada Lovelace', 'ada@example.com'),
  m('1', 'Grace Hopper', 'grace@example.com', true),
  m('2', 'Alan Turing', 'alan@example.com'),
  m('3', 'Ada L.', 'ADA@example.com', true),
  m('4', 'Edsger Dijkstra', 'edsger@example.com', true),
];

const allowed = (members: ReviewMember[], ids: string[]) =>
  members.map((member) => (ids.includes(member.id) ? { ...member, allowedDupe: true } : member));

const MANY: ReviewMember[] = Array.from({ length: 60 }, (_, i) =>
  m(String(i), `Member ${i + 1}`, `member${i + 1}@example.com`, i % 7 === 3),
);

/** The screen's summary line, from the same counts the 'Send Invitations' button uses. */
const summaryOf = (members: ReviewMember[]) => {
  const { included, excluded } = reviewCounts(members);
  return `${included} ${included === 1 ? 'invitation' : 'invitations'} will be sent; ${excluded} ${
    excluded === 1 ? 'duplicate' : 'duplicates'
  } excluded.`;
};

/** Holds the rows like the confirmation screen does. */
function StatefulReview(props: DuplicateReviewProps) {
  const [members, setMembers] = React.useState(props.members);
  return (
    <DuplicateReview
      {...props}
      members={members}
      summary={summaryOf(members)}
      onToggle={(id) => {
        setMembers((rows) =>
          rows.map((row) => (row.id === id ? { ...row, allowedDupe: !row.allowedDupe } : row)),
        );
        props.onToggle(id);
      }}
      onUndoAll={() => {
        setMembers((rows) =>
          rows.map((row) => (row.duplicate ? { ...row, allowedDupe: true } : row)),
        );
        props.onUndoAll();
      }}
    />
  );
}

const meta = {
  title: 'UI/DuplicateReview',
  component: DuplicateReview,
  tags: ['autodocs'],
  render: (args) => <StatefulReview {...args} />,
  args: { members: WITH_DUPLICATES, onToggle: fn(), onUndoAll: fn() },
} satisfies Meta<typeof DuplicateReview>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Members to invite' });
const rowOf = (canvasElement: HTMLElement, name: string) =>
  within(table(canvasElement))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name))!;

/** No duplicates: plain rows, no buttons, no 'Undo all'. */
export const NoDuplicates: Story = {
  args: { members: UNIQUE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'Names' })).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    await expect(within(table(canvasElement)).getAllByRole('row')).toHaveLength(4);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(
      canvas.getByText('3 invitations will be sent; 0 duplicates excluded.'),
    ).toBeVisible();
  },
};

/** Three duplicates excluded: struck through, 'excluded' for screen readers; Undo re-allows one. */
export const SomeExcluded: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grace = rowOf(canvasElement, 'Grace Hopper');
    await expect(grace).toHaveAttribute('data-state', 'excluded');
    await expect(
      within(grace).getByRole('cell', { name: 'Grace Hopper (excluded)' }),
    ).toBeVisible();
    await expect(grace.querySelector('s')).toHaveTextContent('Grace Hopper');
    await expect(within(grace).getByText('Duplicate')).toBeVisible();

    const undo = canvas.getByRole('button', { name: 'Undo Grace Hopper' });
    await expect(undo).toHaveTextContent('Undo');
    await userEvent.click(undo);
    await expect(args.onToggle).toHaveBeenCalledOnce();
    await expect(args.onToggle).toHaveBeenCalledWith('1');
    await expect(grace).toHaveAttribute('data-state', 'allowed');
    await expect(grace.querySelector('s')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Exclude Grace Hopper' })).toBeVisible();
    await expect(
      canvas.getByText('3 invitations will be sent; 2 duplicates excluded.'),
    ).toBeVisible();
  },
};

/** 'Undo all' re-allows every duplicate, then disables itself. */
export const UndoAll: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Undo all' }));
    await expect(args.onUndoAll).toHaveBeenCalledOnce();
    const states = within(table(canvasElement))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-state'));
    await expect(states).toEqual(['unique', 'allowed', 'unique', 'allowed', 'allowed']);
    await expect(canvasElement.querySelectorAll('s')).toHaveLength(0);
    await expect(canvas.queryByRole('button', { name: /^Undo (?!all$)/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Undo all' })).toBeDisabled();
    await expect(
      canvas.getByText('5 invitations will be sent; 0 duplicates excluded.'),
    ).toBeVisible();
  },
};

/** Some duplicates re-allowed; clicking a re-allowed row excludes it again, clicking again re-allows. */
export const SomeAllowed: Story = {
  args: { members: allowed(WITH_DUPLICATES, ['3']) },
  play: async ({ args, canvasElement }) => {
    const row = rowOf(canvasElement, 'Ada L.');
    await expect(row).toHaveAttribute('data-state', 'allowed');
    await userEvent.click(within(row).getByText('ADA@example.com'));
    await expect(args.onToggle).toHaveBeenLastCalledWith('3');
    await expect(row).toHaveAttribute('data-state', 'excluded');
    await userEvent.click(within(row).getByText('Ada L.'));
    await expect(row).toHaveAttribute('data-state', 'allowed');
    await expect(args.onToggle).toHaveBeenCalledTimes(2);

    // Plain rows ignore clicks.
    await userEvent.click(within(rowOf(canvasElement, 'Alan Turing')).getByText('Alan Turing'));
    await expect(args.onToggle).toHaveBeenCalledTimes(2);
  },
};

/** Keyboard: Tab to a row's button, Enter excludes, Space re-allows; focus stays on the button. */
export const KeyboardToggle: Story = {
  args: { members: allowed(WITH_DUPLICATES, ['1']) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab(); // Undo all
    await expect(canvas.getByRole('button', { name: 'Undo all' })).toHaveFocus();
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Exclude Grace Hopper' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onToggle).toHaveBeenLastCalledWith('1');
    await expect(rowOf(canvasElement, 'Grace Hopper')).toHaveAttribute('data-state', 'excluded');
    await expect(toggle).toHaveAccessibleName('Undo Grace Hopper');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(rowOf(canvasElement, 'Grace Hopper')).toHaveAttribute('data-state', 'allowed');
    await expect(args.onToggle).toHaveBeenCalledTimes(2);
  },
};

/** Every duplicate re-allowed: nothing struck through, 'Undo all' disabled. */
export const AllAllowed: Story = {
  args: { members: allowed(WITH_DUPLICATES, ['1', '3', '4']) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('s')).toHaveLength(0);
    await expect(within(canvasElement).getByRole('button', { name: 'Undo all' })).toBeDisabled();
  },
};

/** Sixty rows scroll inside a keyboard-focusable region; the header stays. */
export const ManyRows: Story = {
  args: { members: MANY, maxHeight: 320 },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Members to invite' });
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await expect(region).toHaveAttribute('tabindex', '0');
  },
};

/** Nothing to review. */
export const Empty: Story = {
  args: { members: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No members to review.')).toBeVisible();
  },
};
