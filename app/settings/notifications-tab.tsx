import { useState } from 'react';
import { EmailSettingsCard } from '@ui/portal/email-settings-card/email-settings-card';
import { EmailTemplateDialog } from '@ui/portal/email-template-dialog/email-template-dialog';
import { ScanNotificationsCard } from '@ui/portal/scan-notifications-card/scan-notifications-card';
import { UndeliveredEmails } from '@ui/portal/undelivered-emails/undelivered-emails';
import {
  ENROLLMENT_TEMPLATE_TYPE as TEMPLATE_TYPE,
  SCAN_REMINDER_TOPIC as SCAN_TOPIC,
} from '@domain/notifications';
import { messages } from '../messages/messages';
import {
  useEmailPreferences,
  useEmailTemplate,
  useNotificationPreferences,
  useUndeliveredEmails,
} from './use-notifications';

/**
 * The notifications tab (docs/product/notifications.md): e-mail settings, scan notifications and
 * the e-mails that could not be delivered.
 */
export function NotificationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <EmailSettings />
      <ScanNotifications />
      <UndeliveredEmailList />
    </div>
  );
}

function UndeliveredEmailList() {
  const { list, resend } = useUndeliveredEmails();
  const [resendingId, setResendingId] = useState<string | null>(null);
  return (
    <UndeliveredEmails
      emails={list.data?.emails}
      loadError={list.error && !list.data ? messages.undeliveredEmailsFailed : undefined}
      onRetry={() => void list.mutate()}
      resendingId={resendingId}
      onResend={(id) => {
        setResendingId(id);
        void resend.trigger(id).finally(() => setResendingId(null));
      }}
    />
  );
}

function EmailSettings() {
  const { data, error, isLoading, retry, update } = useEmailPreferences();
  const [templateOpen, setTemplateOpen] = useState(false);

  return (
    <>
      <EmailSettingsCard
        preferences={data ?? {}}
        loading={isLoading}
        error={error ? messages.emailPreferencesFailed : undefined}
        onRetry={retry}
        saving={update.busy}
        onChange={(partial) => update.trigger(partial)}
        onCustomiseEmail={() => setTemplateOpen(true)}
      />
      {templateOpen ? <TemplateEditor onClose={() => setTemplateOpen(false)} /> : null}
    </>
  );
}

function TemplateEditor({ onClose }: { onClose: () => void }) {
  const { data, isLoading, save } = useEmailTemplate(TEMPLATE_TYPE);
  if (isLoading) return null;

  return (
    <EmailTemplateDialog
      open
      onOpenChange={(open) => !open && !save.busy && onClose()}
      defaultSubject={data?.subject ?? ''}
      defaultBody={data?.body ?? ''}
      saving={save.busy}
      onSave={(input) => save.trigger(input, { onSuccess: onClose })}
    />
  );
}

function ScanNotifications() {
  const { data, error, isLoading, retry, update } = useNotificationPreferences(SCAN_TOPIC);

  return (
    <ScanNotificationsCard
      preferences={data}
      loading={isLoading}
      error={error ? messages.notificationPreferencesFailed : undefined}
      onRetry={retry}
      saving={update.busy}
      onChange={(next) => update.trigger(next)}
      reminders={data?.reminders}
    />
  );
}
