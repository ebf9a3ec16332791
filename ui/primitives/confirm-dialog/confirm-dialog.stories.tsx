import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../button/button';
import { ConfirmDialog, ConfirmDialogTrigger } from './confirm-dialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    title: 'Unenroll devices',
    message: 'Unenroll the 3 selected devices? Their members will have to enroll again.',
    confirmLabel: 'Unenroll',
    onConfirm: fn(),
    onOpenChange: fn(),
    trigger: (
      <ConfirmDialogTrigger>
        <Button variant="outline">Unenroll devices</Button>
      </ConfirmDialogTrigger>
    ),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Opens from the trigger; Cancel closes without confirming; Confirm calls onConfirm and closes. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Unenroll devices' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Unenroll devices' });
    await expect(dialog).toHaveAccessibleDescription(/Unenroll the 3 selected devices/);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);

    await userEvent.click(canvas.getByRole('button', { name: 'Unenroll devices' }));
    const again = await body().findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Unenroll' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** An alert stresses the consequence (warning banner). Escape cancels. */
export const WithAlert: Story = {
  args: {
    title: 'Deactivate webhook',
    message: 'Events will no longer be sent to your endpoint.',
    alert: 'A new secret is generated when you activate the webhook again.',
    confirmLabel: 'Deactivate',
    trigger: (
      <ConfirmDialogTrigger>
        <Button variant="outline">Deactivate webhook</Button>
      </ConfirmDialogTrigger>
    ),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Deactivate webhook' }),
    );
    const dialog = await body().findByRole('alertdialog', { name: 'Deactivate webhook' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent(/new secret/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Destructive action: danger button, alert in an error banner. */
export const Danger: Story = {
  args: {
    title: 'Delete organization',
    message: 'This deletes the organization and signs you out.',
    alert: 'This cannot be undone.',
    confirmLabel: 'Delete Organization',
    confirmVariant: 'danger',
    defaultOpen: true,
    trigger: undefined,
  },
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog', { name: 'Delete organization' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('This cannot be undone.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete Organization' });
    await expect(confirm).toHaveAttribute('data-slot', 'confirm-dialog-confirm');
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** While the action runs: confirm shows 'Deleting...', both buttons are disabled, Escape is ignored. */
export const Busy: Story = {
  args: {
    title: 'Delete organization',
    message: 'This deletes the organization and signs you out.',
    confirmLabel: 'Delete Organization',
    confirmVariant: 'danger',
    busy: true,
    busyLabel: 'Deleting...',
    open: true,
    trigger: undefined,
  },
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Deleting...' });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(body().getByRole('alertdialog')).toBeInTheDocument();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** The usual async flow: the caller owns `open` and `busy`; the dialog closes when onConfirm resolves. */
export const AsyncConfirm: Story = {
  args: { onConfirm: fn(), trigger: undefined },
  render: function Render(args) {
    const [open, setOpen] = React.useState(false);
    const [busy, setBusy] = React.useState(false);
    return (
      <>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Unenroll devices
        </Button>
        <ConfirmDialog
          {...args}
          open={open}
          onOpenChange={setOpen}
          busy={busy}
          busyLabel="Unenrolling..."
          onConfirm={async () => {
            setBusy(true);
            await new Promise((resolve) => setTimeout(resolve, 300));
            setBusy(false);
            await args.onConfirm();
          }}
        />
      </>
    );
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Unenroll devices' }));
    const dialog = await body().findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unenroll' }));
    await expect(
      await within(dialog).findByRole('button', { name: 'Unenrolling...' }),
    ).toBeDisabled();
    await waitFor(() => expect(body().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};
