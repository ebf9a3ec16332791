import useSWR from 'swr';
import {
  cancelPlan,
  deleteOrg,
  getBillingInfo,
  getPlanInfo,
  reactivatePlan,
} from '@contract/billing';
import { api } from '../api/api';
import { refreshSession } from '../data/refresh-session';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';

/* The billing and plan tabs' data (docs/product/billing.md). */

const swrOptions = { revalidateOnFocus: false } as const;

export const billingKeys = {
  billingInfo: swrKey(getBillingInfo),
  planInfo: swrKey(getPlanInfo),
};

/** The billing statement and the card on file. */
export function useBillingInfo() {
  return useSWR(billingKeys.billingInfo, () => api.call(getBillingInfo), {
    ...swrOptions,
    onError: readFailure(getBillingInfo, messages.billingInfoFailed),
  });
}

/**
 * The plan, its cancellation and reactivation, and the organization's deletion. A changed plan
 * changes the statement and the session's billing banner too.
 */
export function usePlan() {
  const { data, error, isLoading, mutate } = useSWR(
    billingKeys.planInfo,
    () => api.call(getPlanInfo),
    {
      ...swrOptions,
      onError: readFailure(getPlanInfo, messages.planInfoFailed),
    },
  );
  const afterPlanChange = {
    revalidate: [billingKeys.planInfo, billingKeys.billingInfo],
    onSuccess: () => refreshSession(),
  };
  const cancel = useMutation({
    action: 'cancelPlan',
    run: () => api.call(cancelPlan),
    success: messages.subscriptionCancelled,
    failure: messages.cancelPlanFailed,
    ...afterPlanChange,
  });
  const reactivate = useMutation({
    action: 'reactivatePlan',
    run: () => api.call(reactivatePlan),
    success: messages.subscriptionReactivated,
    failure: messages.reactivatePlanFailed,
    ...afterPlanChange,
  });
  const remove = useMutation({
    action: 'deleteOrg',
    run: () => api.call(deleteOrg),
    success: messages.organizationDeleted,
    failure: messages.deleteOrgFailed,
  });
  return { data, error, isLoading, retry: () => void mutate(), cancel, reactivate, remove };
}
