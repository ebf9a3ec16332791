import { useLocation } from 'wouter';
import { SSO_PROVIDERS, type SsoProvider } from '@domain/sso';
import { ChoiceCards } from '@ui/primitives/choice-cards/choice-cards';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { setSsoOnboarding } from '../session/cookies';
import type { SsoSetupState } from './flow-state';

/** The products behind each provider; the titles are the wire names, as the spec shows them. */
const DESCRIPTIONS: Record<SsoProvider, string> = {
  okta: 'Okta Workforce Identity',
  azure: 'Microsoft Entra ID (Azure Active Directory)',
};
const PROVIDERS = SSO_PROVIDERS.map((p) => ({ value: p, title: p, description: DESCRIPTIONS[p] }));

/** docs/product/members.md, 'SSO provider selection': each choice goes to SSO setup with it. */
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
