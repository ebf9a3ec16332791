import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { PLAN_ACTION_TEXTS, PlanActions } from './plan-actions';

/** 12 December 2026, 12:00 UTC: the same calendar day in every time zone from UTC-11 to UTC+11. */
const DEC_12_2026 = 1797076800;

const meta = {
  title: 'Billing/PlanActions',
  component: PlanActions,
  tags: ['autodocs'],
  args: {
    status: 'active',
    statusMessage: 'Your subscription renews on',
    relevantDate: DEC_12_2026,
    onCancel: fn(),
    onReactivate: fn(),
    onDelete: fn(),
    onDialogChange: fn(),
  },
} satisfies Meta<typeof PlanActions>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

const buttonNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('button')
    .map((b) => b.textContent);

/** Any status other than canceled, none or invoice: 'Cancel Subscription' only. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Active')).toHaveAttribute('data-tone', 'success');
    await expect(
      canvasElement.querySelector('[data-slot="plan-actions-message"]'),
    ).toHaveTextContent('Your subscription renews on December 12th, 2026');
    await expect(buttonNames(canvasElement)).toEqual(['Cancel Subscription']);
  },
};

export const Trialing: Story = {
  args: { status: 'trialing', statusMessage: 'Your trial ends on' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Trialing')).toBeVisible();
    await expect(canvas.getByText('December 12th, 2026')).toBeVisible();
    await expect(buttonNames(canvasElement)).toEqual(['Cancel Subscription']);
  },
};

export const PastDue: Story = {
  args: { status: 'past_due', statusMessage: 'Your last payment failed.', relevantDate: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Past due')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('Your last payment failed.')).toBeVisible();
    await expect(buttonNames(canvasElement)).toEqual(['Cancel Subscription']);
  },
};

/** Canceled: 'Reactivate Subscription' acts at once (no dialog); 'Delete Organization' asks. */
export const Canceled: Story = {
  args: { status: 'canceled', statusMessage: 'Your subscription ended on' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Canceled')).toHaveAttribute('data-tone', 'danger');
    await expect(buttonNames(canvasElement)).toEqual([
      'Reactivate Subscription',
      'Delete Organization',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate Subscription' }));
    await expect(args.onReactivate).toHaveBeenCalledOnce();
    await expect(body().queryByRole('alertdialog')).toBeNull();
  },
};

/** No plan: deletion only. */
export const None: Story = {
  args: { status: 'none', statusMessage: 'Your organization has no plan.', relevantDate: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No plan')).toBeVisible();
    await expect(buttonNames(canvasElement)).toEqual(['Delete Organization']);
  },
};

/** Invoice (custom billing): no actions. */
export const Invoice: Story = {
  args: {
    status: 'invoice',
    statusMessage: 'Your organization is billed by invoice.',
    relevantDate: null,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Invoice')).toBeVisible();
    await expect(buttonNames(canvasElement)).toEqual([]);
  },
};

/** 'Cancel Subscription' asks first; 'Stay Subscribed' closes without canceling. */
export const CancelDialogOpen: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Cancel Subscription' });
    await userEvent.click(trigger);
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel Subscription' });
    await expect(dialog).toHaveAccessibleDescription(PLAN_ACTION_TEXTS.cancelMessage);
    await expect(dialog).toHaveTextContent('before the next billing cycle');
    await expect(dialog).toHaveTextContent('Trial accounts will not be charged.');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      PLAN_ACTION_TEXTS.cancelAlert,
    );
    await expect(
      within(dialog).getByRole('button', { name: 'Confirm Cancellation' }),
    ).toBeVisible();
    await expect(args.onDialogChange).toHaveBeenLastCalledWith('cancel');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay Subscribed' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(args.onDialogChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** 'Confirm Cancellation' calls onCancel; the dialog closes when it resolves. */
export const ConfirmCancellation: Story = {
  args: {
    onCancel: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 300))),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Cancel Subscription' }),
    );
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel Subscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    // While the promise runs the dialog is busy.
    await expect(
      await within(dialog).findByRole('button', { name: 'Canceling...' }),
    ).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Stay Subscribed' })).toBeDisabled();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** onCancel rejects (the app shows 'Failed to cancel subscriptions'): the dialog stays open. */
export const CancellationFails: Story = {
  args: { onCancel: fn(() => Promise.reject(new Error('500'))) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Cancel Subscription' }),
    );
    const dialog = await body().findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Confirm Cancellation' })).toBeEnabled(),
    );
    await expect(body().getByRole('alertdialog')).toBeVisible();
  },
};

/** busy 'cancel' with the dialog open: 'Canceling...', nothing else can be pressed. */
export const BusyCancel: Story = {
  args: { busy: 'cancel', defaultDialog: 'cancel' },
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel Subscription' });
    const confirm = within(dialog).getByRole('button', { name: 'Canceling...' });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Stay Subscribed' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(body().getByRole('alertdialog')).toBeVisible();
    await expect(args.onDialogChange).not.toHaveBeenCalled();
  },
};

/** busy 'reactivate': 'Reactivating...'; Delete is disabled meanwhile. */
export const BusyReactivate: Story = {
  args: { status: 'canceled', statusMessage: 'Your subscription ended on', busy: 'reactivate' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Reactivating...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Delete Organization' })).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onReactivate).not.toHaveBeenCalled();
  },
};

/** busy 'delete' with the dialog open: 'Deleting...'. */
export const BusyDelete: Story = {
  args: {
    status: 'none',
    statusMessage: null,
    relevantDate: null,
    busy: 'delete',
    defaultDialog: 'delete',
  },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Delete Organization' });
    await expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** 'Delete Organization' asks first; 'Yes, Delete Organization Data' calls onDelete. */
export const DeleteDialog: Story = {
  args: { status: 'canceled', statusMessage: 'Your subscription ended on' },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete Organization' });
    await userEvent.click(trigger);
    let dialog = await body().findByRole('alertdialog', { name: 'Delete Organization' });
    await expect(dialog).toHaveAccessibleDescription(/permanent/);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'All users, members, devices and scan data will be deleted immediately.',
    );
    // 'Cancel' closes without deleting.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();

    await userEvent.click(trigger);
    dialog = await body().findByRole('alertdialog', { name: 'Delete Organization' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, Delete Organization Data' });
    await expect(confirm).toHaveAttribute('data-slot', 'confirm-dialog-confirm');
    await userEvent.click(confirm);
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** An unknown status reads as words and still offers cancel (spec: any other status). */
export const UnknownStatus: Story = {
  args: { status: 'incomplete_expired', statusMessage: null, relevantDate: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Incomplete expired')).toBeVisible();
    await expect(buttonNames(canvasElement)).toEqual(['Cancel Subscription']);
  },
};
