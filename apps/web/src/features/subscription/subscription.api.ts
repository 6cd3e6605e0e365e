import { useQuery } from '@tanstack/react-query';
import { plansReplySchema, trialReplySchema, type Plan, type TrialPlan } from '@tankha/contracts';
import { api } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';

export const plansKey = ['subscription-plans'] as const;
export const trialKey = (tenantId: string) => ['subscription-trial', tenantId] as const;

/** GET /Subscriptions/plans; the list is at data.data (platform §7.1). Quiet: the tab shows its own error. */
export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: async (): Promise<Plan[]> => (await api.get('/Subscriptions/plans', plansReplySchema, { quiet: true })).data.data,
  });
}

/**
 * GET /Subscriptions/tenants/{id}/trial, asked only while the session says the tenant is on trial;
 * null when the tenant has no trial.
 */
export function useTrial() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: trialKey(user.tenantId),
    queryFn: async (): Promise<TrialPlan | null> =>
      (await api.get(`/Subscriptions/tenants/${encodeURIComponent(user.tenantId)}/trial`, trialReplySchema, { quiet: true })).data,
    enabled: user.isTenantOnTrial,
  });
}
