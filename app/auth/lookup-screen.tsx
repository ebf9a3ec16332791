import type * as React from 'react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { normalizeSlug } from '@domain/accounts';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@domain/limits';
import { AuthCard } from '@ui/primitives/auth-card/auth-card';
import { Banner } from '@ui/primitives/banner/banner';
import { Button } from '@ui/primitives/button/button';
import { TextField } from '@ui/primitives/text-field/text-field';
import { Link } from '@ui/primitives/link/link';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { links } from '../config';
import { reportUnexpected } from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { goToSsoLogin } from '../session/sso';

export default function LookupScreen() {
  usePageTitle('Lookup');
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // A one-field form: plain state keeps the form library out of the first load
  // (README, 'Performance').
  const [organization, setOrganization] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !normalizeSlug(organization)) return;
    setSubmitting(true);
    setFailure(null);
    const slug = normalizeSlug(organization);
    analytics.track('lookupCompany');
    // Not useMutation: this screen is a first load, and the hook would bring SWR into it
    // (first-load budget, README "Performance"). The failure rule is the same: the catalogued
    // text, and a bug is reported.
    try {
      // The endpoint's schemas load with the first call, not with the page (README, 'Performance').
      const { lookupOrg } = await import('@contract/orgs');
      const result = await api.call(lookupOrg, { body: { slug } });
      // The button stays busy while the browser leaves for the identity provider.
      if (result.sso) await goToSsoLogin(slug);
      navigate(`${paths.login}?slug=${encodeURIComponent(slug)}`);
    } catch (error) {
      reportUnexpected(error, { action: 'lookupOrg' });
      setFailure(messages.lookupFailed);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Find Your Organization"
      description="Enter your organization's name to sign in."
      footer={
        <p className="text-ink-muted">
          No account yet?{' '}
          <Link
            href={`mailto:${links.salesEmail}?subject=${encodeURIComponent('Getting started')}`}
            onClick={() => analytics.track('signUpLink')}
          >
            Email us to get started
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Organization lookup"
      >
        {failure ? <Banner kind="error">{failure}</Banner> : null}
        <TextField
          name="organization"
          label="Organization Name"
          placeholder="my-organization-name"
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={ORGANIZATION_NAME_MAX_LENGTH}
          required
          value={organization}
          onChange={(event) => {
            setOrganization(event.target.value);
            setFailure(null);
          }}
        />
        <Button
          type="submit"
          className="w-full"
          busy={submitting}
          busyLabel="Loading..."
          disabled={!normalizeSlug(organization)}
        >
          Lookup
        </Button>
      </form>
    </AuthCard>
  );
}
