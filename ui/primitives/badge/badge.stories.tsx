import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Badge, type BadgeTone } from './badge';

const TONES: BadgeTone[] = ['neutral', 'brand', 'success', 'info', 'warning', 'danger'];

/** The one status / tag pill: every status in Settings, the plan, deliveries and the audit log. */
const meta = {
  title: 'UI/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Active', tone: 'success' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every tone, with and without the status dot. */
export const Tones: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      {[false, true].map((dot) => (
        <div key={String(dot)} className="flex flex-wrap gap-2">
          {TONES.map((tone) => (
            <Badge key={tone} tone={tone} dot={dot}>
              {tone[0]!.toUpperCase() + tone.slice(1)}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badges = canvasElement.querySelectorAll('[data-slot="badge"]');
    await expect(badges).toHaveLength(TONES.length * 2);
    await expect(within(canvasElement).getAllByText('Warning')[0]).toHaveAttribute(
      'data-tone',
      'warning',
    );
  },
};
