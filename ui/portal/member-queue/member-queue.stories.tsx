import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { MemberQueue, type QueuedMember } from './member-queue';

const FEW: QueuedMember[] = [
  { id: '0', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: '1', name: 'Grace Hopper', email: 'grace@example.com' },
  { id: '2', name: 'Alan Turing', email: 'alan@example.com' },
];

const LONG: QueuedMember[] = [
  {
    id: '0',
    name: 'Maria Anna Walburga Ignatia Mozart-Berchtold zu Sonnenburg von Salzburg',
    email:
      'maria.anna.walburga.ignatia.mozart-berchtold.zu.sonnenburg@subsidiary.example-organisation.com',
  },
  { id: '1', name: 'Bo', email: 'bo@x.io' },
];

/** Holds the queue like the manual-entry screen does. */
function StatefulQueue(props: React.ComponentProps<typeof MemberQueue>) {
  const [members, setMembers] = React.useState(props.members);
  return (
    <MemberQueue
      {...props}
      members={members}
      onRemove={(id) => {
        setMembers((current) => current.filter((m) => m.id !== id));
        props.onRemove(id);
      }}
    />
  );
}

const meta = {
  title: 'UI/MemberQueue',
  component: MemberQueue,
  tags: ['autodocs'],
  render: (args) => <StatefulQueue {...args} />,
  args: { members: FEW, onRemove: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof MemberQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing queued yet. */
export const Empty: Story = {
  args: { members: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Queued to add' })).toBeInTheDocument();
    await expect(canvas.getByText('No members queued yet.')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/** Three entries; removing one reports its id and moves focus to the next delete button. */
export const Few: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Queued to add' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    await userEvent.click(canvas.getByRole('button', { name: 'Remove Grace Hopper' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
    await expect(args.onRemove).toHaveBeenCalledWith('1');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByText('Grace Hopper')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Remove Alan Turing' })).toHaveFocus();

    // Keyboard: Enter on the focused delete button.
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenLastCalledWith('2');
    await expect(canvas.getByRole('button', { name: 'Remove Ada Lovelace' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByText('No members queued yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Queued to add' })).toHaveFocus();
  },
};

/** Long names and e-mails wrap inside the entry instead of overflowing. */
export const LongContent: Story = {
  args: { members: LONG },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Queued to add' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth + 1);
  },
};

/** A different title and heading level. */
export const CustomTitle: Story = {
  args: { title: 'Members to add', headingLevel: 3, members: FEW.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 3, name: 'Members to add' }),
    ).toBeInTheDocument();
  },
};
