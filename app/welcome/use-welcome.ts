import { emailAllMembers } from '@contract/members';
import { api } from '../api/api';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';

/** Beginning the trial e-mails every member their code (docs/product/billing.md, 'Welcome'). */
export function useEmailAllMembers() {
  return useMutation({
    action: 'emailAllMembers',
    run: () => api.call(emailAllMembers),
    failure: messages.emailAllMembersFailed,
  });
}
