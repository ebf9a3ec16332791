import { useLocation } from 'wouter';
import { ChoiceCards } from '@ui/choice-cards/choice-cards';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { setSsoOnboarding } from '../session/cookies';
import type { SsoSetupState } from './flow-state';

const PROVIDERS = [
  { value: 'okta', title: 'okta', description: 'Okta Workforce Identity' },
  { value: 'azure', title: 'azure', description: 'Microsoft Entra ID (Azure Active Directory)' },
];

/** SSO provider selection (spec 2.4): each choice goes to SSO setup carrying the provider. */
export default function SsoSelectionScreen() {
  usePageTitle('SSO Provider');
  const [, navigate] = useLocation();
  return (
    <section
      aria-labelledby="sso-selection-heading"
      className="mx-auto flex max-w-3xl flex-col gap-6"
    >
      <div>
        <h1 id="sso-selection-heading" className="text-2xl font-semibold text-ink">
          Choose Your SSO Provider
        </h1>
        <p className="mt-2 text-ink-muted">
          Members are imported from your provider&apos;s groups.
        </p>
      </div>
      <ChoiceCards
        mode="action"
        columns={2}
        aria-label="SSO provider"
        options={PROVIDERS}
        onChoose={(provider) => {
          setSsoOnboarding(true);
          const state: SsoSetupState = { provider: provider as SsoSetupState['provider'] };
          navigate(paths.ssoSetup, { state });
        }}
      />
    </section>
  );
}
