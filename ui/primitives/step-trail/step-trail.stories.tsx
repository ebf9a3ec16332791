import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { StepTrail } from './step-trail';

const CSV_STEPS = ['1. Upload CSV', '2. Send Invitations'];
const SSO_STEPS = ['SSO Settings', 'Select Groups', 'Send Invitations'];
const MANUAL_STEPS = ['Enter Members', 'Send Invitations'];

const meta = {
  title: 'UI/StepTrail',
  component: StepTrail,
  tags: ['autodocs'],
  args: { steps: CSV_STEPS, current: 0 },
} satisfies Meta<typeof StepTrail>;

export default meta;
type Story = StoryObj<typeof meta>;

const steps = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');

/** CSV upload, first step: nothing completed yet. */
export const CsvUpload: Story = {
  play: async ({ canvasElement }) => {
    const items = steps(canvasElement);
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(items[0]).toHaveTextContent('1. Upload CSV');
    await expect(items[1]).not.toHaveAttribute('aria-current');
    await expect(within(canvasElement).queryByText(/completed/)).not.toBeInTheDocument();
  },
};

/** CSV flow on its confirmation screen: the upload step reads as completed. */
export const CsvSendInvitations: Story = {
  args: { current: 1 },
  play: async ({ canvasElement }) => {
    const items = steps(canvasElement);
    await expect(items[0]).toHaveTextContent('1. Upload CSV (completed)');
    await expect(items[0]).toHaveAttribute('data-state', 'complete');
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
  },
};

/** SSO flow on 'Send Invitations': two completed steps. */
export const Sso: Story = {
  args: { steps: SSO_STEPS, current: 2 },
  play: async ({ canvasElement }) => {
    const items = steps(canvasElement);
    await expect(items.map((i) => i.getAttribute('data-state'))).toEqual([
      'complete',
      'complete',
      'current',
    ]);
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
  },
};

/** SSO flow while selecting groups. */
export const SsoSelectGroups: Story = {
  args: { steps: SSO_STEPS, current: 1 },
};

/** Manual entry flow on its confirmation screen. */
export const Manual: Story = {
  args: { steps: MANUAL_STEPS, current: 1 },
};

/** A custom name for the list. */
export const CustomLabel: Story = {
  args: { steps: MANUAL_STEPS, current: 0, 'aria-label': 'Add members progress' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('list', { name: 'Add members progress' }),
    ).toBeInTheDocument();
  },
};
