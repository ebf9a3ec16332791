import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { Link } from '../link/link';
import { Form, FormPasswordField, FormRootError, FormSubmit, FormTextField } from './form';

interface SignInValues {
  email: string;
  password: string;
}

/** The e-mail rule, inline here; the app keeps it once (domain/accounts.ts). */
function validateEmail(value: string): true | string {
  if (value.trim() === '') return 'Enter your Email';
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7F]/.test(value)) return 'Unicode characters not supported';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Enter a valid Email';
  return true;
}

interface SignInFormProps {
  /** Called with valid values; may return an error text to show for the whole form. */
  onSignIn: (values: SignInValues) => Promise<string | undefined> | string | undefined;
}

function SignInForm({ onSignIn }: SignInFormProps) {
  const form = useForm<SignInValues>({
    mode: 'onBlur',
    defaultValues: { email: '', password: '' },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const failure = await onSignIn(values);
        if (failure) form.setError('root.server', { message: failure });
      }}
      aria-label="Account Sign In"
      className="flex max-w-sm flex-col gap-4"
    >
      <FormRootError />
      <FormTextField<SignInValues>
        name="email"
        rules={{ validate: validateEmail }}
        label="Email"
        type="email"
        autoComplete="email"
        required
      />
      <FormPasswordField<SignInValues>
        name="password"
        rules={{ required: 'Enter your Password' }}
        label="Password"
        autoComplete="current-password"
        required
      />
      <FormSubmit busyLabel="Verifying...">Sign In</FormSubmit>
      <Link variant="subtle" href="#password-reset" className="self-center text-sm">
        Forgot Password?
      </Link>
    </Form>
  );
}

const meta = {
  title: 'UI/Form',
  component: SignInForm,
  tags: ['autodocs'],
  args: { onSignIn: fn<SignInFormProps['onSignIn']>() },
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const form = within(within(canvasElement).getByRole('form', { name: 'Account Sign In' }));
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  },
};

/** Errors appear on blur and are wired to the input (aria-invalid + aria-describedby). */
export const InvalidEmailOnBlur: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'admin@acme');
    await userEvent.tab();
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await expect(email).toHaveAccessibleDescription('Enter a valid Email');

    await userEvent.clear(email);
    await userEvent.type(email, 'ädmin@acme.com');
    await userEvent.tab();
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Unicode characters not supported'),
    );

    await userEvent.clear(email);
    await userEvent.type(email, 'admin@acme.com');
    await userEvent.tab();
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  },
};

export const SubmitEmptyShowsErrors: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter your Email',
      ),
    );
    await expect(
      canvas.getByLabelText('Password', { selector: 'input' }),
    ).toHaveAccessibleDescription('Enter your Password');
    await expect(args.onSignIn).not.toHaveBeenCalled();
  },
};

export const SubmitsValidValues: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.com');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'Sup3r$ecret');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(args.onSignIn).toHaveBeenCalledWith({
        email: 'admin@acme.com',
        password: 'Sup3r$ecret',
      }),
    );
  },
};

/** While the request runs the button reads 'Verifying...' and is disabled. */
export const Submitting: Story = {
  args: { onSignIn: fn<SignInFormProps['onSignIn']>(() => new Promise(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.com');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'Sup3r$ecret');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    const busy = await canvas.findByRole('button', { name: 'Verifying...' });
    await expect(busy).toBeDisabled();
  },
};

/** A refusal from the server shows as an error banner above the fields. */
export const ServerError: Story = {
  args: {
    onSignIn: fn<SignInFormProps['onSignIn']>(
      () => 'Access limited due to login policy. Contact your administrator for details.',
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.com');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'Sup3r$ecret');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Access limited due to login policy. Contact your administrator for details.',
    );
  },
};
