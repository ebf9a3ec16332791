import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Switch } from './switch';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { label: 'Enable webhooks', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uncontrolled: a click on the switch or on its label toggles it; Space toggles it from the keyboard. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(canvas.getByText('Enable webhooks'));
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
    toggle.focus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAttribute('data-state', 'checked');
  },
};

/** The description is the switch's accessible description. */
export const WithDescription: Story = {
  args: {
    label: 'Enable Conditional Access',
    description: 'Block members whose devices are at risk from signing in.',
  },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable Conditional Access' });
    await expect(toggle).toHaveAccessibleDescription(
      'Block members whose devices are at risk from signing in.',
    );
  },
};

/** Controlled: the switch moves only when the caller says so (here: never — a confirmation would go first). */
export const Controlled: Story = {
  render: function Render(args) {
    const [checked] = React.useState(true);
    return <Switch {...args} checked={checked} />;
  },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable webhooks' });
    await userEvent.click(toggle);
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false);
    await expect(toggle).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

/**
 * The change is being applied: spinner in the thumb, aria-busy and aria-disabled; clicks and
 * Space do nothing, but the switch keeps keyboard focus (it is not natively disabled).
 */
export const Busy: Story = {
  args: { busy: true, defaultChecked: true },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Enable webhooks' });
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Small: Story = { args: { size: 'sm', defaultChecked: true } };
