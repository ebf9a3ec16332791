import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { TestCardField } from './card-field';
import { CARD_ERRORS } from './card-validation';

/** A fixed clock (15 June 2026) so expiry checks do not depend on the day the tests run. */
const NOW = new Date(2026, 5, 15, 12);

const meta = {
  title: 'Billing/TestCardField',
  component: TestCardField,
  tags: ['autodocs'],
  args: { onChange: fn(), now: NOW },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof TestCardField>;

export default meta;
type Story = StoryObj<typeof meta>;

const parts = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    canvas,
    group: canvas.getByRole('group', { name: 'Card details' }),
    number: canvas.getByRole('textbox', { name: 'Card number' }),
    expiry: canvas.getByRole('textbox', { name: 'Expiration date (MM / YY)' }),
    cvc: canvas.getByRole('textbox', { name: 'CVC' }),
    alert: canvas.getByRole('alert'),
  };
};

/** Three labelled inputs in one group named 'Card details'; nothing reported before typing. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const { group, number, expiry, cvc, alert } = parts(canvasElement);
    await expect(within(group).getAllByRole('textbox')).toHaveLength(3);
    await expect(number).toHaveAttribute('placeholder', '1234 1234 1234 1234');
    await expect(expiry).toHaveAttribute('placeholder', 'MM / YY');
    await expect(cvc).toHaveAttribute('placeholder', 'CVC');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await expect(alert).toHaveTextContent('');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/**
 * Typing formats the number in groups of 4 and moves on when each input is complete; the last
 * report is complete with the card's details.
 */
export const TypeACompleteCard: Story = {
  play: async ({ args, canvasElement }) => {
    const { canvas, number, expiry, cvc } = parts(canvasElement);
    await userEvent.type(number, '4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(canvas.getByText('Visa')).toBeVisible();
    await expect(expiry).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ empty: false, complete: false, brand: 'visa', error: undefined }),
    );

    await userEvent.type(expiry, '1234');
    await expect(expiry).toHaveValue('12 / 34');
    await expect(cvc).toHaveFocus();

    await userEvent.type(cvc, '1234');
    await expect(cvc).toHaveValue('123');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      empty: false,
      complete: true,
      error: undefined,
      brand: 'visa',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    await expect(canvasElement.querySelector('[data-slot="card-field"]')).toHaveAttribute(
      'data-state',
      'complete',
    );
  },
};

/** American Express: 4-6-5 groups and a 4-digit CVC. */
export const Amex: Story = {
  play: async ({ args, canvasElement }) => {
    const { canvas, number, expiry, cvc } = parts(canvasElement);
    await userEvent.type(number, '378282246310005');
    await expect(number).toHaveValue('3782 822463 10005');
    await expect(canvas.getByText('American Express')).toBeVisible();
    await userEvent.type(expiry, '0130');
    await userEvent.type(cvc, '12345');
    await expect(cvc).toHaveValue('1234');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        complete: true,
        brand: 'amex',
        card: { number: '378282246310005', expMonth: 1, expYear: 2030, cvc: '1234' },
      }),
    );
  },
};

/** Like Stripe, an incomplete number is not an error while typing, only once the user leaves it. */
export const IncompleteNumber: Story = {
  play: async ({ args, canvasElement }) => {
    const { number, alert } = parts(canvasElement);
    await userEvent.type(number, '4242 4242');
    await expect(number).toHaveValue('4242 4242');
    await expect(alert).toHaveTextContent('');
    await expect(number).not.toHaveAttribute('aria-invalid');

    await userEvent.tab();
    await expect(alert).toHaveTextContent(CARD_ERRORS.numberIncomplete);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(CARD_ERRORS.numberIncomplete);
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ complete: false, error: CARD_ERRORS.numberIncomplete }),
    );

    // Back in the number: the incomplete error goes away while the user fixes it.
    await userEvent.click(number);
    await expect(alert).toHaveTextContent('');
  },
};

