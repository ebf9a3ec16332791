import useSWR from 'swr';
import { addAdmin, listAdmins, resendAdminInvite, type Admin } from '@contract/admins';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { withDetail } from './failure';

const adminsKey = swrKey(listAdmins);

/** The Administrators tab's data (docs/product/settings.md, 'Administrators'). */
export function useAdmins() {
  const { data, error, mutate } = useSWR(adminsKey, () => api.call(listAdmins), {
    revalidateOnFocus: false,
    onError: readFailure(listAdmins, messages.adminsFailed),
  });
  const invite = useMutation({
    action: 'addAdmin',
    run: (values: { name: string; email: string }) => api.call(addAdmin, { body: values }),
    revalidate: [adminsKey],
    success: (_answer, values) => messages.adminInvited(values.email),
    // The server says why (e.g. the address already administers an organization): after the
    // catalogued text, as for the other settings' failures.
    failure: (error) => withDetail(messages.addAdminFailed, error),
  });
  const resend = useMutation({
    action: 'resendAdminInvite',
    run: (admin: Admin) =>
      api.call(resendAdminInvite, { body: { name: admin.name, email: admin.email } }),
    revalidate: [adminsKey],
    success: (_answer, admin) => messages.emailSent(admin.email),
    failure: messages.sendEmailFailed,
  });
  return { data, error, retry: () => void mutate(), invite, resend };
}
