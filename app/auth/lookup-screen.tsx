import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { lookupOrg } from '@contract/orgs';
import { normalizeSlug } from '@contract/rules';
import { AuthCard } from '@ui/auth-card/auth-card';
import { Banner } from '@ui/banner/banner';
import { Form, FormSubmit, FormTextField } from '@ui/form/form';
import { Link } from '@ui/link/link';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { config, links } from '../config';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';

interface LookupValues {
  organization: string;
}

/** Where the browser goes for an SSO organization: the identity provider's login with the slug. */
export function ssoLoginUrl(slug: string): string {
  return `${config.apiUrl}/oauth/login?slug=${encodeURIComponent(slug)}`;
}

export default function LookupScreen() {
  usePageTitle('Lookup');
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LookupValues>({ defaultValues: { organization: '' }, mode: 'onSubmit' });
  const organization = useWatch({ control: form.control, name: 'organization' });

  async function onSubmit({ organization }: LookupValues) {
    setFailure(null);
    const slug = normalizeSlug(organization);
    analytics.track('lookupCompany');
    try {
      const result = await api.call(lookupOrg, { body: { slug } });
      if (result.sso) {
        window.location.assign(ssoLoginUrl(slug));
        // Keep the button busy while the browser leaves for the identity provider.
        await new Promise(() => undefined);
      }
      navigate(`${paths.login}?slug=${encodeURIComponent(slug)}`);
    } catch {
      setFailure(messages.lookupFailed);
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
      <Form
        form={form}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Organization lookup"
      >
        {failure ? <Banner kind="error">{failure}</Banner> : null}
        <FormTextField<LookupValues>
          name="organization"
          label="Organization Name"
          placeholder="my-organization-name"
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={128}
          required
          onChange={() => setFailure(null)}
        />
        <FormSubmit
          className="w-full"
          busyLabel="Loading..."
          disabled={!normalizeSlug(organization)}
        >
          Lookup
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
