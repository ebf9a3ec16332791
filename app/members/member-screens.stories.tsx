import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SWRConfig } from 'swr';
import { acmeMembers } from '@contract/fixtures/members';
import { ssoGroupMembers, ssoGroupPage, ssoGroups, ssoProviderOkta } from '@contract/fixtures/sso';
import { createMembers, listMembers, readMembers } from '@contract/members';
import { getSsoGroupMembers, getSsoProvider, listSsoGroups } from '@contract/sso';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import type { ConfirmState } from './flow-state';
import MemberConfirmScreen from './member-confirm-screen';
import MemberManagementScreen from './member-management-screen';
import MemberManualScreen from './member-manual-screen';
import MemberSsoGroupsScreen from './member-sso-groups-screen';
import MemberUploadScreen from './member-upload-screen';
import SsoSetupScreen from './sso-setup-screen';
import { sessions } from '@contract/fixtures/sessions';
import { sessionStore } from '../session/session';

const meta = {
  title: 'Screens/Members',
  component: MemberManagementScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => {
      // Navigation state the previous screen would have passed.
      history.replaceState(parameters.historyState ?? null, '');
      return (
        <SWRConfig value={{ provider: () => new Map() }}>
          <StoryRouter path="/member-management">
            <div className="p-6">
              <Story />
            </div>
          </StoryRouter>
        </SWRConfig>
      );
    },
  ],
} satisfies Meta<typeof MemberManagementScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Options: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of [/SSO/, /CSV/, /Manual/]) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
  },
};

export const CsvUpload: Story = {
  render: () => <MemberUploadScreen />,
  parameters: { msw: { handlers: [mockEndpoint(readMembers, { members: [], error: null })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No File Added')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeDisabled();
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['Full Name,Email\n'], 'team.csv', { type: 'text/csv' }),
    );
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeEnabled();
  },
};

/**
 * A file without the required columns stays on the upload step and says which are missing (the
 * server's text), instead of an empty review.
 */
export const CsvMissingColumns: Story = {
  render: () => <MemberUploadScreen />,
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(readMembers, {
          members: [],
          error:
            "The file must include 'fullname' and 'email' columns; 'email' is missing. Columns found: 'Name', 'Mail Address'.",
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['Name,Mail Address\nAda,ada@acme.test\n'], 'team.csv', { type: 'text/csv' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await expect(await canvas.findByText('This file cannot be used')).toBeVisible();
    await expect(canvas.getByText(/'email' is missing/)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Add Team Members: CSV' })).toBeVisible();
  },
};

export const ManualEntry: Story = {
  render: () => <MemberManualScreen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: /^Add$/ });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full Name' }), 'Robin Field');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'robin');
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), '@acme.test');
    await userEvent.click(add);
    await expect(canvas.getByText('Robin Field')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add to Organization' })).toBeEnabled();
  },
};

const review: ConfirmState = {
  source: 'manual',
  members: [
    { id: '0', name: 'Robin Field', email: 'robin.field@acme.test' },
    { id: '1', name: 'Dana Lee', email: 'dana.lee@acme.test' },
  ],
  error: null,
};

export const ReviewWithDuplicate: Story = {
  render: () => <MemberConfirmScreen />,
  parameters: {
    historyState: review,
    msw: {
      handlers: [
        mockEndpoint(listMembers, { members: acmeMembers }),
        mockEndpoint(createMembers, { numMembersCreated: 2 }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByText('1 of 2 member(s) will receive a code.')).toBeVisible(),
    );
    await userEvent.click(canvas.getByRole('button', { name: /Undo Dana Lee/ }));
    await expect(canvas.getByText('2 of 2 member(s) will receive a code.')).toBeVisible();
  },
};

export const ReviewWithFileError: Story = {
  render: () => <MemberConfirmScreen />,
  parameters: {
    historyState: {
      source: 'csv',
      members: [],
      error: "The file has no 'email' column.",
    } satisfies ConfirmState,
    msw: { handlers: [mockEndpoint(listMembers, { members: acmeMembers })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("The file has no 'email' column.")).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send Invitations' })).toBeDisabled();
  },
};

export const SsoGroups: Story = {
  render: () => <MemberSsoGroupsScreen />,
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(listSsoGroups, (request) => {
          const url = new URL(request.url);
          return ssoGroupPage(ssoGroups, url.searchParams.get('nextPage'));
        }),
        mockEndpoint(getSsoProvider, ssoProviderOkta),
        mockEndpoint(getSsoGroupMembers, ssoGroupMembers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = ssoGroups[0]!;
    await userEvent.click(await canvas.findByRole('checkbox', { name: first.name }));
    await expect(canvas.getByRole('button', { name: 'Add Groups' })).toBeEnabled();
    await expect(await canvas.findByRole('link', { name: /Need help\?/ })).toBeVisible();
  },
};

export const SsoGroupsFailed: Story = {
  render: () => <MemberSsoGroupsScreen />,
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(listSsoGroups, { status: 500 }),
        mockEndpoint(getSsoProvider, ssoProviderOkta),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to get sso groups')).toBeVisible();
    await expect(await canvas.findByText('Nothing found')).toBeVisible();
  },
};

/**
 * 'Provide Your SSO Details': the Redirect URL to register with the provider shows read-only, with
 * a copy button (the session's, here the fixture's).
 */
export const SsoSetup: Story = {
  render: () => {
    sessionStore.dispatch({ type: 'FetchSessionData', session: sessions.globex });
    return <SsoSetupScreen />;
  },
  parameters: { historyState: { provider: 'okta' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const url = canvas.getByRole('textbox', { name: 'Redirect URL' });
    await expect(url).toHaveValue('https://portal.example.test/api/oauth/callback/globex');
    await expect(url).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy Redirect URL' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Apply Settings' })).toBeDisabled();
  },
};
