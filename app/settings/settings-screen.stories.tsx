import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SWRConfig } from 'swr';
import { listAdmins } from '@contract/admins';
import { admins } from '@contract/fixtures/admins';
import { sessions } from '@contract/fixtures/sessions';
import { mdmDisabled, mdmEnabled, scimDisabled, scimEnabled } from '@contract/fixtures/settings';
import { threatHunterUsers, threatHunterUsersNone } from '@contract/fixtures/threat-hunter';
import { getMdmConfig, updateMdmConfig } from '@contract/mdm';
import { lookupOrg } from '@contract/orgs';
import { getScimConfig, updateScimConfig } from '@contract/scim';
import type { Session } from '@contract/session';
import { listThreatHunterUsers } from '@contract/threat-hunter';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import { sessionStore } from '../session/session';
import SettingsScreen from './settings-screen';

const meta = {
  title: 'Screens/Settings',
  component: SettingsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => {
      sessionStore.dispatch({
        type: 'FetchSessionData',
        session: (parameters.session as Session | undefined) ?? sessions.acme,
      });
      return (
        <SWRConfig value={{ provider: () => new Map() }}>
          <StoryRouter path={(parameters.path as string | undefined) ?? '/settings'}>
            <div className="p-6">
              <Story />
            </div>
          </StoryRouter>
        </SWRConfig>
      );
    },
  ],
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Administrators: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listAdmins, admins)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The fixture's pending invites are older than a day (relative to today): both offer Resend.
    await expect((await canvas.findAllByRole('button', { name: 'Resend' }))[0]).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
  },
};

export const AdministratorsFailed: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listAdmins, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    // Said in the toast and on the tab, with Retry (docs/decisions/045).
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Problem requesting organization administrators.', { selector: 'p' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ScimEnabled: Story = {
  parameters: {
    path: '/settings?tab=scim',
    msw: { handlers: [mockEndpoint(getScimConfig, scimEnabled)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: /Show Authorization header/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Disable SCIM' })).toBeVisible();
  },
};

export const ScimDisabled: Story = {
  parameters: {
    path: '/settings?tab=scim',
    msw: {
      handlers: [
        mockEndpoint(getScimConfig, scimDisabled),
        mockEndpoint(updateScimConfig, scimEnabled),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Enable SCIM' }));
    // Enabling reveals the header at once.
    await expect(
      await canvas.findByRole('button', { name: /Hide Authorization header/ }),
    ).toBeVisible();
  },
};

export const MdmEnabled: Story = {
  parameters: {
    path: '/settings?tab=mdm',
    msw: { handlers: [mockEndpoint(getMdmConfig, mdmEnabled)] },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: /Show MDM token/ }),
    ).toBeVisible();
  },
};

export const MdmDisabled: Story = {
  parameters: {
    path: '/settings?tab=mdm',
    msw: {
      handlers: [
        mockEndpoint(getMdmConfig, mdmDisabled),
        mockEndpoint(updateMdmConfig, mdmEnabled),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Enable MDM' }),
    ).toBeVisible();
  },
};

export const SsoNotConfigured: Story = {
  parameters: {
    path: '/settings?tab=sso',
    msw: { handlers: [mockEndpoint(lookupOrg, { sso: false, hasSSO: false })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not yet configured')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set Up SSO' })).toBeVisible();
  },
};

export const SsoConfigured: Story = {
  parameters: { path: '/settings?tab=sso', session: sessions.globex },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Okta configured')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  },
};

export const ThreatHunter: Story = {
  parameters: {
    path: '/settings?tab=threat-hunter',
    msw: { handlers: [mockEndpoint(listThreatHunterUsers, threatHunterUsers)] },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Provisioned Users' }),
    ).toBeVisible();
  },
};

export const ThreatHunterEmpty: Story = {
  parameters: {
    path: '/settings?tab=threat-hunter',
    msw: { handlers: [mockEndpoint(listThreatHunterUsers, threatHunterUsersNone)] },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'No users found. Use the Provision Threat Hunter form to invite users',
      ),
    ).toBeVisible();
  },
};
