import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../button/button';
import {
  createToaster,
  TOAST_DURATION_MS,
  Toaster,
  ToasterProvider,
  useToaster,
  type ToastKind,
} from './toaster';

const MESSAGES: Record<ToastKind, string> = {
  success: 'Successfully saved webhook settings.',
  info: 'Invitations are being sent to 12 organization member(s)',
  warning: '2 alerts already closed',
  error: 'Failed to save webhook settings.',
};

/** Buttons that raise toasts, plus the toast area, sharing one store per story. */
function ToasterDemo({ duration, initial = [] }: { duration?: number; initial?: ToastKind[] }) {
  const [toaster] = React.useState(() => {
    const store = createToaster();
    for (const kind of initial) store.toast(kind, MESSAGES[kind]);
    return store;
  });
  return (
    <div className="flex flex-col items-start gap-2">
      {(['success', 'info', 'warning', 'error'] as const).map((kind) => (
        <Button key={kind} variant="outline" onClick={() => toaster.toast(kind, MESSAGES[kind])}>
          Show {kind} toast
        </Button>
      ))}
      <Toaster toaster={toaster} {...(duration === undefined ? {} : { duration })} />
    </div>
  );
}

const meta = {
  title: 'UI/Toaster',
  component: ToasterDemo,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    // Each story's toast area is fixed to the corner; iframes keep them apart on the docs page.
    docs: { story: { inline: false, height: '28rem' } },
    // The toasts are the subject here, and every story's toasts stay until dismissed by then.
    visual: { toasts: true },
  },
  decorators: [(Story) => <div className="min-h-[28rem] p-4">{Story()}</div>],
  args: {},
} satisfies Meta<typeof ToasterDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toast area lives outside the story root, in the document body. */
const toastArea = () => within(document.body).getByRole('region', { name: /Notifications/ });
/** Toasts as the user sees them: top of the screen first. */
const toastItems = () =>
  within(toastArea())
    .queryAllByRole('listitem')
    .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);

/** One of each kind; errors and (here) the others stay, so the stack can be reviewed. */
export const AllKinds: Story = {
  args: { initial: ['success', 'info', 'warning', 'error'], duration: Infinity },
  play: async () => {
    await waitFor(() => expect(toastItems()).toHaveLength(4));
    // Created success → error, so error is on top.
    await expect(toastItems()[0]).toHaveTextContent(MESSAGES.error);
    await expect(toastItems()[3]).toHaveTextContent(MESSAGES.success);
    for (const item of toastItems()) {
      await expect(
        within(item).getByRole('button', { name: 'Close notification' }),
      ).toBeInTheDocument();
    }
  },
};

export const NewestOnTop: Story = {
  args: { duration: Infinity },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show warning toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show error toast' }));
    await waitFor(() => expect(toastItems()).toHaveLength(3));
    await expect(toastItems().map((item) => item.textContent)).toEqual([
      MESSAGES.error,
      MESSAGES.warning,
      MESSAGES.success,
    ]);
  },
};

/** Clicking anywhere on a toast closes it; so does its close button. */
export const ClickCloses: Story = {
  args: { duration: Infinity },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show info toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show error toast' }));
    await waitFor(() => expect(toastItems()).toHaveLength(2));

    await userEvent.click(within(toastArea()).getByText(MESSAGES.error));
    await waitFor(() => expect(toastItems()).toHaveLength(1));
    await expect(toastItems()[0]).toHaveTextContent(MESSAGES.info);

    await userEvent.click(
      within(toastItems()[0]!).getByRole('button', { name: 'Close notification' }),
    );
    await waitFor(() => expect(toastItems()).toHaveLength(0));
  },
};

/**
 * Success, info and warning close by themselves (3000 ms in the app; 300 ms here so the test is
 * quick); an error stays until dismissed.
 */
export const AutoCloseAndErrorPersists: Story = {
  args: { duration: 300 },
  play: async ({ canvasElement }) => {
    await expect(TOAST_DURATION_MS).toBe(3000);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show error toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show success toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show warning toast' }));
    await waitFor(() => expect(toastItems()).toHaveLength(3));

    await waitFor(() => expect(toastItems()).toHaveLength(1), { timeout: 3000 });
    await expect(toastItems()[0]).toHaveTextContent(MESSAGES.error);
    // Still there well after the others went.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(toastItems()).toHaveLength(1);
  },
};

function SaveWebhookButton() {
  const { toast } = useToaster();
  return <Button onClick={() => toast('success', MESSAGES.success)}>Save</Button>;
}

function ContextDemo() {
  const [toaster] = React.useState(createToaster);
  return (
    <ToasterProvider toaster={toaster}>
      <SaveWebhookButton />
      <Toaster duration={Infinity} />
    </ToasterProvider>
  );
}

/** Components deep in the tree raise toasts through `useToaster()` under a ToasterProvider. */
export const FromContext: Story = {
  render: () => <ContextDemo />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastItems()).toHaveLength(1));
    await expect(toastItems()[0]).toHaveTextContent(MESSAGES.success);
  },
};
