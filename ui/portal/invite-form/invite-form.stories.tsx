import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { InviteForm } from './invite-form';

/** Stand-in for the app's e-mail rule (the app passes its own). */
const validateEmail = (value: string) =>
  /^\S+@\S+\.\S+$/.test(value) ? null : 'Enter a valid Email';

const meta = {
  title: 'UI/InviteForm',
  component: InviteForm,
  tags: ['autodocs'],
  args: {
    title: 'ADD ADMINS',
    submitLabel: 'Add',
    busyLabel: 'Adding...',
    validateEmail,
    onSubmit: fn(async () => {}),
  },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof InviteForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'ADD ADMINS' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'ADD ADMINS' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('button', { name: 'Add' })).toBeDisabled();
  },
};

/** The rule's error shows once the field is left; the button stays disabled. */
export const InvalidEmail: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
    await userEvent.type(email, 'ada@example');
    await expect(canvas.queryByText('Enter a valid Email')).toBeNull();
    await userEvent.tab();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid Email');
    const add = canvas.getByRole('button', { name: 'Add' });
    await expect(add).toBeDisabled();

    await userEvent.type(email, '.com');
    await expect(canvas.queryByText('Enter a valid Email')).toBeNull();
    await expect(add).toBeEnabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Fill both → enabled → submit → called with trimmed values → cleared, focus on Full Name. */
export const Submit: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Full Name' });
    const email = canvas.getByRole('textbox', { name: 'Email' });
    const add = canvas.getByRole('button', { name: 'Add' });

    await userEvent.type(name, '  Ada Lovelace ');
    await expect(add).toBeDisabled();
    await userEvent.type(email, ' ada@example.com  ');
    await expect(add).toBeEnabled();
    await userEvent.click(add);

    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    await waitFor(() => expect(name).toHaveValue(''));
    await expect(email).toHaveValue('');
    await expect(name).toHaveFocus();
    await expect(add).toBeDisabled();
  },
};

/** Enter in a field submits too. */
export const SubmitWithEnter: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Email' }),
      'grace@example.com{Enter}',
    );
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
  },
};

/** When `onSubmit` rejects, the values stay for a retry. */
export const SubmitFails: Story = {
  args: { onSubmit: fn(() => Promise.reject(new Error('500'))) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Full Name' });
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add' })).toBeEnabled());
    await expect(name).toHaveValue('Ada Lovelace');
  },
};

/** While the request runs the button shows the busy label and cannot be pressed again. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Adding...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** The promise keeps the form busy until it settles. */
export const PendingSubmit: Story = {
  args: {
    onSubmit: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 400))),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(canvas.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add' })).toBeVisible());
    await expect(canvas.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
  },
};

/** The Threat Hunter tab: any non-empty e-mail enables the button (the field is type email). */
export const ProvisionThreatHunter: Story = {
  args: {
    title: 'Provision Threat Hunter',
    headingLevel: 3,
    submitLabel: 'Invite',
    busyLabel: 'Inviting...',
    validateEmail: undefined,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Provision Threat Hunter' }),
    ).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full Name' }), 'Linus');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'linus@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Invite' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Linus', email: 'linus@example.com' });
  },
};

export const Stacked: Story = {
  args: { layout: 'stacked', title: undefined, 'aria-label': 'Add administrator' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('form', { name: 'Add administrator' }),
    ).toBeVisible();
  },
};
