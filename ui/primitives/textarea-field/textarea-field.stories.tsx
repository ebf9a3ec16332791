import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { COUNT_ANNOUNCE_DELAY_MS, TextareaField } from './textarea-field';

const meta = {
  title: 'UI/TextareaField',
  component: TextareaField,
  tags: ['autodocs'],
  args: { label: 'Email Body', name: 'body', maxLength: 3000, onChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof TextareaField>;

export default meta;
type Story = StoryObj<typeof meta>;

const liveRegion = (root: HTMLElement) =>
  root.querySelector<HTMLElement>('[data-slot="textarea-field-count-live"]')!;
const counter = (root: HTMLElement) =>
  root.querySelector<HTMLElement>('[data-slot="textarea-field-count"]')!;

/**
 * The visible counter follows every keystroke; the polite live region stays quiet while typing
 * and says the count once typing pauses.
 */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Email Body' });
    await expect(box).toHaveAttribute('maxlength', '3000');
    await expect(counter(canvasElement)).toHaveTextContent('0 / 3000');
    await expect(box).toHaveAccessibleDescription('0 / 3000');
    await expect(liveRegion(canvasElement)).toHaveAttribute('aria-live', 'polite');
    await expect(liveRegion(canvasElement)).toBeEmptyDOMElement();

    await userEvent.type(box, 'Hello team');
    await expect(counter(canvasElement)).toHaveTextContent('10 / 3000');
    await expect(args.onChange).toHaveBeenCalledTimes(10);
    // One element shows '{n} / 3000' (the live region words it differently).
    await expect(canvas.getAllByText(/\d+ \/ 3000/)).toHaveLength(1);
    // Not announced on each keystroke…
    await expect(liveRegion(canvasElement)).toBeEmptyDOMElement();
    // …but once typing pauses.
    await waitFor(
      () => expect(liveRegion(canvasElement)).toHaveTextContent('10 of 3000 characters'),
      {
        timeout: COUNT_ANNOUNCE_DELAY_MS * 3,
      },
    );
    await expect(canvas.getAllByText(/\d+ \/ 3000/)).toHaveLength(1);
  },
};

export const WithHint: Story = {
  args: { hint: 'Plain text; a few tags like <b> and <a href> are kept.' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Email Body' });
    await expect(box).toHaveAccessibleDescription(
      'Plain text; a few tags like <b> and <a href> are kept. 0 / 3000',
    );
  },
};

/** The error is tied to the textarea: aria-invalid plus aria-describedby (hint, count, error). */
export const WithError: Story = {
  args: {
    defaultValue: 'Hi',
    hint: 'Shown to members in the enrollment email.',
    error: 'Failed to update saved email template.',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Email Body' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(
      'Shown to members in the enrollment email. 2 / 3000 Failed to update saved email template.',
    );
  },
};

/** At the limit the browser stops further input; the counter reads 3000 / 3000. */
export const AtLimit: Story = {
  args: { defaultValue: 'x'.repeat(3000) },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Email Body' });
    await expect(counter(canvasElement)).toHaveTextContent('3000 / 3000');
    await userEvent.type(box, 'more');
    await expect(box).toHaveValue('x'.repeat(3000));
    await expect(counter(canvasElement)).toHaveTextContent('3000 / 3000');
  },
};

/** A pre-filled value longer than the limit (maxLength only stops typing): counter and field warn. */
export const OverLimit: Story = {
  args: {
    label: 'Notes',
    maxLength: 20,
    defaultValue: 'This text is longer than twenty characters.',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Notes' });
    await expect(counter(canvasElement)).toHaveTextContent('43 / 20');
    await expect(counter(canvasElement)).toHaveAttribute('data-over', 'true');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Controlled: the counter follows `value`. */
export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = React.useState('Welcome aboard');
    return (
      <>
        <TextareaField {...args} value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="button" className="mt-2 text-sm underline" onClick={() => setValue('')}>
          Clear
        </button>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(counter(canvasElement)).toHaveTextContent('14 / 3000');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.getByRole('textbox', { name: 'Email Body' })).toHaveValue('');
    await expect(counter(canvasElement)).toHaveTextContent('0 / 3000');
  },
};

export const NoCounter: Story = {
  args: { label: 'Comment', maxLength: undefined },
  play: async ({ canvasElement }) => {
    await expect(counter(canvasElement)).toBeNull();
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Comment' }),
    ).not.toHaveAttribute('aria-describedby');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked while saving' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email Body' })).toBeDisabled();
  },
};
