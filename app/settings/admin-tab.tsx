import { canResendInvite } from '@domain/admins';
import { Button } from '@ui/primitives/button/button';
import { InviteForm } from '@ui/portal/invite-form/invite-form';
import { Link } from '@ui/primitives/link/link';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { Card, CardHeader, CardTitle } from '@ui/primitives/card/card';
import { StatusList } from '@ui/primitives/status-list/status-list';
import { analytics } from '../analytics/instance';
import { links } from '../config';
import { emailError } from '../messages/email-error';
import { messages } from '../messages/messages';
import { useSession } from '../session/session';
import { relativeTime } from './relative-time';
import { useAdmins } from './use-admins';

/** The Administrators tab (docs/product/settings.md, 'Administrators'). */
export function AdminTab() {
  const session = useSession();
  const ssoEnabled = Boolean(session?.organization.ssoProvider);
  const { data, error, retry, invite, resend } = useAdmins();

  const now = new Date();
  const admins = error ? [] : (data?.admins ?? []);

  return (
    <Card aria-labelledby="admins-title">
      <CardHeader>
        <CardTitle id="admins-title">Administrators</CardTitle>
      </CardHeader>
      <InviteForm
        title="ADD ADMINS"
        headingLevel={3}
        submitLabel="Add"
        busyLabel="Adding..."
        validateEmail={emailError}
        onSubmit={async (values) => {
          analytics.track('addAdditionalAdmin');
          // A rejection keeps the typed values in the form for another try.
          await invite.trigger(values, { throwOnError: true });
        }}
        className="rounded-card border border-surface-border bg-surface-muted p-5"
      />
      {error && !data ? <LoadError message={messages.adminsFailed} onRetry={retry} /> : null}
      <StatusList
        aria-label="Administrators"
        emptyText={
          data
            ? 'No administrators yet.'
            : error
              ? 'No administrators to show.'
              : 'Loading administrators…'
        }
        items={admins.map((admin) => ({
          id: admin.email,
          primary: admin.name,
          secondary: admin.email,
          status: admin.inviteAccepted
            ? { label: 'Active', tone: 'success' as const }
            : { label: 'Invite pending', tone: 'warning' as const },
          action:
            admin.inviteAccepted || ssoEnabled ? undefined : canResendInvite(admin, now) ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  analytics.track('resendInvitations');
                  void resend.trigger(admin);
                }}
              >
                Resend
              </Button>
            ) : admin.inviteSentDate ? (
              <span className="text-sm text-ink-muted">
                Invite was sent {relativeTime(admin.inviteSentDate, now)}
              </span>
            ) : undefined,
        }))}
      />
      <p className="text-sm text-ink-muted">
        Administrators cannot be removed here. To remove one, e-mail{' '}
        <Link
          href={`mailto:${links.supportEmail}?subject=${encodeURIComponent('Remove an administrator')}`}
        >
          {links.supportEmail}
        </Link>
        .
      </p>
    </Card>
  );
}
