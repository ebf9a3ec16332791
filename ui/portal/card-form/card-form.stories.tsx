import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { TestCardField, type TestCardFieldState } from '../card-field/card-field';
import { CARD_ERRORS } from '../card-field/card-validation';
import { CardForm } from './card-form';

/** A fixed clock (15 June 2026) for the test card field's expiry check. */
const NOW = new Date(2026, 5, 15, 12);
const COMPLETE_CARD = { number: '4242424242424242', expiry: '1234', cvc: '123' };

const meta = {
  title: 'Billing/CardForm',
  component: CardForm,
  tags: ['autodocs'],
  args: {
    cardField: <TestCardField now={NOW} />,
    cardState: { complete: false },
    onSubmit: fn(),
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CardForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    canvas,
    name: canvas.getByRole('textbox', { name: 'Name on card' }),
    card: canvas.getByRole('group', { name: 'Card details' }),
    number: canvas.getByRole('textbox', { name: 'Card number' }),
    submit: (name = 'Save Billing') => canvas.getByRole('button', { name }),
  };
};

/** Nothing filled: 'Save Billing' is disabled; a name of spaces does not count. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const { name, card, submit } = form(canvasElement);
    await expect(name).toBeRequired();
    await expect(name).toHaveAttribute('autocomplete', 'cc-name');
    await expect(within(card).getAllByRole('textbox')).toHaveLength(3);
    await expect(submit()).toBeDisabled();
    await userEvent.type(name, '   ');
    await expect(submit()).toBeDisabled();
    await userEvent.click(submit(), { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameFilledCardIncomplete: Story = {
  args: {
    defaultNameOnCard: 'Ada Lovelace',
    cardField: <TestCardField now={NOW} defaultValue={{ number: '4242 4242' }} />,
    cardState: { complete: false },
  },
  play: async ({ canvasElement }) => {
    const { name, submit } = form(canvasElement);
    await expect(name).toHaveValue('Ada Lovelace');
    await expect(submit()).toBeDisabled();
  },
};

/** Name and a complete card: the submit is enabled and sends the trimmed name. */
export const Complete: Story = {
  args: {
    defaultNameOnCard: '  Ada Lovelace ',
    cardField: <TestCardField now={NOW} defaultValue={COMPLETE_CARD} />,
    cardState: { complete: true },
  },
  play: async ({ args, canvasElement }) => {
    const { submit } = form(canvasElement);
    await expect(submit()).toBeEnabled();
    await userEvent.click(submit());
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ nameOnCard: 'Ada Lovelace' });
  },
};

/** The card field's error shows under it (role="alert") and describes the group and the input. */
export const CardError: Story = {
  args: {
    defaultNameOnCard: 'Ada Lovelace',
    cardField: (
      <TestCardField now={NOW} defaultValue={{ ...COMPLETE_CARD, number: '4242424242424241' }} />
    ),
    cardState: { complete: false, error: CARD_ERRORS.numberInvalid },
  },
  play: async ({ canvasElement }) => {
    const { canvas, card, number, submit } = form(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(CARD_ERRORS.numberInvalid);
    await expect(card).toHaveAccessibleDescription(CARD_ERRORS.numberInvalid);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(CARD_ERRORS.numberInvalid);
    await expect(submit()).toBeDisabled();
  },
};

/** Saving: 'Saving...', and the name and card inputs are disabled. */
export const Busy: Story = {
  args: {
    busy: true,
    defaultNameOnCard: 'Ada Lovelace',
    cardField: <TestCardField now={NOW} defaultValue={COMPLETE_CARD} />,
    cardState: { complete: true },
  },
  play: async ({ args, canvasElement }) => {
    const { canvas, name, number } = form(canvasElement);
    const button = canvas.getByRole('button', { name: 'Saving...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(name).toBeDisabled();
    await expect(number).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A failed save (e.g. a declined card) in an error banner above the fields. */
export const WithFormError: Story = {
  args: {
    defaultNameOnCard: 'Ada Lovelace',
    cardField: <TestCardField now={NOW} defaultValue={COMPLETE_CARD} />,
    cardState: { complete: true },
    formError: 'Unable to update default payment method. Try again with another card',
  },
  play: async ({ canvasElement }) => {
    const { canvas, submit } = form(canvasElement);
    const alerts = canvas.getAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent(
      'Unable to update default payment method. Try again with another card',
    );
    await expect(submit()).toBeEnabled();
  },
};

/** The welcome screen's trial form. */
export const BeginTrial: Story = {
  args: {
    submitLabel: 'Begin Trial',
    defaultNameOnCard: 'Ada Lovelace',
    cardField: <TestCardField now={NOW} defaultValue={COMPLETE_CARD} />,
    cardState: { complete: true },
  },
  play: async ({ args, canvasElement }) => {
    const { canvas, submit } = form(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Save Billing' })).toBeNull();
    await userEvent.click(submit('Begin Trial'));
    await expect(args.onSubmit).toHaveBeenCalledWith({ nameOnCard: 'Ada Lovelace' });
  },
};

export const Disabled: Story = {
  args: {
    disabled: true,
    defaultNameOnCard: 'Ada Lovelace',
    cardField: <TestCardField now={NOW} defaultValue={COMPLETE_CARD} />,
    cardState: { complete: true },
  },
  play: async ({ canvasElement }) => {
    const { name, number, submit } = form(canvasElement);
    await expect(name).toBeDisabled();
    await expect(number).toBeDisabled();
    await expect(submit()).toBeDisabled();
  },
};

/**
 * The real wiring: TestCardField reports to the form through `onChange`. Typing the name and
 * 4242 4242 4242 4242 / 12 / 34 / 123 enables 'Save Billing'; submitting sends the name.
 */
export const WithTestCardField: Story = {
  render: function Render(args) {
    const [cardState, setCardState] = React.useState<TestCardFieldState>({
      empty: true,
      complete: false,
      brand: 'unknown',
    });
    return (
      <CardForm
        {...args}
        cardState={cardState}
        cardField={<TestCardField now={NOW} onChange={setCardState} />}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const { canvas, name, number, submit } = form(canvasElement);
    const expiry = canvas.getByRole('textbox', { name: 'Expiration date (MM / YY)' });
    const cvc = canvas.getByRole('textbox', { name: 'CVC' });

    await userEvent.type(name, 'Ada Lovelace');
    await expect(submit()).toBeDisabled();

    // An incomplete number shows its error under the field once the user moves on.
    await userEvent.type(number, '4242');
    await userEvent.click(expiry);
    await expect(canvas.getByRole('alert')).toHaveTextContent(CARD_ERRORS.numberIncomplete);
    await expect(number).toHaveAccessibleDescription(CARD_ERRORS.numberIncomplete);

    await userEvent.click(number);
    await userEvent.type(number, '4242 4242 4242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(canvas.getByRole('alert')).toHaveTextContent('');
    await userEvent.type(expiry, '12 / 34');
    await expect(expiry).toHaveValue('12 / 34');
    await expect(submit()).toBeDisabled();
    await userEvent.type(cvc, '123');

    await expect(submit()).toBeEnabled();
    await userEvent.click(submit());
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ nameOnCard: 'Ada Lovelace' });
  },
};
