import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { EnrolmentStatus } from './enrolment-status';

const meta = {
  title: 'UI/EnrolmentStatus',
  component: EnrolmentStatus,
  tags: ['autodocs'],
  args: { enrolled: true },
} satisfies Meta<typeof EnrolmentStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Enrolled: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Enrolled');
    await expect(status).toHaveAttribute('data-state', 'enrolled');
    // The icon is decorative: the text carries the meaning.
    await expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const NotEnrolled: Story = {
  args: { enrolled: false },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Not Enrolled');
    await expect(status).toHaveAttribute('data-state', 'not-enrolled');
    await expect(status.querySelector('svg')).toBeInTheDocument();
  },
};
