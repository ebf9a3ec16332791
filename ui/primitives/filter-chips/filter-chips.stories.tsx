import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { FilterChips } from './filter-chips';

const meta = {
  title: 'UI/FilterChips',
  component: FilterChips,
  tags: ['autodocs'],
  args: {
    chips: [
      { id: 'enrolled', label: 'Enrolment: Not Enrolled' },
      { id: 'severity:critical', label: 'Severity: Critical' },
    ],
    onRemove: fn(),
    onClear: fn(),
  },
} satisfies Meta<typeof FilterChips>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each chip removes its filter; 'Clear all filters' removes them all. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Active filters' });
    await userEvent.click(
      within(group).getByRole('button', { name: 'Remove filter Severity: Critical' }),
    );
    await expect(args.onRemove).toHaveBeenCalledWith('severity:critical');
    await userEvent.click(within(group).getByRole('button', { name: 'Clear all filters' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
  },
};

/** One chip: removing it is already one click, so there is no 'Clear all filters'. */
export const OneFilter: Story = {
  args: { chips: [{ id: 'severity:warning', label: 'Severity: Fixes needed' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('button', { name: 'Remove filter Severity: Fixes needed' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Clear all filters' })).not.toBeInTheDocument();
  },
};

/** No filter in force: nothing at all. */
export const None: Story = {
  args: { chips: [] },
  parameters: { visual: { disable: true, reason: 'renders nothing' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('group')).not.toBeInTheDocument();
  },
};
