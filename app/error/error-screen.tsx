import type * as React from 'react';
import { Redirect, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ErrorType } from '@contract/session';
import { Link } from '@ui/primitives/link/link';
import { links } from '../config';
import { DEFAULT_ERROR, ERROR_CATALOGUE } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths, settingsTab } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';

export interface ErrorScreenProps {
  type?: string | null;
  message?: string;
  description?: string;
}

export interface ResolvedError {
  type: string | null;
  message: string;
  description: string;
}

/**
 * The error to show: the query parameter `type`, then what navigation passed, then the session's
 * error (docs/product/messages.md, 'Error page'). Null when there is none at all.
 */
export function resolveError(
  queryType: string | null,
  passed: ErrorScreenProps | null | undefined,
  sessionError: { type: string; message: string; description: string } | null | undefined,
): ResolvedError | null {
  const type = queryType || passed?.type || sessionError?.type || null;
  const known = ErrorType.safeParse(type);
  if (known.success) return { type: known.data, ...ERROR_CATALOGUE[known.data] };
  if (passed?.message || passed?.description) {
    return {
      type,
      message: passed.message ?? DEFAULT_ERROR.message,
      description: passed.description ?? DEFAULT_ERROR.description,
    };
  }
  if (sessionError) return sessionError;
  if (type) return { type, ...DEFAULT_ERROR };
  return null;
}

function Description({ error }: { error: ResolvedError }) {
  if (error.type === 'update-billing') {
    return <AppLink to={settingsTab('plan')}>{error.description}</AppLink>;
  }
  if (error.type === 'update-payment') {
    return <AppLink to={settingsTab('billing')}>{error.description}</AppLink>;
  }
  return <>{error.description}</>;
}

/** The route: what navigation passed arrives in the history state. */
export default function ErrorScreen() {
  const passed = useHistoryState<ErrorScreenProps | null>();
  return <ErrorView {...passed} />;
}

/** The error page; props are what the screen that sent the user here passed along. */
export function ErrorView(props: ErrorScreenProps) {
  usePageTitle('Error');
  const search = useSearch();
  const session = useSession();
  const error = resolveError(new URLSearchParams(search).get('type'), props, session?.error);
  if (!error) return <Redirect to={paths.dashboard} replace />;

  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-2xl py-10">
      <div className="rounded-card border border-surface-border bg-surface p-8 shadow-card">
        <h1 id="error-heading" className="text-2xl font-semibold text-ink">
          An error has occurred
        </h1>
        <p className="mt-4 text-lg font-medium text-danger-fg">{error.message}</p>
        <p className="mt-2 text-ink-muted">
          <Description error={error} />
        </p>
        <SupportLine />
      </div>
    </section>
  );
}

function SupportLine(): React.ReactNode {
  return (
    <p className="mt-6 border-t border-surface-border pt-4 text-sm text-ink-muted">
      Find answers in our{' '}
      <Link href={links.faq} external>
        FAQ
      </Link>{' '}
      or contact <Link href={`mailto:${links.supportEmail}`}>{links.supportEmail}</Link>.
    </p>
  );
}
