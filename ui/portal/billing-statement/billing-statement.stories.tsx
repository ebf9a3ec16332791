import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { BillingStatement } from './billing-statement';

/** 12 December 2026, 12:00 UTC: the same calendar day in every time zone from UTC-11 to UTC+11. */
const DEC_12_2026 = 1797076800;

const ACTIVE = { status: 'active', invoice: false, renewDate: DEC_12_2026, amountDue: 12000 };
const VISA = { network: 'visa', lastFour: '4242' };

const meta = {
  title: 'Billing/BillingStatement',
  component: BillingStatement,
  tags: ['autodocs'],
  args: { subscription: ACTIVE, card: VISA },
} satisfies Meta<typeof BillingStatement>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Amount in dollars with 2 decimals, the renew date, and the card read as 'ending in 4242'. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Amount due')).toBeVisible();
    await expect(canvas.getByText('$120.00')).toBeVisible();
    await expect(canvas.getByText('Renews on')).toBeVisible();
    await expect(canvas.getByText('December 12th, 2026')).toHaveAttribute(
      'datetime',
      '2026-12-12T12:00:00.000Z',
    );
    await expect(canvas.getByText('•••• 4242')).toHaveAttribute('aria-hidden', 'true');
    const card = canvasElement.querySelector('[data-slot="billing-statement-card"] dd')!;
    await expect(card).toHaveTextContent('Visa •••• 4242ending in 4242');
    await expect(canvas.getByText('ending in 4242')).toHaveClass('sr-only');
    await expect(canvas.queryByText('No payment scheduled')).toBeNull();
  },
};

/** During the trial the date is when the trial ends (and the first payment is taken). */
export const Trialing: Story = {
  args: {
    subscription: { ...ACTIVE, status: 'trialing', amountDue: 4900 },
    card: { network: 'mastercard', lastFour: '4444' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$49.00')).toBeVisible();
    await expect(canvas.getByText('Trial ends on')).toBeVisible();
    await expect(canvas.getByText('December 12th, 2026')).toBeVisible();
    await expect(canvas.getByText(/^Mastercard/)).toBeVisible();
  },
};

/** Past due: a warning badge next to the amount. */
export const PastDue: Story = {
  args: {
    subscription: { ...ACTIVE, status: 'past_due', amountDue: 123456 },
    card: { network: 'amex', lastFour: '0005' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$1,234.56')).toBeVisible();
    await expect(canvas.getByText('Past due')).toBeVisible();
    await expect(canvas.getByText(/^American Express/)).toBeVisible();
    await expect(canvas.getByText('ending in 0005')).toBeInTheDocument();
  },
};

export const Canceled: Story = {
  args: { subscription: { ...ACTIVE, status: 'canceled' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No payment scheduled')).toBeVisible();
    await expect(canvas.queryByText('$120.00')).toBeNull();
    await expect(canvas.queryByText('December 12th, 2026')).toBeNull();
    await expect(canvas.getByText('ending in 4242')).toBeInTheDocument();
  },
};

/** Billed by invoice with nothing due. */
export const CustomBilling: Story = {
  args: { subscription: { ...ACTIVE, status: 'active', invoice: true, amountDue: 0 }, card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your organization is set up for custom billing.')).toBeVisible();
    await expect(canvas.queryByText('$0.00')).toBeNull();
    await expect(canvas.getByText('No payment method on file')).toBeVisible();
  },
};

/** An invoice with an amount due still shows the amount. */
export const InvoiceWithAmountDue: Story = {
  args: { subscription: { ...ACTIVE, invoice: true, amountDue: 250000 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$2,500.00')).toBeVisible();
    await expect(canvas.queryByText('Your organization is set up for custom billing.')).toBeNull();
  },
};

export const NoCard: Story = {
  args: { card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No payment method on file')).toBeVisible();
    await expect(canvas.getByText('$120.00')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true, subscription: null, card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading payment details');
    await expect(canvasElement.querySelector('[data-slot="billing-statement"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByText('Payment method')).toBeNull();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: true, subscription: null, card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Unable to retrieve payment details. Please try again later.',
    );
    await expect(canvas.queryByText('Payment method')).toBeNull();
  },
};

/** No subscription at all. */
export const NoSubscription: Story = {
  args: { subscription: null, card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No payment scheduled')).toBeVisible();
    await expect(canvas.getByText('No payment method on file')).toBeVisible();
  },
};
