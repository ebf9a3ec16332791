import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { TRIAL_DAYS } from '@domain/billing';
import { Card, CardContent } from '@ui/primitives/card/card';
import { Link } from '@ui/primitives/link/link';
import { links } from '../config';
import { BillingForm } from '../payments/billing-form';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import { trialEndText } from './trial';
import { useEmailAllMembers } from './use-welcome';

/**
 * The trial welcome (docs/product/billing.md, 'Welcome'). Reached after sign-in by an organization
 * with no payment method (session error update-payment, decision 009); anyone else goes on to the
 * dashboard. Beginning the trial stores the card, then every member is e-mailed their enrolment
 * code.
 */
export default function WelcomeScreen() {
  usePageTitle('Welcome');
  const session = useSession();
  const [, navigate] = useLocation();
  // Decided once on arrival: the session loses its error as soon as the card is accepted.
  const [eligible] = useState(() => session?.error?.type === 'update-payment');
  const [trialEnd] = useState(() => trialEndText(new Date()));
  const emailMembers = useEmailAllMembers();

  if (!eligible || !session) return <Redirect to={paths.dashboard} replace />;

  // The card is on file (the form said so): the members are e-mailed, then the dashboard.
  async function onTrialStarted() {
    await emailMembers.trigger();
    navigate(paths.dashboard, { replace: true });
  }

  return (
    <section
      aria-labelledby="welcome-heading"
      className="mx-auto flex max-w-2xl flex-col gap-6 py-6"
    >
      <div className="flex flex-col gap-3">
        <h1 id="welcome-heading" className="text-3xl font-semibold text-ink">
          Welcome, {session.user.name}!
        </h1>
        <p className="text-ink">
          Your organization starts with a {TRIAL_DAYS}-day, no-obligation trial. You will not be
          charged if you cancel before the trial ends on <strong>{trialEnd}</strong>.
        </p>
        <p className="text-ink">
          You ({session.user.email}) become the first member of {session.organization.name}, so you
          can enroll and protect your own device right away. Your members receive their enrolment
          e-mails as soon as the trial begins.
        </p>
      </div>
      <Card aria-labelledby="welcome-card-title">
        <h2 id="welcome-card-title" className="text-xl font-semibold text-ink">
          Card on account
        </h2>
        <CardContent>
          <BillingForm
            submitLabel="Begin Trial"
            defaultNameOnCard={session.user.name}
            onUpdated={onTrialStarted}
          />
        </CardContent>
      </Card>
      <p className="text-sm text-ink-muted">
        Need to pay by purchase order or invoice? Contact our sales team at{' '}
        <Link href={`mailto:${links.salesEmail}`}>{links.salesEmail}</Link> and we will set up
        custom billing for your organization.
      </p>
    </section>
  );
}
