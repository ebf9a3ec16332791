import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { QuarantineBadge } from './quarantine-badge';

const meta = {
  title: 'Portal/QuarantineBadge',
  component: QuarantineBadge,
  tags: ['autodocs'],
  args: { reason: 'Pixel 8a: No screen lock' },
  argTypes: { layout: { control: 'inline-radio', options: ['stacked', 'inline'] } },
} satisfies Meta<typeof QuarantineBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Members page: the pill and the reason under it. */
export const Stacked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Quarantined')).toBeVisible();
    await expect(canvas.getByText('Pixel 8a: No screen lock')).toBeVisible();
  },
};

/** The dashboard's rows: the reason is the pill's title and is read out after it. */
export const Inline: Story = {
  args: { layout: 'inline', reason: 'iPhone 15: Open critical alert' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pill = canvas.getByTitle('iPhone 15: Open critical alert');
    await expect(pill).toHaveTextContent('Quarantined: iPhone 15: Open critical alert');
  },
};

/** Several devices and rules: the reason wraps, the pill stays on one line. */
export const LongReason: Story = {
  args: {
    reason:
      'iPhone 15: Open high alert; OS 17.7 outdated for more than three days (newest: 18.2); No scan for more than two weeks; No screen lock · Pixel 9: No screen lock',
  },
  decorators: [
    (Story) => (
      <div className="w-64">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No scan for more than two weeks/)).toBeVisible();
  },
};
