import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { WebhookDeliveryLog, type DeliveryLogEntry } from './webhook-delivery-log';

/** One delivery in each state (newest first). */
const deliveryRows: DeliveryLogEntry[] = [
  {
    id: 'msg_7d1c0e4b5a6f48e2b9c3d2e1f0a9b8c7',
    eventType: 'webhook.test',
    createdAt: '2026-11-24T04:12:05Z',
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastDurationMs: null,
    lastError: null,
    nextAttemptAt: null,
  },
  {
    id: 'msg_2f9e8d7c6b5a44e3a2b1c0d9e8f7a6b5',
    eventType: 'alert.updated',
    createdAt: '2026-11-24T04:10:41Z',
    status: 'retrying',
    attempts: 2,
    lastStatusCode: 503,
    lastDurationMs: 212,
    lastError: 'The webhook URL answered 503; it must answer 2xx.',
    nextAttemptAt: '2026-11-24T04:16:46Z',
  },
  {
    id: 'msg_5e4d3c2b1a0948f7b6a5c4d3e2f1a0b9',
    eventType: 'alert.updated',
    createdAt: '2026-11-24T04:10:41Z',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastDurationMs: 48,
    lastError: null,
    nextAttemptAt: null,
  },
  {
    id: 'msg_9a8b7c6d5e4f40a1b2c3d4e5f6a7b8c9',
    eventType: 'member.invited',
    createdAt: '2026-11-23T18:02:13Z',
    status: 'failed',
    attempts: 6,
    lastStatusCode: null,
    lastDurationMs: 10000,
    lastError: 'The webhook URL did not answer within 10 seconds.',
    nextAttemptAt: null,
  },
  {
    id: 'msg_1b2c3d4e5f6a47b8c9d0e1f2a3b4c5d6',
    eventType: 'device.unenrolled',
    createdAt: '2026-11-23T09:45:00Z',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 204,
    lastDurationMs: 35,
    lastError: null,
    nextAttemptAt: null,
  },
];

const meta = {
  title: 'Settings/WebhookDeliveryLog',
  component: WebhookDeliveryLog,
  tags: ['autodocs'],
  args: {
    deliveries: deliveryRows,
    canSendTest: true,
    onSendTest: fn(),
    onResend: fn(),
    onRetry: fn(),
  },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof WebhookDeliveryLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state: sending, retrying (with its next attempt), delivered, failed (with Resend). */
export const Deliveries: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(deliveryRows.length);
    await expect(within(rows[1]!).getByText('Retrying')).toBeVisible();
    await expect(within(rows[1]!).getByText('503 · 212 ms')).toBeVisible();
    // Only the failed delivery offers Resend.
    const resend = canvas.getAllByRole('button', { name: /^Resend / });
    expect(resend).toHaveLength(1);
    await userEvent.click(resend[0]!);
    await expect(args.onResend).toHaveBeenCalledWith(deliveryRows[3]!.id);
    await userEvent.click(canvas.getByRole('button', { name: 'Send test event' }));
    await expect(args.onSendTest).toHaveBeenCalled();
  },
};

export const Resending: Story = {
  args: { resendingId: deliveryRows[3]!.id, sendingTest: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /^Resend / })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Loading: Story = {
  args: { deliveries: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading deliveries');
  },
};

export const Empty: Story = {
  args: { deliveries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No events have been sent yet/)).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { deliveries: undefined, loadError: 'Failed to get the webhook delivery log.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to get the webhook delivery log.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** The endpoint answered 410 Gone: a notice, and no test event until the URL is saved again. */
export const EndpointDisabled: Story = {
  args: {
    canSendTest: false,
    disabledNotice:
      'Your webhook URL answered 410 Gone, so no events are sent to it. Save the URL again to turn deliveries back on.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/answered 410 Gone/)).toBeVisible();
    expect(canvas.queryByRole('button', { name: 'Send test event' })).toBeNull();
  },
};
