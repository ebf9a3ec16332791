import useSWR from 'swr';
import { addAdmin, listAdmins, resendAdminInvite, type Admin } from '@contract/admins';
import { canResendInvite } from '@domain/admins';
import { Button } from '@ui/button/button';
import { InviteForm } from '@ui/invite-form/invite-form';
import { Link } from '@ui/link/link';
import { StatusList } from '@ui/status-list/status-list';
import { analytics } from '../analytics/instance';
import { api } from '../api/api';
import { emailError } from '../auth/validation';
import { links } from '../config';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { useSession } from '../session/session';
import { relativeTime } from './relative-time';

/** The Administrators tab (spec 2.6, 4 "Admin invite"). */
export function AdminTab() {
  const session = useSession();
  const ssoEnabled = Boolean(session?.organization.ssoProvider);
  const { data, error, mutate } = useSWR('orgs/admins', () => api.call(listAdmins), {
    revalidateOnFocus: false,
    onError: () => notify.error(messages.adminsFailed),
  });

  async function invite(values: { name: string; email: string }) {
    analytics.track('addAdditionalAdmin');
    try {
      await api.call(addAdmin, { body: values });
      notify.success(messages.adminInvited(values.email));
      await mutate();
    } catch (e) {
      notify.error(messages.addAdminFailed);
      throw e;
    }
  }

  async function resend(admin: Admin) {
    analytics.track('resendInvitations');
    try {
      await api.call(resendAdminInvite, { body: { name: admin.name, email: admin.email } });
      notify.success(messages.emailSent(admin.email));
      await mutate();
    } catch {
      notify.error(messages.sendEmailFailed);
    }
  }

  const now = new Date();
  const admins = error ? [] : (data?.admins ?? []);

  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold text-ink">Administrators</h2>
      <InviteForm
        title="ADD ADMINS"
        headingLevel={3}
        submitLabel="Add"
        busyLabel="Adding..."
        validateEmail={emailError}
        onSubmit={invite}
        className="rounded-card border border-surface-border bg-surface p-5 shadow-card"
      />
      <StatusList
        aria-label="Administrators"
        emptyText={data ? 'No administrators yet.' : 'Loading administrators…'}
        items={admins.map((admin) => ({
          id: admin.email,
          primary: admin.name,
          secondary: admin.email,
          status: admin.inviteAccepted
            ? { label: 'Active', tone: 'success' as const }
            : { label: 'Invite pending', tone: 'warning' as const },
          action:
            admin.inviteAccepted || ssoEnabled ? undefined : canResendInvite(admin, now) ? (
              <Button size="sm" variant="outline" onClick={() => void resend(admin)}>
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
    </div>
  );
}
