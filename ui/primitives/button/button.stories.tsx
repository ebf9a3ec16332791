import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button } from './button';

const meta = {
  title: 'UI/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Lookup', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Lookup' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} variant="primary">
        Sign In
      </Button>
      <Button {...args} variant="secondary">
        Add Members
      </Button>
      <Button {...args} variant="outline">
        Download CSV Template
      </Button>
      <Button {...args} variant="ghost">
        Cancel
      </Button>
      <Button {...args} variant="danger">
        Delete Organization
      </Button>
      <Button {...args} variant="link">
        Resend
      </Button>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of [
      'Sign In',
      'Add Members',
      'Download CSV Template',
      'Cancel',
      'Delete Organization',
      'Resend',
    ]) {
      await userEvent.click(canvas.getByRole('button', { name }));
    }
    await expect(args.onClick).toHaveBeenCalledTimes(6);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} size="sm">
        Update
      </Button>
      <Button {...args} size="md">
        Update Password
      </Button>
      <Button {...args} size="lg">
        Begin Trial
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole('button', { name: 'Update' });
    const large = canvas.getByRole('button', { name: 'Begin Trial' });
    await expect(small.getBoundingClientRect().height).toBeLessThan(
      large.getBoundingClientRect().height,
    );
  },
};

/** While a request runs the label swaps ('Lookup' → 'Loading...') and the button is disabled. */
export const Busy: Story = {
  args: { busy: true, busyLabel: 'Loading...' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Loading...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { children: 'Send Invitations', disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Send Invitations' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** `asChild` gives a link (e.g. the router's) the button's look: 'Go To Portal'. */
export const AsChildLink: Story = {
  args: { asChild: true, variant: 'primary' },
  render: (args) => (
    <Button {...args}>
      <a href="#new-portal">Go To Portal</a>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Go To Portal' });
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
