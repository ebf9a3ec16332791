import { useLocation } from 'wouter';
import { ChoiceCards } from '@ui/primitives/choice-cards/choice-cards';
import { FileTextIcon, KeyIcon, UserPlusIcon } from '@ui/primitives/icons/icons';
import { analytics } from '../analytics/instance';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { setSsoOnboarding } from '../session/cookies';
import { useSession } from '../session/session';

const OPTIONS = [
  {
    value: 'sso',
    title: 'SSO',
    description: "Invite the members of your identity provider's groups.",
    icon: <KeyIcon className="size-6" />,
  },
  {
    value: 'csv',
    title: 'CSV',
    description: 'Upload a CSV file with the full name and e-mail of each member.',
    icon: <FileTextIcon className="size-6" />,
  },
  {
    value: 'manual',
    title: 'Manual',
    description: 'Type in the name and e-mail of each member.',
    icon: <UserPlusIcon className="size-6" />,
  },
];

/** The three ways to add members (docs/product/members.md, 'Options'). */
export default function MemberManagementScreen() {
  usePageTitle('Add Members');
  const [, navigate] = useLocation();
  const session = useSession();

  function choose(value: string) {
    if (value === 'sso') {
      analytics.track('sso');
      if (session?.organization.ssoProvider) {
        navigate(paths.memberSsoGroups);
      } else {
        // SSO onboarding starts here (docs/product/members.md, 'SSO onboarding'): after setup the
        // identity provider brings the administrator back through /sso-login to the group
        // selection.
        setSsoOnboarding(true);
        navigate(paths.ssoSelection);
      }
    } else if (value === 'csv') {
      analytics.track('nonSso');
      navigate(paths.memberUpload);
    } else {
      analytics.track('manualEntry');
      navigate(paths.memberManualUpload);
    }
  }

  return (
    <section aria-labelledby="members-heading" className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 id="members-heading" className="text-2xl font-semibold text-ink">
          Add Members
        </h1>
        <p className="mt-2 text-ink-muted">
          Each member receives an e-mail with a unique code to enroll a device in your organization.
        </p>
      </div>
      <ChoiceCards
        mode="action"
        columns={3}
        aria-label="How would you like to add members?"
        options={OPTIONS}
        onChoose={choose}
      />
    </section>
  );
}
