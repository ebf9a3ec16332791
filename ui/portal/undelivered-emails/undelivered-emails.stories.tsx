import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { UndeliveredEmails, type UndeliveredEmailEntry } from './undelivered-emails';

/** One undelivered e-mail of each kind (newest first); invitations offer Resend. */
const emailRows: UndeliveredEmailEntry[] = [
  {
    id: '4182',
    kind: 'member-invitation',
    to: 'mia.member@example.com',
    failedAt: '2026-11-24T04:12:05Z',
    attempts: 1,
    reason: 'SMTP 550 (permanent)',
    canResend: true,
  },
  {
    id: '4177',
    kind: 'admin-invitation',
    to: 'ada.admin@example.com',
    failedAt: '2026-11-23T22:40:10Z',
    attempts: 6,
    reason: 'SMTP not reached: ETIMEDOUT (temporary)',
    canResend: true,
  },
  {
    id: '4150',
    kind: 'password-reset',
    to: 'sam.owner@example.com',
    failedAt: '2026-11-23T09:45:00Z',
    attempts: 6,
    reason: 'SMTP 451 (temporary)',
    canResend: false,
  },
  {
    id: '4098',
    kind: 'threat-hunter-invitation',
    to: 'a.very.long.recipient.address.for.the.threat.hunting.team@subsidiary.example.com',
    failedAt: '2026-11-20T15:03:27Z',
    attempts: 1,
    reason: 'SMTP 553 EENVELOPE (permanent)',
    canResend: false,
  },
];

const meta = {
  title: 'Settings/UndeliveredEmails',
  component: UndeliveredEmails,
  tags: ['autodocs'],
  args: { emails: emailRows, onResend: fn(), onRetry: fn() },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof UndeliveredEmails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind; Resend only on the two invitations; a long address is cut, whole in its title. */
export const Emails: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(emailRows.length);
    await expect(within(rows[0]!).getByText('Enrollment invitation')).toBeVisible();
    await expect(within(rows[2]!).getByText('SMTP 451 (temporary)')).toBeVisible();
    const resend = canvas.getAllByRole('button', { name: /^Resend / });
    expect(resend).toHaveLength(2);
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Resend administrator invitation to ada.admin@example.com',
      }),
    );
    await expect(args.onResend).toHaveBeenCalledWith('4177');
  },
};

/** One being sent again: its button is busy, the other waits. */
export const Resending: Story = {
  args: { resendingId: '4182' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = canvas.getAllByRole('button', { name: /^Resend / });
    await expect(first).toHaveAttribute('aria-busy', 'true');
    await expect(second).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { emails: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Loading undelivered e-mails',
    );
  },
};

export const Empty: Story = {
  args: { emails: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Every e-mail has been delivered.')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { emails: undefined, loadError: 'Failed to get the undelivered e-mails.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to get the undelivered e-mails.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
