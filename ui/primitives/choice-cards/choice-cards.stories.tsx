import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { CloudIcon, FileTextIcon, KeyIcon, UserPlusIcon } from '../icons/icons';
import { ChoiceCards, type ChoiceCardOption } from './choice-cards';

/** The three member options (docs/product/members.md, 'Options'). */
const MEMBER_OPTIONS: ChoiceCardOption[] = [
  {
    value: 'sso',
    title: 'SSO',
    description: 'Invite the members of groups from your identity provider.',
    icon: <KeyIcon />,
  },
  {
    value: 'csv',
    title: 'CSV',
    description: "Upload a .csv file with 'fullname' and 'email' columns.",
    icon: <FileTextIcon />,
  },
  {
    value: 'manual',
    title: 'Manual',
    description: 'Type names and e-mail addresses one by one.',
    icon: <UserPlusIcon />,
  },
];

const PROVIDER_OPTIONS: ChoiceCardOption[] = [
  { value: 'okta', title: 'Okta', description: 'Okta Workforce Identity', icon: <CloudIcon /> },
  {
    value: 'azure',
    title: 'Azure',
    description: 'Microsoft Entra ID (Azure AD)',
    icon: <CloudIcon />,
  },
];

/**
 * Press and hold an arrow key until Radix has moved focus, then release. Radix checks the newly
 * focused radio only while the arrow key is down (it moves focus in a timeout); user-event's
 * instant keydown + keyup would release it first, which a real keyboard never does.
 */
async function pressArrow(key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight') {
  const before = document.activeElement;
  await userEvent.keyboard(`{${key}>}`);
  await waitFor(() => expect(document.activeElement).not.toBe(before));
  await userEvent.keyboard(`{/${key}}`);
}

const meta = {
  title: 'UI/ChoiceCards',
  component: ChoiceCards,
  tags: ['autodocs'],
  args: {
    options: MEMBER_OPTIONS,
    'aria-label': 'How would you like to add members?',
    onValueChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof ChoiceCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Member options as radio cards: arrow keys move and choose. */
export const MemberOptions: Story = {
  args: { columns: 3 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'How would you like to add members?' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'false',
    ]);
    const csv = canvas.getByRole('radio', { name: 'CSV' });
    await expect(csv).toHaveAccessibleDescription(
      "Upload a .csv file with 'fullname' and 'email' columns.",
    );

    await userEvent.click(canvas.getByRole('radio', { name: 'SSO' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('sso');
    await pressArrow('ArrowRight');
    await expect(csv).toHaveFocus();
    await expect(csv).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('csv');
    await pressArrow('ArrowDown');
    await expect(canvas.getByRole('radio', { name: 'Manual' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('manual');
  },
};

/** Member options as action cards: a click chooses and the screen navigates. */
export const MemberOptionsAction: Story = {
  args: { mode: 'action', onChoose: fn(), onValueChange: undefined, columns: 3 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'How would you like to add members?' });
    await expect(within(list).getAllByRole('button')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'CSV' }));
    await expect(args.onChoose).toHaveBeenCalledOnce();
    await expect(args.onChoose).toHaveBeenCalledWith('csv');
    // Keyboard: Tab to Manual, Enter.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Manual' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChoose).toHaveBeenLastCalledWith('manual');
  },
};

/** SSO provider choice (okta, azure), choosing at once. */
export const ProviderOptions: Story = {
  args: {
    mode: 'action',
    options: PROVIDER_OPTIONS,
    'aria-label': 'Choose your SSO provider',
    onChoose: fn(),
    onValueChange: undefined,
    columns: 2,
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Azure' }));
    await expect(args.onChoose).toHaveBeenCalledOnce();
    await expect(args.onChoose).toHaveBeenCalledWith('azure');
  },
};

/** Provider choice as radios with a preselected value. */
export const ProviderSelected: Story = {
  args: {
    options: PROVIDER_OPTIONS,
    'aria-label': 'SSO provider',
    defaultValue: 'okta',
    columns: 2,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Okta' })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Okta' })).toHaveFocus();
    await pressArrow('ArrowRight');
    await expect(canvas.getByRole('radio', { name: 'Azure' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith('azure');
  },
};

/** A disabled option is skipped by the arrow keys and ignores clicks. */
export const WithDisabledOption: Story = {
  args: {
    options: MEMBER_OPTIONS.map((o) =>
      o.value === 'sso'
        ? { ...o, disabled: true, description: 'Available once your plan includes SSO.' }
        : o,
    ),
    defaultValue: 'csv',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const sso = canvas.getByRole('radio', { name: 'SSO' });
    await expect(sso).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: 'CSV' }));
    await pressArrow('ArrowUp');
    // Wraps past the disabled first card to the last one.
    await expect(canvas.getByRole('radio', { name: 'Manual' })).toBeChecked();
    await expect(sso).not.toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('manual');
  },
};

/** Action cards with a disabled option. */
export const ActionWithDisabledOption: Story = {
  args: {
    mode: 'action',
    onChoose: fn(),
    onValueChange: undefined,
    options: PROVIDER_OPTIONS.map((o) => (o.value === 'azure' ? { ...o, disabled: true } : o)),
    'aria-label': 'Choose your SSO provider',
  },
  play: async ({ args, canvasElement }) => {
    const azure = within(canvasElement).getByRole('button', { name: 'Azure' });
    await expect(azure).toBeDisabled();
    await userEvent.click(azure, { pointerEventsCheck: 0 });
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
};