/** A full number that fails the Luhn check is invalid at once, while the input still has focus. */
export const InvalidNumber: Story = {
  play: async ({ args, canvasElement }) => {
    const { number, alert } = parts(canvasElement);
    await userEvent.type(number, '4242424242424241');
    await expect(number).toHaveFocus();
    await expect(alert).toHaveTextContent(CARD_ERRORS.numberInvalid);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ complete: false, error: CARD_ERRORS.numberInvalid }),
    );
  },
};

export const IncompleteExpiry: Story = {
  args: { defaultValue: { number: '4242424242424242' } },
  play: async ({ canvasElement }) => {
    const { expiry, alert } = parts(canvasElement);
    await userEvent.type(expiry, '12');
    await expect(alert).toHaveTextContent('');
    await userEvent.tab();
    await expect(alert).toHaveTextContent(CARD_ERRORS.expiryIncomplete);
    await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A past year (the clock says June 2026) is reported as soon as the year is typed. */
export const ExpiredYear: Story = {
  args: { defaultValue: { number: '4242424242424242' } },
  play: async ({ canvasElement }) => {
    const { expiry, alert } = parts(canvasElement);
    await userEvent.type(expiry, '1225');
    await expect(expiry).toHaveValue('12 / 25');
    await expect(alert).toHaveTextContent(CARD_ERRORS.expiryYearPast);
    await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Month 13 does not exist; '4' alone becomes '04'. */
export const InvalidMonth: Story = {
  args: { defaultValue: { number: '4242424242424242' } },
  play: async ({ canvasElement }) => {
    const { expiry, alert } = parts(canvasElement);
    await userEvent.type(expiry, '13');
    await expect(alert).toHaveTextContent(CARD_ERRORS.expiryMonthInvalid);
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '4');
    await expect(expiry).toHaveValue('04');
    await expect(alert).toHaveTextContent('');
  },
};

export const IncompleteCvc: Story = {
  args: { defaultValue: { number: '4242424242424242', expiry: '1234' } },
  play: async ({ args, canvasElement }) => {
    const { cvc, alert } = parts(canvasElement);
    await userEvent.type(cvc, '12');
    await userEvent.tab();
    await expect(alert).toHaveTextContent(CARD_ERRORS.cvcIncomplete);
    await expect(cvc).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ complete: false, error: CARD_ERRORS.cvcIncomplete }),
    );
  },
};

/** Prefilled (e.g. a story or a retry): formatted as if typed. */
export const Complete: Story = {
  args: { defaultValue: { number: '5555555555554444', expiry: '0828', cvc: '321' } },
  play: async ({ canvasElement }) => {
    const { canvas, number, expiry, cvc } = parts(canvasElement);
    await expect(number).toHaveValue('5555 5555 5555 4444');
    await expect(expiry).toHaveValue('08 / 28');
    await expect(cvc).toHaveValue('321');
    await expect(canvas.getByText('Mastercard')).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="card-field"]')).toHaveAttribute(
        'data-state',
        'complete',
      ),
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: { number: '4242424242424242' } },
  play: async ({ args, canvasElement }) => {
    const { number, expiry, cvc } = parts(canvasElement);
    for (const input of [number, expiry, cvc]) await expect(input).toBeDisabled();
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await userEvent.click(expiry, { pointerEventsCheck: 0 });
    await expect(expiry).not.toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The group label for screen readers only, e.g. when a heading above already says it. */
export const HiddenLabel: Story = {
  args: { hideLabel: true, label: 'Payment card' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Payment card' });
    await expect(group).toBeVisible();
    const label = within(canvasElement).getByText('Payment card');
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/**
 * A phone-wide form (under 24rem): the number has the first line to itself, so the whole number
 * shows; brand, expiry and CVC share the second line.
 */
export const Narrow: Story = {
  decorators: [(Story) => <div className="w-72">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const { number, expiry } = parts(canvasElement);
    await userEvent.type(number, '4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(number.scrollWidth).toBeLessThanOrEqual(number.clientWidth);
    await expect(expiry.getBoundingClientRect().top).toBeGreaterThan(
      number.getBoundingClientRect().top,
    );
  },
};
