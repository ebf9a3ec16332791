import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { SelectField } from './select-field';

const ACTIONS = [
  { value: 'Closed', label: 'Set status to Closed' },
  { value: 'Open', label: 'Set status to Open' },
];

const meta = {
  title: 'UI/SelectField',
  component: SelectField,
  tags: ['autodocs'],
  args: { label: 'ACTION', options: ACTIONS, placeholder: 'Select option', onChange: fn() },
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choosing an option reports it; the placeholder cannot be chosen again. */
export const Default: Story = {
  render: function Render(args) {
    const [value, setValue] = React.useState('');
    return (
      <SelectField
        {...args}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          args.onChange?.(e);
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'ACTION' });
    await expect(select).toHaveDisplayValue('Select option');
    await userEvent.selectOptions(select, 'Set status to Closed');
    await expect(args.onChange).toHaveBeenCalled();
    await expect(select).toHaveDisplayValue('Set status to Closed');
  },
};

/** Disabled until something is selected elsewhere, saying why in its placeholder. */
export const Disabled: Story = {
  args: { disabled: true, placeholder: 'Select alert to enable options', value: '' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'ACTION' });
    await expect(select).toBeDisabled();
    await expect(select).toHaveDisplayValue('Select alert to enable options');
  },
};

export const Inline: Story = {
  args: {
    inline: true,
    label: 'Rows',
    options: [20, 30, 40].map((n) => ({ value: String(n), label: String(n) })),
    placeholder: undefined,
    defaultValue: '30',
  },
};

export const Small: Story = { args: { size: 'sm', defaultValue: 'Open' } };
