import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { SeverityBadge } from './severity-badge';

const meta = {
  title: 'UI/SeverityBadge',
  component: SeverityBadge,
  tags: ['autodocs'],
  args: { severity: 'critical' },
  argTypes: {
    severity: {
      control: 'select',
      options: ['critical', 'high', 'warning', 'suspicious', 'low', 'secure', 'neutral', 'unknown'],
    },
  },
} satisfies Meta<typeof SeverityBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Critical: Story = {
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Critical');
    await expect(badge).toHaveAttribute('data-severity', 'critical');
  },
};

/** The dashboard calls the warning severity 'Fixes needed'. */
export const FixesNeeded: Story = {
  args: { severity: 'warning', children: 'Fixes needed' },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Fixes needed');
    await expect(badge).toHaveAttribute('data-severity', 'warning');
  },
};

/** Every variant, as the dashboard and alerts console use them. */
export const AllSeverities: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-2">
      <SeverityBadge severity="critical" />
      <SeverityBadge severity="high" />
      <SeverityBadge severity="warning">Fixes needed</SeverityBadge>
      <SeverityBadge severity="suspicious" />
      <SeverityBadge severity="low" />
      <SeverityBadge severity="secure" />
      <SeverityBadge severity="neutral" label="Not scanned" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const [text, severity] of [
      ['Critical', 'critical'],
      ['High', 'high'],
      ['Fixes needed', 'warning'],
      ['Suspicious', 'suspicious'],
      ['Low', 'low'],
      ['Secure', 'secure'],
      ['Not scanned', 'neutral'],
    ] as const) {
      await expect(canvas.getByText(text)).toHaveAttribute('data-severity', severity);
    }
  },
};

/** Server values are matched case-insensitively ('CRITICAL' → critical). */
export const UpperCaseValue: Story = {
  args: { severity: 'CRITICAL' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Critical')).toHaveAttribute(
      'data-severity',
      'critical',
    );
  },
};

/** Anything unknown falls back to neutral, keeping the server's text when given. */
export const UnknownValue: Story = {
  args: { severity: 'quarantined', children: 'Quarantined' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Quarantined')).toHaveAttribute(
      'data-severity',
      'neutral',
    );
  },
};
