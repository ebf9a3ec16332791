import { useState } from 'react';
import useSWR from 'swr';
import {
  getEmailPreferences,
  getEmailTemplate,
  getNotificationPreferences,
  saveEmailTemplate,
  updateEmailPreferences,
  updateNotificationPreferences,
  type UpdateEmailPreferencesBody,
  type UpdateNotificationPreferencesBody,
} from '@contract/notifications';
import {
  ENROLLMENT_TEMPLATE_TYPE as TEMPLATE_TYPE,
  SCAN_REMINDER_TOPIC as SCAN_TOPIC,
} from '@domain/notifications';
import { EmailSettingsCard } from '@ui/email-settings-card/email-settings-card';
import { EmailTemplateDialog } from '@ui/email-template-dialog/email-template-dialog';
import { ScanNotificationsCard } from '@ui/scan-notifications-card/scan-notifications-card';
import { api } from '../api/api';
import { messages } from '../messages/messages';
import { notify } from '../messages/toasts';
import { prepareTemplate } from './email-template';

const swrOptions = { revalidateOnFocus: false } as const;

/** The notifications tab (spec 2.6): e-mail settings and device scan notifications. */
export function NotificationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <EmailSettings />
      <ScanNotifications />
    </div>
  );
}

function EmailSettings() {
  const { data, error, isLoading, mutate } = useSWR(
    'orgs/email-preferences',
    () => api.call(getEmailPreferences),
    { ...swrOptions, onError: () => notify.error(messages.emailPreferencesFailed) },
  );
  const [saving, setSaving] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);

  async function change(partial: UpdateEmailPreferencesBody) {
    setSaving(true);
    try {
      const answer = await api.call(updateEmailPreferences, {
        body: partial,
        skipGenericMessages: true,
      });
      await mutate(answer, { revalidate: false });
      notify.success(messages.emailPreferencesUpdated);
    } catch {
      notify.error(messages.updateEmailPreferencesFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <EmailSettingsCard
        preferences={data ?? {}}
        loading={isLoading}
        error={error ? messages.emailPreferencesFailed : undefined}
        saving={saving}
        onChange={change}
        onCustomiseEmail={() => setTemplateOpen(true)}
      />
      {templateOpen ? <TemplateEditor onClose={() => setTemplateOpen(false)} /> : null}
    </>
  );
}

function TemplateEditor({ onClose }: { onClose: () => void }) {
  const { data, isLoading, mutate } = useSWR(
    ['orgs/email-template', TEMPLATE_TYPE],
    () => api.call(getEmailTemplate, { query: { type: TEMPLATE_TYPE } }),
    { ...swrOptions, onError: () => notify.error(messages.emailTemplateFailed) },
  );
  const [saving, setSaving] = useState(false);
  if (isLoading) return null;

  return (
    <EmailTemplateDialog
      open
      onOpenChange={(open) => !open && !saving && onClose()}
      defaultSubject={data?.subject ?? ''}
      defaultBody={data?.body ?? ''}
      saving={saving}
      onSave={async (input) => {
        setSaving(true);
        try {
          const template = prepareTemplate(input);
          await api.call(saveEmailTemplate, {
            body: { type: TEMPLATE_TYPE, ...template },
            skipGenericMessages: true,
          });
          await mutate({ ...template }, { revalidate: false });
          notify.success(messages.emailTemplateUpdated);
          onClose();
        } catch {
          notify.error(messages.updateEmailTemplateFailed);
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}

function ScanNotifications() {
  const { data, error, isLoading, mutate } = useSWR(
    ['orgs/notifications-preferences', SCAN_TOPIC],
    () => api.call(getNotificationPreferences, { query: { topic: SCAN_TOPIC } }),
    { ...swrOptions, onError: () => notify.error(messages.notificationPreferencesFailed) },
  );
  const [saving, setSaving] = useState(false);

  async function change(next: UpdateNotificationPreferencesBody) {
    setSaving(true);
    try {
      const answer = await api.call(updateNotificationPreferences, {
        query: { topic: SCAN_TOPIC },
        body: next,
        skipGenericMessages: true,
      });
      await mutate(answer, { revalidate: false });
      notify.success(messages.notificationPreferencesUpdated);
    } catch {
      notify.error(messages.updateNotificationPreferencesFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <ScanNotificationsCard
      preferences={data}
      loading={isLoading}
      error={error ? messages.notificationPreferencesFailed : undefined}
      saving={saving}
      onChange={change}
    />
  );
}
